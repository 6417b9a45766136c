import CRUDJSONFile
import CRUDSpec
import Foundation
import Synchronization
import Testing

@Suite("JSON file store")
struct JSONFileStoreTests {
    @Test("The file is readable JSON: format, version, sorted keys, lowercase ids, ISO dates with milliseconds")
    func fileFormat() async throws {
        let folder = try TemporaryFolder()
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_767_260_700.25))
        let store = try JSONFileStore(path: folder.file("store.json"), clock: clock)
        let task = try await store.createTask(title: "Buy milk", notes: nil)
        _ = try await store.createContact(name: "Ada", email: "Ada@Example.org", phone: nil)
        await store.close()
        let text = try String(contentsOfFile: folder.file("store.json"), encoding: .utf8)
        #expect(text.contains(#""format" : "crudkit""#))
        #expect(text.contains(#""version" : 1"#))
        #expect(text.contains(#""createdAt" : "2026-01-01T09:45:00.250Z""#))
        #expect(text.contains(#""id" : "\#(task.id.uuidString.lowercased())""#))
        #expect(text.contains(#""email" : "ada@example.org""#))
        let keys = ["contacts", "format", "tasks", "version"].compactMap { text.range(of: "\n  \"\($0)\"")?.lowerBound }
        #expect(keys.count == 4 && keys == keys.sorted(), "top-level keys are not sorted")
    }

    @Test("A missing file is an empty store, created on the first write")
    func missingFile() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("nested/deeper/store.json")
        let store = try JSONFileStore(path: path)
        #expect(try await store.countTasks(TaskQuery()) == 0)
        #expect(!FileManager.default.fileExists(atPath: path))
        _ = try await store.createTask(title: "First", notes: nil)
        #expect(FileManager.default.fileExists(atPath: path))
        await store.close()
    }

    @Test(
        "A file that is not a CRUDKit store is reported as corrupt and left byte for byte",
        arguments: [
            "not json at all", "", "{}", #"{"format": "other-app", "version": 1, "tasks": [], "contacts": []}"#,
            #"{"format": "crudkit", "version": 2, "tasks": [], "contacts": []}"#,
            #"{"format": "crudkit", "version": 1, "tasks": [{"id": "nope"}], "contacts": []}"#,
            #"{"format": "crudkit", "version": 1, "tasks": [], "contacts": [{"id": "8E0D3C8B-1E37-4C0F-9E2B-3A1F5C6D7E80", "name": "A", "email": "a@x.org", "createdAt": "2026-01-01T00:00:00.000Z", "updatedAt": "2026-01-01T00:00:00.000Z"}, {"id": "9E0D3C8B-1E37-4C0F-9E2B-3A1F5C6D7E80", "name": "B", "email": "a@x.org", "createdAt": "2026-01-01T00:00:00.000Z", "updatedAt": "2026-01-01T00:00:00.000Z"}]}"#,
            "[1, 2, 3]\n",
        ])
    func corruptFile(content: String) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(content, to: "store.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: CRUDError.corruptStore(path: path)) { try JSONFileStore(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        // Reporting the corruption releases the lock, so a repaired file can be opened.
        try Data(#"{"format": "crudkit", "version": 1, "tasks": [], "contacts": []}"#.utf8).write(to: URL(fileURLWithPath: path))
        _ = try JSONFileStore(path: path)
    }

    @Test("A second open of an open file waits for its bound, then is refused with storeLocked; after the first closes it opens")
    func lock() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.json")
        let first = try JSONFileStore(path: path)
        let started = ContinuousClock.now
        #expect(throws: CRUDError.storeLocked(path: path)) { try JSONFileStore(path: path, lockWait: .milliseconds(300)) }
        let waited = ContinuousClock.now - started
        // Under the default of ten seconds: the bound given is the one used (not a speed target).
        #expect(waited >= .milliseconds(300) && waited < .seconds(9), "the refused open waited \(waited), expected 300 ms")
        await #expect(throws: CRUDError.storeLocked(path: path)) { try await JSONFileStore.open(path: path, lockWait: .milliseconds(100)) }
        await first.close()
        let second = try JSONFileStore(path: path, lockWait: .zero)
        await second.close()
    }

    @Test("By default a second opener waits (ten seconds at most) and opens as soon as the first closes, with its writes")
    func defaultWait() async throws {
        #expect(LockWait.standard == .seconds(10))
        let folder = try TemporaryFolder()
        let path = folder.file("store.json")
        let first = try JSONFileStore(path: path)
        let task = try await first.createTask(title: "Written first", notes: nil)
        let closing = Mutex(false)
        let opening = Task {
            let store = try await JSONFileStore.open(path: path)
            return (store, openedAfterClose: closing.withLock { $0 })
        }
        try await Task.sleep(for: .seconds(1))
        closing.withLock { $0 = true }
        await first.close()
        let (second, openedAfterClose) = try await opening.value
        #expect(openedAfterClose, "the second opener opened while the first still had the file")
        #expect(try await second.task(id: task.id).title == "Written first")
        await second.close()
    }

    @Test("Rejected operations do not touch the file, and no temporary files are left behind")
    func rejectedWrites() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.json")
        let store = try JSONFileStore(path: path)
        let task = try await store.createTask(title: "Keep", notes: nil)
        _ = try await store.createContact(name: "Ada", email: "ada@example.com", phone: nil)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        await #expect(throws: CRUDError.self) { try await store.importTasks(titles: ["ok", ""]) }
        await #expect(throws: CRUDError.self) { try await store.renameTask(id: task.id, to: " ") }
        await #expect(throws: CRUDError.self) { try await store.createContact(name: "Dup", email: "ADA@example.com", phone: nil) }
        await #expect(throws: CRUDError.self) { try await store.deleteTask(id: UUID()) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try folder.contents() == ["store.json", "store.json.lock"])
        await store.close()
    }

    @Test("A closed store refuses further use")
    func closed() async throws {
        let folder = try TemporaryFolder()
        let store = try JSONFileStore(path: folder.file("store.json"))
        await store.close()
        await #expect(throws: CRUDError.self) { try await store.createTask(title: "Late", notes: nil) }
    }
}
