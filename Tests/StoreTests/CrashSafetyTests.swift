import CRUDJSONFile
import CRUDJournal
import CRUDSQLite
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Kills a writing child process at random moments and checks that the store still opens,
/// is not corrupt, and holds every write the child acknowledged.
@Suite("Crash safety")
struct CrashSafetyTests {
    /// The crash-writer executable, built beside the test bundle.
    static var writerURL: URL? {
        if let override = ProcessInfo.processInfo.environment["CRUDKIT_CRASH_WRITER"] { return URL(fileURLWithPath: override) }
        return BuiltProduct.path("crash-writer").map(URL.init(fileURLWithPath:))
    }

    /// What the child acknowledged, parsed from its output.
    struct Acknowledged {
        var present: Set<UUID> = []
        var deleted: Set<UUID> = []

        mutating func read(_ line: Substring) {
            let words = line.split(separator: " ")
            guard let verb = words.first else { return }
            let ids = words.dropFirst().compactMap { UUID(uuidString: String($0)) }
            switch verb {
            case "create", "import": present.formUnion(ids)
            case "deleting": present.subtract(ids)  // may or may not happen before the kill
            case "delete":
                present.subtract(ids)
                deleted.formUnion(ids)
            default: break
            }
        }
    }

    @Test("SIGKILL at random moments loses no acknowledged write", arguments: ["json", "journal", "sqlite"])
    func killedWriter(kind: String) async throws {
        let writer = try #require(Self.writerURL, "crash-writer was not built beside the tests")
        let folder = try TemporaryFolder()
        let path = folder.file("store." + kind)
        // One seed fixes each round's writer seed and kill delay (what the writer gets done in
        // that delay still depends on the machine).
        let seed = try TestSeed()
        var random = seed.generator()
        var acknowledged = Acknowledged()
        // 30 rounds keep `swift test` quick; CRUDKIT_CRASH_ROUNDS=500 runs a long soak.
        let rounds = ProcessInfo.processInfo.environment["CRUDKIT_CRASH_ROUNDS"].flatMap { Int($0) } ?? 30
        try await seed.naming {
            for round in 0..<rounds {
                let process = try ChildProcess(writer.path, [kind, path, String(UInt64.random(in: 1...UInt64.max, using: &random))])
                // Let it write for a random while, from almost nothing to a few dozen writes.
                try await Task.sleep(for: .milliseconds(Int.random(in: 5...60, using: &random)))
                process.kill(SIGKILL)
                let (ending, text, _) = await process.finished()
                #expect(ending == .signalled(SIGKILL), "\(seed), round \(round): the writer stopped on its own (\(ending))")
                // A line cut off by the kill was never acknowledged.
                var lines = text.split(separator: "\n")
                if !text.hasSuffix("\n"), !lines.isEmpty { lines.removeLast() }
                for line in lines { acknowledged.read(line) }
                let store = try Self.open(kind, path)
                let ids = Set(try await store.tasks(TaskQuery()).map(\.id))
                let lost = acknowledged.present.subtracting(ids)
                let revived = acknowledged.deleted.intersection(ids)
                #expect(lost.isEmpty, "\(seed), round \(round): \(lost.count) acknowledged writes are missing after the kill")
                #expect(revived.isEmpty, "\(seed), round \(round): \(revived.count) acknowledged deletes came back")
                try await store.close()
            }
        }
        #expect(!acknowledged.present.isEmpty, "\(seed): the writer never acknowledged a write; the test proved nothing")
    }

    /// The store of `kind` at `path`. A journal may report a dropped torn line (a SIGKILL
    /// can stop a write between pages); the check that every acknowledged write is there
    /// decides whether dropping it was right.
    static func open(_ kind: String, _ path: String) throws -> any CRUDSpec {
        switch kind {
        case "json": return try JSONFileStore(path: path)
        case "journal": return try JournalStore(path: path)
        default: return try SQLiteStore(path: path)
        }
    }

    @Test("The JSON store's lock is released when the process holding it is killed")
    func lockReleasedOnKill() async throws {
        let writer = try #require(Self.writerURL)
        let folder = try TemporaryFolder()
        let path = folder.file("store.json")
        let process = try ChildProcess(writer.path, ["json", path, "7"])
        // Wait for the first acknowledged write: the child holds the lock from then on.
        _ = process.output?.availableData
        #expect(throws: CRUDError.storeLocked(path: path)) { try JSONFileStore(path: path, lockWait: .milliseconds(200)) }
        process.kill(SIGKILL)
        _ = await process.finished()
        let store = try JSONFileStore(path: path)
        await store.close()
    }
}
