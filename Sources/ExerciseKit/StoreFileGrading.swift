import CRUDConformance
import CRUDSpec
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Grading of what Exercise 9's TODO asks beyond the store rules: a save that replaces the
/// file instead of rewriting it in place.
///
/// A save cut short (a kill, a full disk) must leave the previous snapshot whole. Which way
/// a save writes shows without killing anything: a hard link made to the file before the
/// save still names the old file afterwards. Rewritten in place (`Data.write(to:)` without
/// `.atomic`), the old file now holds the new bytes, and a save cut short would have left
/// it half written; replaced (a temporary file renamed over it), it still holds the old ones.
enum StoreFileGrading {
    /// The rule's ID: an exercise's own rule, not one of the specification's.
    static let atomicSave = "STORE-FILE-001"

    /// The rule `id` of the exercises' own, checking the parts of `submission`; nil for any other ID.
    /// Its files go in a folder under `workFolder` (the system's temporary folder when nil).
    static func rule(id: String, submission: ExerciseParts, workFolder: String?) -> Rule? {
        guard id == atomicSave else { return nil }
        let storeFile = submission.storeFile
        return Rule(
            atomicSave,
            statement: "Saving writes a new file and renames it over the store: the old file is never rewritten in place.",
            reason: "A save that is cut short (a crash, a kill, a full disk) must leave the last snapshot whole, not half of a new one.",
            hint:
                "Write the JSON to a temporary file in the same folder, then rename it over the path (or Data.write(to:options: .atomic))."
        ) { _ in
            try check(storeFile, in: workFolder.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory)
        }
    }

    private static func check(_ storeFile: any StoreFile, in parent: URL) throws {
        let folder = parent.appendingPathComponent("crudkit-store-file-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (path, witness) = (folder + "/store.json", folder + "/witness-of-the-old-file")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = StoreSnapshot(
            tasks: TaskList(tasks: [TaskItem(id: UUID(), title: "Before", notes: nil, isCompleted: false, createdAt: now, updatedAt: now)]))
        var second = first
        second.tasks.tasks.append(TaskItem(id: UUID(), title: "After", notes: nil, isCompleted: false, createdAt: now, updatedAt: now))
        try saving(first, to: path, with: storeFile)
        guard let before = FileManager.default.contents(atPath: path) else {
            throw CheckFailure(step: "save(one task, to: store.json)", expected: "store.json exists", actual: "no file at the path")
        }
        guard link(path, witness) == 0 else {
            throw CheckFailure(
                step: "link store.json (the grader's own step)", expected: "a hard link", actual: String(cString: strerror(errno)))
        }
        try saving(second, to: path, with: storeFile)
        if FileManager.default.contents(atPath: witness) != before {
            throw CheckFailure(
                step: "save(two tasks, to: store.json) over the saved file",
                expected: "a new file renamed over store.json; the old file, which a hard link still names, unchanged",
                actual: "the old file was rewritten in place: a save cut short there leaves a half-written store")
        }
        let loaded: StoreSnapshot
        do {
            loaded = try storeFile.load(from: path)
        } catch {
            throw CheckFailure(step: "load(from: store.json) after the second save", expected: "two tasks", actual: Show.error(error))
        }
        guard loaded.tasks.tasks.map(\.title) == ["Before", "After"] else {
            throw CheckFailure(
                step: "load(from: store.json) after the second save", expected: "the tasks Before and After",
                actual: "\(loaded.tasks.tasks.map(\.title))")
        }
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0 != "store.json" && $0 != "witness-of-the-old-file"
        }
        guard left.isEmpty else {
            throw CheckFailure(
                step: "the store's folder after two saves", expected: "only store.json",
                actual: "also \(left.sorted().joined(separator: ", "))")
        }
    }

    private static func saving(_ snapshot: StoreSnapshot, to path: String, with storeFile: any StoreFile) throws {
        do {
            try storeFile.save(snapshot, to: path)
        } catch {
            throw CheckFailure(
                step: "save(\(snapshot.tasks.tasks.count) tasks, to: store.json)", expected: "the file saved", actual: Show.error(error))
        }
    }
}
