import CRUDPostgres
import CRUDSpec
import Foundation

extension PostgresTaskTable {
    /// Creates the table in the session's schema if needed and reads every task, with the
    /// part's SQL and its mapping of rows.
    func open(in session: PostgresSession) throws -> TaskList {
        try Self.mapped {
            try session.execute(try createTable())
            return TaskList(tasks: try session.query(try selectAll()).map { try task(from: $0) })
        }
    }

    /// Writes the difference between two task lists with the part's statements, in one
    /// transaction: rows of tasks that are gone are deleted, changed ones updated, new ones
    /// inserted. An update or delete that changes no row is `CRUDError.notFound(id:)`, and
    /// nothing of the change is kept.
    func write(from old: TaskList, to new: TaskList, in session: PostgresSession) throws {
        try session.execute("BEGIN")
        do {
            try Self.mapped {
                let before = Dictionary(old.tasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                let after = Set(new.tasks.map(\.id))
                for task in old.tasks where !after.contains(task.id) {
                    try run(try delete(id: task.id), in: session, changing: task.id, what: "DELETE")
                }
                for task in new.tasks {
                    if let previous = before[task.id] {
                        if previous != task { try run(try update(task), in: session, changing: task.id, what: "UPDATE") }
                    } else {
                        try run(try insert(task), in: session, changing: nil, what: "INSERT")
                    }
                }
            }
            try session.execute("COMMIT")
        } catch {
            try? session.execute("ROLLBACK")
            throw error
        }
    }

    /// Runs one statement of the part; it must change one row. An UPDATE or DELETE of
    /// `id` that changes none means the row was not there.
    private func run(_ statement: PostgresStatement, in session: PostgresSession, changing id: UUID?, what: String) throws {
        let changed = try session.run(statement.sql, statement.parameters)
        if changed == 0, let id { throw CRUDError.notFound(id: id) }
        guard changed == 1 else {
            throw CRUDError.storeUnavailable(path: "the PostgreSQL task table: the \(what) of one task changed \(changed) rows, not 1")
        }
    }

    /// Runs `body`: an error that is not a `CRUDError` (a student's own) is reported as the
    /// store being unavailable, with its description.
    private static func mapped<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CRUDError {
            throw error
        } catch {
            throw CRUDError.storeUnavailable(path: "the PostgreSQL task table: \(error)")
        }
    }
}
