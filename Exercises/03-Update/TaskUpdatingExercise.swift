// Exercise 3: Update a task in place. Lesson: Course/Lessons/06-Update.md
// Check it: swift run crudkit exercises check 3
// Types: Sources/ExerciseAPI/TaskUpdating.swift, Sources/ExerciseAPI/TaskList.swift (TaskList), Sources/CRUDModels/TaskItem.swift
import ExerciseAPI
import Foundation

public struct TaskUpdatingExercise: TaskUpdating {
    public init() {}

    /// TODO: find the task with `id` in `list.tasks` (throw `CRUDError.notFound(id: id)`
    /// if there is none), apply `change` to it in the array, set its `updatedAt` to `now`,
    /// and return it. Never change its id or createdAt; never add a task.
    public func update(id: UUID, now: Date, in list: inout TaskList, _ change: (inout TaskItem) -> Void) throws -> TaskItem {
        throw CRUDError.notImplemented(operation: "Exercise 3: update")
    }
}
