// Exercise 15: Keep tasks in PostgreSQL. Lesson: Course/Lessons/15-ClientServerStorage.md
// Check it: swift run crudkit exercises check 15
// Types: Sources/ExerciseAPI/PostgresTaskTable.swift (PostgresTaskTable, PostgresStatement), Sources/CRUDModels/TaskItem.swift
//
// You write SQL text and read rows; you never touch a connection. The grader runs your
// SQL on a PostgreSQL server (a throwaway one the kit starts, logged in as a role that owns
// one schema and may do nothing else; or, with CRUDKIT_POSTGRES_URL, as that URL's user),
// binds each parameter's text to $1, $2…, and gives you each row as text ("t"/"f" for a
// BOOLEAN, digits for a BIGINT, nil for NULL). Without PostgreSQL on this machine the
// checks are "n/a": not passed, not failed, and worth no points until they can run.
import ExerciseAPI
import Foundation

public struct PostgresTaskTableExercise: PostgresTaskTable {
    public init() {}

    /// TODO: CREATE TABLE IF NOT EXISTS tasks (...), with a BIGSERIAL (or identity) primary
    /// key that keeps the insertion order, and a column for every field of TaskItem.
    public func createTable() throws -> String {
        throw CRUDError.notImplemented(operation: "Exercise 15: createTable")
    }

    /// TODO: INSERT the task: $1, $2… in the SQL, each value's text in parameters.
    public func insert(_ task: TaskItem) throws -> PostgresStatement {
        throw CRUDError.notImplemented(operation: "Exercise 15: insert")
    }

    /// TODO: SELECT every task's columns, in insertion order.
    public func selectAll() throws -> String {
        throw CRUDError.notImplemented(operation: "Exercise 15: selectAll")
    }

    /// TODO: turn one row of selectAll() into a TaskItem (row[0] is the first column).
    public func task(from row: [String?]) throws -> TaskItem {
        throw CRUDError.notImplemented(operation: "Exercise 15: task(from:)")
    }

    /// TODO: UPDATE the row with the task's id; the grader reports notFound when it changes no row.
    public func update(_ task: TaskItem) throws -> PostgresStatement {
        throw CRUDError.notImplemented(operation: "Exercise 15: update")
    }

    /// TODO: DELETE the row with `id`; the grader reports notFound when it changes no row.
    public func delete(id: UUID) throws -> PostgresStatement {
        throw CRUDError.notImplemented(operation: "Exercise 15: delete")
    }
}
