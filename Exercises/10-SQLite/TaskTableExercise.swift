// Exercise 10: Keep tasks in SQLite. Lesson: Course/Lessons/12-Performance.md
// Check it: swift run crudkit exercises check 10
// Types: Sources/ExerciseAPI/TaskTable.swift (TaskTable), Sources/SQLiteAccess/SQLiteConnection.swift, Sources/CRUDModels/TaskItem.swift
//
// The kit's SQLiteConnection runs SQL for you: db.execute(sql) for the schema,
// db.run(sql, values) for writes (it returns how many rows changed), and
// db.query(sql, values) { row in ... } for reads (row.text(0), row.optionalText(1),
// row.integer(2), row.uuid(3)). Bind every value with `?`.
import ExerciseAPI
import Foundation

public struct TaskTableExercise: TaskTable {
    public init() {}

    /// TODO: CREATE TABLE IF NOT EXISTS tasks (...), with an integer primary key that
    /// keeps the insertion order, and a column for every field of TaskItem.
    public func createTable(in db: SQLiteConnection) throws {
        throw CRUDError.notImplemented(operation: "Exercise 10: createTable")
    }

    /// TODO: INSERT the task, every value bound as a parameter.
    public func insert(_ task: TaskItem, into db: SQLiteConnection) throws {
        throw CRUDError.notImplemented(operation: "Exercise 10: insert")
    }

    /// TODO: SELECT every task in insertion order and turn each row into a TaskItem.
    public func all(in db: SQLiteConnection) throws -> [TaskItem] {
        throw CRUDError.notImplemented(operation: "Exercise 10: all")
    }

    /// TODO: UPDATE the row with the task's id; throw CRUDError.notFound(id:) if no row changed.
    public func update(_ task: TaskItem, in db: SQLiteConnection) throws {
        throw CRUDError.notImplemented(operation: "Exercise 10: update")
    }

    /// TODO: DELETE the row with `id`; throw CRUDError.notFound(id:) if no row changed.
    public func delete(id: UUID, in db: SQLiteConnection) throws {
        throw CRUDError.notImplemented(operation: "Exercise 10: delete")
    }
}
