// Exercise 4: Delete a task. Lesson: Course/Lessons/07-Delete.md
// Check it: swift run crudkit exercises check 4
// Types: Sources/ExerciseAPI/TaskDeleting.swift, Sources/ExerciseAPI/TaskList.swift (TaskList), Sources/CRUDModels/CRUDError.swift
import ExerciseAPI
import Foundation

public struct TaskDeletingExercise: TaskDeleting {
    public init() {}

    /// TODO: remove exactly the task with `id` from `list.tasks`, or throw
    /// `CRUDError.notFound(id: id)` when no task has it.
    public func delete(id: UUID, in list: inout TaskList) throws {
        throw CRUDError.notImplemented(operation: "Exercise 4: delete")
    }
}
