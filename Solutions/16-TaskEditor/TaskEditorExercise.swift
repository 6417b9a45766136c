import ExerciseAPI
import Foundation

public struct TaskEditorExercise: TaskEditorLogic {
    public init() {}

    public func reduce(_ state: TaskEditorState, _ event: TaskEditorEvent) throws -> TaskEditorState {
        var next = state
        switch event {
        case .typedTitle(let title):
            next.title = title
            next.titleEdited = true
        case .typedNotes(let notes):
            next.notes = notes
            next.notesEdited = true
        case .savePressed(let draftIsValid):
            next.saveAttempted = true
            let open = state.closed == nil && !state.isSaving && !state.isDeletedMeanwhile
            if draftIsValid && open {
                next.isSaving = true
                next.errorMessage = nil
            }
        case .saveSucceeded(let title, let notes):
            next.isSaving = false
            next.storedTitle = title
            next.storedNotes = notes
            next.closed = .saved
        case .saveFailed(let message):
            next.isSaving = false
            next.errorMessage = message
        case .deletedMeanwhile(let message):
            next.isSaving = false
            next.isDeletedMeanwhile = true
            next.errorMessage = message
        case .cancelPressed:
            if state.closed != nil { break }
            if state.hasChanges {
                next.isAskingToDiscard = true
            } else {
                next.closed = .discarded
            }
        case .discardConfirmed:
            if state.isAskingToDiscard {
                next.isAskingToDiscard = false
                next.closed = .discarded
            }
        case .keepEditing:
            next.isAskingToDiscard = false
        }
        return next
    }
}
