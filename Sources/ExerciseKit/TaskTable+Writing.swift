import CRUDSpec
import Foundation
import SQLiteAccess

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
