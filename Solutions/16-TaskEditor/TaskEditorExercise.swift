import ExerciseAPI
import Foundation

public struct TaskEditorExercise: TaskEditorLogic {
    public init() {}

    public func reduce(_ state: TaskEditorState, _ event: TaskEditorEvent) throws -> TaskEditorState {
        var editor = state
        switch event {
        case .typedTitle(let text): (editor.title, editor.titleEdited) = (text, true)
        case .typedNotes(let text): (editor.notes, editor.notesEdited) = (text, true)
        case .savePressed(let valid): editor.pressSave(valid: valid)
        case .saveSucceeded(let title, let notes): editor.finishSave(title: title, notes: notes)
        case .saveFailed(let message): editor.stopSave(showing: message, taskGone: false)
        case .deletedMeanwhile(let message): editor.stopSave(showing: message, taskGone: true)
        case .cancelPressed: editor.pressCancel()
        case .discardConfirmed where editor.isAskingToDiscard: (editor.isAskingToDiscard, editor.closed) = (false, .discarded)
        case .discardConfirmed: break
        case .keepEditing: editor.isAskingToDiscard = false
        }
        return editor
    }
}

extension TaskEditorState {
    /// Save always shows every message from now on; it asks the store only for a valid
    /// draft in an open editor that is idle and whose task still exists.
    fileprivate mutating func pressSave(valid: Bool) {
        saveAttempted = true
        let idle = closed == nil && !isSaving && !isDeletedMeanwhile
        if valid && idle { (isSaving, errorMessage) = (true, nil) }
    }

    fileprivate mutating func finishSave(title: String, notes: String) {
        (storedTitle, storedNotes) = (title, notes)
        isSaving = false
        closed = .saved
    }

    /// The draft is left exactly as typed.
    fileprivate mutating func stopSave(showing message: String?, taskGone: Bool) {
        isSaving = false
        errorMessage = message
        if taskGone { isDeletedMeanwhile = true }
    }

    fileprivate mutating func pressCancel() {
        guard closed == nil else { return }
        if hasChanges { isAskingToDiscard = true } else { closed = .discarded }
    }
}
