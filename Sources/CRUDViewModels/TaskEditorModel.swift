import CRUDSpec
import Foundation
import Observation
import ScreenLogic

/// The logic of a screen that creates or edits one task: a draft of title and notes that
/// Save validates and sends to the store, and Cancel throws away.
///
/// Validation messages follow the user's typing, per field, in the store's words. A failed
/// save keeps the draft and shows the store's plain message, so nothing typed is lost and
/// Save can be tried again. Cancel closes at once when nothing changed, and otherwise asks
/// first through ``pendingDiscard``. When the task was deleted meanwhile (the store says
/// it does not exist), the editor says so and never creates it again. The screen closes
/// when ``outcome`` is set.
///
/// ```swift
/// let editor = TaskEditorModel(store: store, task: milk)
/// editor.title = "Buy oat milk"
/// if await editor.save() { /* dismiss */ }
/// ```
@Observable
public final class TaskEditorModel: DraftEditorModel {
    /// The store the draft is saved to.
    public let store: any CRUDSpec
    /// The task as the store last returned it; `nil` for a new task not saved yet.
    public private(set) var original: TaskItem?
    /// What decides the screen's state after each event: the kit's, or Exercise 16's.
    public let logic: any TaskEditorLogic

    /// What the screen shows, as the logic last made it.
    public private(set) var state: TaskEditorState
    /// A store's rejection of one field, shown on that field until it is edited.
    private var storeFieldMessages: [Field: String] = [:]

    /// An editor for `task`, or for a new task when `task` is `nil`, whose state follows
    /// `logic` (the kit's by default).
    public init(store: any CRUDSpec, task: TaskItem? = nil, logic: any TaskEditorLogic = StandardTaskEditorLogic()) {
        self.store = store
        self.original = task
        self.logic = logic
        self.state = TaskEditorState(isNew: task == nil, title: task?.title ?? "", notes: task?.notes ?? "")
    }

    /// Moves the state on by `event`. A logic that cannot answer leaves the state as it was
    /// and says why in ``errorMessage``.
    private func send(_ event: TaskEditorEvent) {
        do {
            state = try logic.reduce(state, event)
        } catch {
            state.errorMessage = ErrorText.message(error)
        }
    }

    /// The title as typed.
    public var title: String {
        get { state.title }
        set {
            send(.typedTitle(newValue))
            storeFieldMessages[.title] = nil
        }
    }

    /// The notes as typed; empty means none.
    public var notes: String {
        get { state.notes }
        set {
            send(.typedNotes(newValue))
            storeFieldMessages[.notes] = nil
        }
    }

    public var hasChanges: Bool { state.hasChanges }

    /// What is wrong with the title: the store's rejection, else the validator's message
    /// once the title was edited or a save was tried.
    public var titleMessage: String? {
        message(.title, edited: state.titleEdited) { () throws(CRUDError) in _ = try Validation.title(title) }
    }

    /// What is wrong with the notes, like ``titleMessage``.
    public var notesMessage: String? {
        message(.notes, edited: state.notesEdited) { () throws(CRUDError) in _ = try Validation.notes(notes) }
    }

    private func message(_ field: Field, edited: Bool, validate: () throws(CRUDError) -> Void) -> String? {
        if let stored = storeFieldMessages[field] { return stored }
        guard edited || state.saveAttempted else { return nil }
        return ErrorText.validation(validate)
    }

    /// Whether every field passes validation and no field the store rejected is unedited.
    private var draftIsValid: Bool {
        storeFieldMessages.isEmpty
            && ErrorText.validation { () throws(CRUDError) in
                _ = try Validation.title(title)
                _ = try Validation.notes(notes)
            } == nil
    }

    public var canSave: Bool {
        state.closed == nil && !state.isSaving && !state.isDeletedMeanwhile && draftIsValid
    }

