import Foundation

/// Everything an exercise store holds, as one value to save and load.
public struct StoreSnapshot: Sendable, Equatable, Codable {
    public var tasks: TaskList
    public var contacts: ContactList

    public init(tasks: TaskList = TaskList(), contacts: ContactList = ContactList()) {
        self.tasks = tasks
        self.contacts = contacts
    }
}

/// Exercise 9: keep the store in a file, so it survives closing and opening again.
public protocol StoreFile: Sendable {
    /// Writes `snapshot` to `path` so that a crash mid-write leaves either the old file or
    /// the new one, never a mix.
    func save(_ snapshot: StoreSnapshot, to path: String) throws
    /// Reads the file at `path`; a missing file is an empty store.
    func load(from path: String) throws -> StoreSnapshot
}
