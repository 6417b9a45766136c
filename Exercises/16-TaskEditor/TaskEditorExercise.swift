// Exercise 16: Edit a task: draft, validation, failed save, cancel. Lesson: Course/Lessons/17-EditingAndErrors.md
// Check it: swift run crudkit exercises check 16
// Types: Sources/ScreenLogic/TaskEditorLogic.swift (TaskEditorState, TaskEditorEvent), Sources/CRUDViewModels/TaskEditorModel.swift (the model that runs it)
import ExerciseAPI
import Foundation

public struct TaskEditorExercise: TaskEditorLogic {
    public init() {}

    /// TODO: return what the editor shows after `event`. Typing changes the field and marks
    /// it edited; Save starts (isSaving) only for a valid draft on an open editor that is not
    /// saving and whose task still exists; a failed save keeps the draft as typed and shows
    /// the message; Cancel closes at once without changes and asks first with them.
    public func reduce(_ state: TaskEditorState, _ event: TaskEditorEvent) throws -> TaskEditorState {
        throw CRUDError.notImplemented(operation: "Exercise 16: reduce")
    }
}
