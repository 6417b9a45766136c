import CRUDSQLite
import CRUDSpec
import Foundation

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

extension TaskTable {
    /// Opens the table in `db` (creating it if needed) and reads every task.
    func open(in db: SQLiteConnection) throws -> TaskList {
        try createTable(in: db)
        return TaskList(tasks: try all(in: db))
    }

    /// Writes the difference between two task lists as table operations, in one transaction:
    /// rows of tasks that are gone are deleted, changed ones updated, new ones inserted.
    func write(from old: TaskList, to new: TaskList, in db: SQLiteConnection) throws(CRUDError) {
        try db.transaction { () throws(CRUDError) in
            try Self.mapped {
                let before = Dictionary(old.tasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                let after = Set(new.tasks.map(\.id))
                for task in old.tasks where !after.contains(task.id) { try delete(id: task.id, in: db) }
                for task in new.tasks {
                    if let previous = before[task.id] {
                        if previous != task { try update(task, in: db) }
                    } else {
                        try insert(task, into: db)
                    }
                }
            }
        }
    }

    /// Runs `body` for a typed-throws transaction: an error that is not a `CRUDError` (a
    /// student's own) is reported as the store being unavailable, with its description.
    private static func mapped(_ body: () throws -> Void) throws(CRUDError) {
        do {
            try body()
        } catch let error as CRUDError {
            throw error
        } catch {
            throw .storeUnavailable(path: "the task table: \(error)")
        }
    }
}
