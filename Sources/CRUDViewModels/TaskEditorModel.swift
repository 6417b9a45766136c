import CRUDSpec
import Foundation
import Observation

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
@MainActor @Observable
public final class TaskEditorModel: DraftEditorModel {
    /// The store the draft is saved to.
    public let store: any CRUDSpec
    /// The task as the store last returned it; `nil` for a new task not saved yet.
    public private(set) var original: TaskItem?

    /// The title as typed.
    public var title: String {
        didSet {
            titleEdited = true
            session.storeFieldMessages[.title] = nil
        }
    }
    /// The notes as typed; empty means none.
    public var notes: String {
        didSet {
            notesEdited = true
            session.storeFieldMessages[.notes] = nil
        }
    }

    private var titleEdited = false
    private var notesEdited = false
    private var session = EditorSession<TaskItem>()

    /// An editor for `task`, or for a new task when `task` is `nil`.
    public init(store: any CRUDSpec, task: TaskItem? = nil) {
        self.store = store
        self.original = task
        self.title = task?.title ?? ""
        self.notes = task?.notes ?? ""
    }

    public var hasChanges: Bool {
        title != (original?.title ?? "") || notes != (original?.notes ?? "")
    }

    /// What is wrong with the title: the store's rejection, else the validator's message
    /// once the title was edited or a save was tried.
    public var titleMessage: String? {
        session.message(.title, edited: titleEdited) { () throws(CRUDError) in _ = try Validation.title(title) }
    }

    /// What is wrong with the notes, like ``titleMessage``.
    public var notesMessage: String? {
        session.message(.notes, edited: notesEdited) { () throws(CRUDError) in _ = try Validation.notes(notes) }
    }

    public var canSave: Bool {
        session.canStartSave && session.storeFieldMessages.isEmpty
            && ErrorText.validation { () throws(CRUDError) in
                _ = try Validation.title(title)
                _ = try Validation.notes(notes)
            } == nil
    }

    /// Validates the draft and sends it to the store. Returns whether it was saved (a
    /// draft without changes to an existing task counts as saved, without a write).
    ///
    /// An invalid draft shows its field messages and asks nothing. A store failure keeps the
    /// draft and shows the store's message; a rejected field shows it on that field. An
    /// existing task takes a rename and a notes edit (the protocol has no single update):
    /// when the second fails, the first is undone, so a failed save leaves the title and
    /// notes as they were.
    @discardableResult
    public func save() async -> Bool {
        session.saveAttempted = true
        guard canSave else { return false }
        session.isSaving = true
        session.errorMessage = nil
        defer { session.isSaving = false }
        let (title, notes) = (self.title, self.notes)
        do {
            let saved: TaskItem
            if let original {
                saved = try await Self.update(original, title: title, notes: notes, in: store) { self.original = $0 }
            } else {
                saved = try await store.createTask(title: title, notes: notes)
            }
            original = saved
            session.outcome = .saved(saved)
            return true
        } catch {
            session.failed(error, kind: "task")
            return false
        }
    }

    /// Writes the changed parts of an existing task. If the notes fail after the title
    /// was renamed, renames it back; if that fails too, `rebased` gets the store's record,
    /// so ``hasChanges`` tells the truth.
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

    public var isSaving: Bool { session.isSaving }
    public var errorMessage: String? { session.errorMessage }
    public var isDeletedMeanwhile: Bool { session.isDeletedMeanwhile }
    public var pendingDiscard: Confirmation? { session.pendingDiscard }
    public var outcome: EditorOutcome<TaskItem>? { session.outcome }

    @discardableResult
    public func cancel() -> Bool {
        session.cancel(hasChanges: hasChanges, recordID: original?.id)
    }

    public func confirmDiscard() {
        session.confirmDiscard()
    }

    public func keepEditing() {
        session.pendingDiscard = nil
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
