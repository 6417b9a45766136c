// Exercise 5: Filter, search, sort and page. Lesson: Course/Lessons/05-Read.md
// Check it: swift run crudkit exercises check 5
// Types: Sources/ExerciseAPI/TaskQuerying.swift, Sources/CRUDModels/TaskQuery.swift, Sources/CRUDModels/TextKey.swift
import ExerciseAPI
import Foundation

public struct TaskQueryingExercise: TaskQuerying {
    public init() {}

    /// TODO: return the tasks of `query`, from `list.tasks` (oldest first):
    /// 1. Keep the tasks that pass `query.filter` and whose title contains the search
    ///    term (`query.effectiveSearch`), ignoring case and accents, literally.
    /// 2. Order them: `.newestFirst` (createdAt descending, later position first on ties)
    ///    or `.title` (case-folded title, then exact title, then earlier position).
    /// 3. Skip `query.offset` of them, then keep at most `query.limit` (nil: all).
    public func run(_ query: TaskQuery, on list: TaskList) throws -> [TaskItem] {
        throw CRUDError.notImplemented(operation: "Exercise 5: run(query)")
    }
}
