// Exercise 17: The task list: empty states and delete confirmation. Lesson: Course/Lessons/16-Screens.md
// Check it: swift run crudkit exercises check 17
// Types: Sources/ScreenLogic/TaskListLogic.swift (ListEmptiness, DeleteFlowState, DeleteFlowEvent), Sources/CRUDViewModels/TaskListModel.swift (the model that runs it)
import ExerciseAPI
import Foundation

public struct TaskListExercise: TaskListLogic {
    public init() {}

    /// TODO: why a loaded list with no rows is empty: no tasks in the store at all, or none
    /// that passes the filter and search. `nil` before the first load and when it has rows.
    public func emptyState(loadedCount: Int, totalCount: Int, hasLoaded: Bool) throws -> ListEmptiness? {
        throw CRUDError.notImplemented(operation: "Exercise 17: emptyState")
    }

    /// TODO: move the delete flow on. A request waits for an answer (pending); Cancel drops
    /// it; Delete marks the row as deleting, and it stays until the store answers; the
    /// store's answer ends the deleting, with its message when it failed.
    public func reduce(_ state: DeleteFlowState, _ event: DeleteFlowEvent) throws -> DeleteFlowState {
        throw CRUDError.notImplemented(operation: "Exercise 17: reduce")
    }
}
