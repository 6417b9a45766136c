import ScreenLogic

/// The kit's answer to ``TaskEditorLogic``, which ``TaskEditorModel`` uses unless given
/// another (Exercise 16's, when grading).
public struct StandardTaskEditorLogic: TaskEditorLogic {
    /// The kit's editor logic; it holds nothing.
    public init() {}

    public func reduce(_ state: TaskEditorState, _ event: TaskEditorEvent) -> TaskEditorState {
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
            // A closed editor, a save already running and a task gone never ask the store.
            guard draftIsValid, state.closed == nil, !state.isSaving, !state.isDeletedMeanwhile else { break }
            next.isSaving = true
            next.errorMessage = nil
        case .saveSucceeded(let title, let notes):
            next.isSaving = false
            next.storedTitle = title
            next.storedNotes = notes
            next.closed = .saved
        case .saveFailed(let message):
            // The draft stays as typed, so the user can correct it or try again.
            next.isSaving = false
            next.errorMessage = message
        case .deletedMeanwhile(let message):
            next.isSaving = false
            next.isDeletedMeanwhile = true
            next.errorMessage = message
        case .cancelPressed:
            guard state.closed == nil else { break }
            if state.hasChanges {
                next.isAskingToDiscard = true
            } else {
                next.closed = .discarded
            }
        case .discardConfirmed:
            guard state.isAskingToDiscard else { break }
            next.isAskingToDiscard = false
            next.closed = .discarded
        case .keepEditing:
            next.isAskingToDiscard = false
        }
        return next
    }
}
