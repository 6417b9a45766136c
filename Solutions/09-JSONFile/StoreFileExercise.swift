import ExerciseAPI
import Foundation

public struct StoreFileExercise: StoreFile {
    public init() {}

    private struct Document: Codable {
        var tasks: [TaskItem]
        var contacts: [Contact]
    }

    public func save(_ snapshot: StoreSnapshot, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(Document(tasks: snapshot.tasks.tasks, contacts: snapshot.contacts.contacts))
        // .atomic writes a temporary file beside the store and renames it over the store.
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    public func load(from path: String) throws -> StoreSnapshot {
        guard FileManager.default.fileExists(atPath: path) else { return StoreSnapshot() }
        let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        return StoreSnapshot(tasks: TaskList(tasks: document.tasks), contacts: ContactList(contacts: document.contacts))
    }
}
