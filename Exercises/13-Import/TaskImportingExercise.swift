// Exercise 13: Import all or nothing. Lesson: Course/Lessons/09-Errors.md
// Check it: swift run crudkit exercises check 13
// Types: Sources/ExerciseAPI/TaskImporting.swift, Sources/ExerciseAPI/TaskList.swift (TaskList), Sources/CRUDModels/CRUDError.swift (ValidationFailure)
import ExerciseAPI
import Foundation

public struct TaskImportingExercise: TaskImporting {
    public init() {}

    /// TODO: validate every title with `validate` first. If one is refused, throw its
    /// validation error with `position` set to its 1-based place in `titles`, and leave
    /// `list` exactly as it was. Otherwise append one new task per title, in order, all
    /// created (and updated) at `now`, and return them.
    public func importTitles(_ titles: [String], now: Date, validate: (String) throws -> String, into list: inout TaskList) throws
        -> [TaskItem]
    {
        throw CRUDError.notImplemented(operation: "Exercise 13: importTitles")
    }
}
