// Exercise 2: Create and read tasks. Lesson: Course/Lessons/04-Create.md
// Check it: swift run crudkit exercises check 2
// Types: Sources/ExerciseAPI/TaskCreating.swift, Sources/ExerciseAPI/TaskList.swift (TaskList), Sources/CRUDModels/TaskItem.swift
import ExerciseAPI
import Foundation

public struct TaskCreatingExercise: TaskCreating {
    public init() {}

    /// TODO: make a new task (fresh id, not completed, created and updated `now`),
    /// append it to `list.tasks`, and return it. Title and notes are already validated.
    public func create(title: String, notes: String?, now: Date, in list: inout TaskList) throws -> TaskItem {
        throw CRUDError.notImplemented(operation: "Exercise 2: create")
    }

    /// TODO: return the task with this id, or throw `CRUDError.notFound(id: id)`.
    public func task(id: UUID, in list: TaskList) throws -> TaskItem {
        throw CRUDError.notImplemented(operation: "Exercise 2: task(id:)")
    }

    /// TODO: every task, newest `createdAt` first. Tasks created at the same instant:
    /// the one created later (later in the array) comes first.
    public func newestFirst(_ list: TaskList) throws -> [TaskItem] {
        throw CRUDError.notImplemented(operation: "Exercise 2: newestFirst")
    }
}
