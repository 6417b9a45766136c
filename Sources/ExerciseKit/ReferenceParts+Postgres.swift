import CRUDSpec
import Foundation

/// The reference's PostgreSQL task table (Exercise 15): an identity key for the insertion
/// order, the id as a uuid, dates as BIGINT milliseconds, every value a `$n` parameter.
extension ReferenceParts: PostgresTaskTable {
    private static let postgresColumns = "id, title, notes, is_completed, created_at, updated_at"

    func createTable() throws -> String {
        """
        CREATE TABLE IF NOT EXISTS tasks (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, id uuid NOT NULL UNIQUE, title text NOT NULL, notes text,
            is_completed boolean NOT NULL, created_at bigint NOT NULL, updated_at bigint NOT NULL)
        """
    }

    func insert(_ task: TaskItem) throws -> PostgresStatement {
        PostgresStatement(sql: "INSERT INTO tasks (\(Self.postgresColumns)) VALUES ($1, $2, $3, $4, $5, $6)", parameters: Self.texts(task))
    }

    func selectAll() throws -> String {
        "SELECT \(Self.postgresColumns) FROM tasks ORDER BY seq"
    }

    func task(from row: [String?]) throws -> TaskItem {
        guard row.count == 6, let id = row[0].flatMap(UUID.init(uuidString:)), let title = row[1],
            let completed = row[3], let created = row[4].flatMap(Int64.init), let updated = row[5].flatMap(Int64.init)
        else { throw CRUDError.corruptStore(path: "a row of the PostgreSQL task table: \(row)") }
        return TaskItem(
            id: id, title: title, notes: row[2], isCompleted: completed == "t", createdAt: Timestamp.date(milliseconds: created),
            updatedAt: Timestamp.date(milliseconds: updated))
    }

    func update(_ task: TaskItem) throws -> PostgresStatement {
        PostgresStatement(
            sql: "UPDATE tasks SET title = $2, notes = $3, is_completed = $4, created_at = $5, updated_at = $6 WHERE id = $1",
            parameters: Self.texts(task))
    }

    func delete(id: UUID) throws -> PostgresStatement {
        PostgresStatement(sql: "DELETE FROM tasks WHERE id = $1", parameters: [id.uuidString])
    }

    /// The task's fields as the text of `$1`…`$6`, in the order of `postgresColumns`.
    private static func texts(_ task: TaskItem) -> [String?] {
        [
            task.id.uuidString, task.title, task.notes, task.isCompleted ? "true" : "false",
            String(Timestamp.milliseconds(task.createdAt)), String(Timestamp.milliseconds(task.updatedAt)),
        ]
    }
}