    /// Validates the draft and sends it to the store. Returns whether it was saved (a
    /// draft without changes to an existing task counts as saved, without a write).
    ///
    /// The logic decides whether the store is asked (``TaskEditorState/isSaving``). An
    /// invalid draft shows its field messages and asks nothing. A store failure keeps the
    /// draft and shows the store's message; a rejected field shows it on that field. An
    /// existing task takes a rename and a notes edit (the protocol has no single update):
    /// when the second fails, the first is undone, so a failed save leaves the title and
    /// notes as they were.
    @discardableResult
    public func save() async -> Bool {
        guard !state.isSaving else { return false }
        send(.savePressed(draftIsValid: draftIsValid))
        guard state.isSaving else { return false }
        let (title, notes) = (self.title, self.notes)
        do {
            let saved: TaskItem
            if let original {
                saved = try await Self.update(original, title: title, notes: notes, in: store) { self.rebase($0) }
            } else {
                saved = try await store.createTask(title: title, notes: notes)
            }
            original = saved
            send(.saveSucceeded(title: saved.title, notes: saved.notes ?? ""))
            return state.closed == .saved
        } catch {
            switch SaveFailure(error, kind: "task") {
            case .deletedMeanwhile(let message): send(.deletedMeanwhile(message: message))
            case .field(let field, let message):
                storeFieldMessages[field] = message
                send(.saveFailed(message: nil))
            case .message(let message): send(.saveFailed(message: message))
            }
            return false
        }
    }

    /// Takes `task` as what the store holds, after an undo that left it changed: so
    /// ``hasChanges`` tells the truth.
    private func rebase(_ task: TaskItem) {
        original = task
        state.storedTitle = task.title
        state.storedNotes = task.notes ?? ""
    }

    /// Writes the changed parts of an existing task. If the notes fail after the title
    /// was renamed, renames it back; if that fails too, `rebased` gets the store's record.
    private static func update(
        _ original: TaskItem, title: String, notes: String, in store: any CRUDSpec, rebased: (TaskItem) -> Void
    ) async throws -> TaskItem {
        var current = original
        if title != original.title { current = try await store.renameTask(id: original.id, to: title) }
        guard notes != (original.notes ?? "") else { return current }
        do {
            return try await store.editTaskNotes(id: original.id, notes: notes)
        } catch {
            if current.title != original.title {
                if let restored = try? await store.renameTask(id: original.id, to: original.title) {
                    rebased(restored)
                } else {
                    rebased(current)
                }
            }
            throw error
        }
    }

    public var isSaving: Bool { state.isSaving }
    public var errorMessage: String? { state.errorMessage }
    public var isDeletedMeanwhile: Bool { state.isDeletedMeanwhile }
    public var pendingDiscard: Confirmation? {
        state.isAskingToDiscard ? .discardChanges(recordID: original?.id) : nil
    }
    public var outcome: EditorOutcome<TaskItem>? {
        switch state.closed {
        case .saved?: original.map { .saved($0) }
        case .discarded?: .discarded
        case nil: nil
        }
    }

    @discardableResult
    public func cancel() -> Bool {
        send(.cancelPressed)
        return state.closed != nil
    }

    public func confirmDiscard() {
        send(.discardConfirmed)
    }

    public func keepEditing() {
        send(.keepEditing)
    }

    // MARK: Accessibility

    /// The title field: label "Title", value the text typed, hint its message.
    public var titleAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Title", value: title, hint: titleMessage)
    }

    /// The notes field: label "Notes", value the text typed, hint its message.
    public var notesAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Notes", value: notes, hint: notesMessage)
    }

    /// The save button: label "Save task" or "Add task"; hint why it is off, if it is.
    public var saveAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: isNew ? "Add task" : "Save task", hint: saveHint)
    }

    private var saveHint: String? {
        if isDeletedMeanwhile { return "This task no longer exists." }
        if isSaving { return "Saving." }
        if canSave { return nil }
        return titleMessage ?? notesMessage == nil ? "Type a title first." : "Correct the fields first."
    }
}
