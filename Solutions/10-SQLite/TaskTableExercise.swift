import ExerciseAPI
import Foundation

public struct TaskTableExercise: TaskTable {
    public init() {}

    public func createTable(in db: SQLiteConnection) throws {
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS tasks (
                seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, title TEXT NOT NULL, notes TEXT,
                is_completed INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)
            """)
    }

    public func insert(_ task: TaskItem, into db: SQLiteConnection) throws {
        try db.run(
            "INSERT INTO tasks (id, title, notes, is_completed, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            [
                .text(task.id.uuidString), .text(task.title), task.notes.map { .text($0) } ?? .null, .integer(task.isCompleted ? 1 : 0),
                .integer(Timestamp.milliseconds(task.createdAt)), .integer(Timestamp.milliseconds(task.updatedAt)),
            ])
    }

    public func all(in db: SQLiteConnection) throws -> [TaskItem] {
        try db.query("SELECT id, title, notes, is_completed, created_at, updated_at FROM tasks ORDER BY seq") { row throws(CRUDError) in
            guard let id = row.uuid(0) else { throw .corruptStore(path: db.path) }
            return TaskItem(
                id: id, title: row.text(1), notes: row.optionalText(2), isCompleted: row.integer(3) == 1,
                createdAt: Timestamp.date(milliseconds: row.integer(4)), updatedAt: Timestamp.date(milliseconds: row.integer(5)))
        }
    }

    public func update(_ task: TaskItem, in db: SQLiteConnection) throws {
        let changed = try db.run(
            "UPDATE tasks SET title = ?, notes = ?, is_completed = ?, updated_at = ? WHERE id = ?",
            [
                .text(task.title), task.notes.map { .text($0) } ?? .null, .integer(task.isCompleted ? 1 : 0),
                .integer(Timestamp.milliseconds(task.updatedAt)), .text(task.id.uuidString),
            ])
        if changed == 0 { throw CRUDError.notFound(id: task.id) }
    }

    public func delete(id: UUID, in db: SQLiteConnection) throws {
        if try db.run("DELETE FROM tasks WHERE id = ?", [.text(id.uuidString)]) == 0 { throw CRUDError.notFound(id: id) }
    }
}
