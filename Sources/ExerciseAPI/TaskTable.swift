import Foundation
import SQLiteAccess

/// Exercise 10: keep tasks in an SQLite table, through the kit's thin connection wrapper.
/// You write the SQL and the mapping between rows and `TaskItem`s.
public protocol TaskTable: Sendable {
    /// Creates the table if it does not exist yet (the store may be opened again later).
    func createTable(in db: SQLiteConnection) throws
    /// Inserts a new task.
    func insert(_ task: TaskItem, into db: SQLiteConnection) throws
    /// Every task, in the order they were inserted (oldest first).
    func all(in db: SQLiteConnection) throws -> [TaskItem]
    /// Writes every field of `task` to the row with its id; `CRUDError.notFound` if none.
    func update(_ task: TaskItem, in db: SQLiteConnection) throws
    /// Deletes the row with `id`; `CRUDError.notFound(id:)` if none.
    func delete(id: UUID, in db: SQLiteConnection) throws
}
