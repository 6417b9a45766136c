import Foundation

/// Exercise 16: the logic of the screen that creates or edits one task, as a reducer: given
/// what the screen shows and what just happened, what it shows next.
///
/// The screen's model does the store calls and the field validation; the reducer decides
/// what the user sees: the draft as typed, when a field's message shows, whether Save may
/// ask the store, that a failed save keeps the input, and how Cancel closes.
public protocol TaskEditorLogic: Sendable {
    /// The state after `event`. Throws only when it cannot answer (a starter's
    /// `CRUDError.notImplemented`); the screen then stays as it was.
    func reduce(_ state: TaskEditorState, _ event: TaskEditorEvent) throws -> TaskEditorState
}

/// What a task editor shows: the draft, the task as the store holds it, and where the
/// editing stands.
public struct TaskEditorState: Codable, Sendable, Hashable {
    /// The title as typed.
    public var title: String
    /// The notes as typed; empty means none.
    public var notes: String
    /// Whether the editor creates a task rather than changing one.
    public var isNew: Bool
    /// The title the store holds (empty for a new task); the draft differs from it when changed.
    public var storedTitle: String
    /// The notes the store holds, empty for none.
    public var storedNotes: String
    /// Whether the title was typed in since the editor opened: its message shows from then on.
    public var titleEdited = false
    /// Whether the notes were typed in since the editor opened.
    public var notesEdited = false
    /// Whether Save was pressed at least once: every field's message shows from then on.
    public var saveAttempted = false
    /// Whether a save is waiting for the store: the model asks the store exactly when a
    /// ``TaskEditorEvent/savePressed(draftIsValid:)`` turns this on.
    public var isSaving = false
    /// The last failed save's message, until the next save.
    public var errorMessage: String?
    /// Whether the store said the task no longer exists: Save stays off from then on.
    public var isDeletedMeanwhile = false
    /// Whether the "discard changes?" question waits for an answer.
    public var isAskingToDiscard = false
    /// How the editor closed; `nil` while it is open.
    public var closed: TaskEditorClosing?

    /// The state of an editor just opened on a task with `title` and `notes` (`isNew` for a
    /// task not created yet, with both empty).
    public init(isNew: Bool, title: String, notes: String) {
        self.isNew = isNew
        self.title = title
        self.notes = notes
        self.storedTitle = title
        self.storedNotes = notes
    }

    /// Whether the draft differs from what the store holds.
    public var hasChanges: Bool { title != storedTitle || notes != storedNotes }
}

/// How a task editor closed.
public enum TaskEditorClosing: String, Codable, Sendable, Hashable {
    /// The store accepted the draft.
    case saved
    /// The draft was thrown away without asking the store.
    case discarded
}

/// What happens to a task editor: the user's actions, and the store's answers to a save.
public enum TaskEditorEvent: Codable, Sendable, Hashable {
    /// The user changed the title field to this text.
    case typedTitle(String)
    /// The user changed the notes field to this text.
    case typedNotes(String)
    /// The user pressed Save; `draftIsValid` says whether every field passes validation.
    case savePressed(draftIsValid: Bool)
    /// The store saved the draft; it now holds this title and these notes.
    case saveSucceeded(title: String, notes: String)
    /// The store refused the save. `message` is what to show above the form, or `nil` when
    /// the refusal shows on a field instead (a title the store rejected).
    case saveFailed(message: String?)
    /// The store said the task no longer exists, perhaps deleted in another window.
    case deletedMeanwhile(message: String)
    /// The user pressed Cancel.
    case cancelPressed
    /// The user answered "discard changes?" with Discard.
    case discardConfirmed
    /// The user answered "discard changes?" with Keep Editing.
    case keepEditing
}
