import ExerciseAPI
import Foundation

public struct PostgresTaskTableExercise: PostgresTaskTable {
    public init() {}

    public func createTable() throws -> String {
        """
        CREATE TABLE IF NOT EXISTS tasks (
            seq BIGSERIAL PRIMARY KEY,
            id UUID NOT NULL UNIQUE,
            title TEXT NOT NULL,
            notes TEXT,
            is_completed BOOLEAN NOT NULL,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        )
        """
    }

    public func insert(_ task: TaskItem) throws -> PostgresStatement {
        PostgresStatement(
            sql: "INSERT INTO tasks (id, title, notes, is_completed, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6)",
            parameters: [
                task.id.uuidString, task.title, task.notes, task.isCompleted ? "true" : "false", millis(task.createdAt),
                millis(task.updatedAt),
            ])
    }

    public func selectAll() throws -> String {
        "SELECT id, title, notes, is_completed, created_at, updated_at FROM tasks ORDER BY seq"
    }

    public func task(from row: [String?]) throws -> TaskItem {
        guard row.count == 6, let idText = row[0], let id = UUID(uuidString: idText), let title = row[1],
            let createdText = row[4], let created = Int64(createdText), let updatedText = row[5], let updated = Int64(updatedText)
        else { throw CRUDError.corruptStore(path: "tasks row \(row)") }
        return TaskItem(
            id: id, title: title, notes: row[2], isCompleted: row[3] == "t", createdAt: Timestamp.date(milliseconds: created),
            updatedAt: Timestamp.date(milliseconds: updated))
    }

    public func update(_ task: TaskItem) throws -> PostgresStatement {
        PostgresStatement(
            sql: "UPDATE tasks SET title = $1, notes = $2, is_completed = $3, updated_at = $4 WHERE id = $5",
            parameters: [task.title, task.notes, task.isCompleted ? "true" : "false", millis(task.updatedAt), task.id.uuidString])
    }

    public func delete(id: UUID) throws -> PostgresStatement {
        PostgresStatement(sql: "DELETE FROM tasks WHERE id = $1", parameters: [id.uuidString])
    }

    private func millis(_ date: Date) -> String {
        String(Timestamp.milliseconds(date))
    }
}
