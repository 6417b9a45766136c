import Foundation
import Observation

/// What every editor model of this library has: a draft of one record, new or existing,
/// that Save validates and sends to the store and Cancel throws away. A UI, a rule or a
/// test can drive ``TaskEditorModel`` and ``ContactFormModel`` alike through it.
///
/// A failed save keeps the draft and changes nothing in the store. Cancel closes at once
/// when nothing changed, and otherwise asks first through ``pendingDiscard``. A record
/// deleted meanwhile is reported and never created again. The screen closes when
/// ``outcome`` is set.
public protocol DraftEditorModel: AnyObject, Observable {
    /// The kind of record edited.
    associatedtype Record: Sendable & Hashable

    /// The record as the store last returned it; `nil` for a new one not saved yet.
    var original: Record? { get }
    /// Whether the draft differs from the record (for a new one, from empty fields).
    var hasChanges: Bool { get }
    /// Whether Save would ask the store: every field valid, no field the store rejected
    /// left unedited, not saving, not closed, and the record not deleted meanwhile.
    var canSave: Bool { get }
    /// Whether a save is waiting for the store.
    var isSaving: Bool { get }
    /// The last failed save's plain message (the store's `CRUDError.message`, or the
    /// deleted-meanwhile message), until the next save. A field's rejection shows on the
    /// field instead.
    var errorMessage: String? { get }
    /// Whether the store said the record no longer exists; Save stays off from then on.
    var isDeletedMeanwhile: Bool { get }
    /// The "discard changes?" question, while it waits for an answer.
    var pendingDiscard: Confirmation? { get }
    /// How the editor closed; `nil` while it is open.
    var outcome: EditorOutcome<Record>? { get }
    /// The save button's accessibility; its hint says why Save is off, when it is.
    var saveAccessibility: AccessibilityInfo { get }

    /// Validates the draft and sends it to the store. Returns whether it was saved; an
    /// existing record without changes counts as saved, without a write. An invalid draft
    /// shows every field's message and asks nothing; a failure keeps the draft.
    @discardableResult
    func save() async -> Bool
    /// Cancel: closes at once (``outcome`` `.discarded`) when nothing changed; otherwise
    /// sets ``pendingDiscard`` and waits for ``confirmDiscard()`` or ``keepEditing()``.
    /// Returns whether it closed.
    @discardableResult
    func cancel() -> Bool
    /// Answers "discard changes?" with yes: closes without saving.
    func confirmDiscard()
    /// Answers "discard changes?" with no: the draft stays open as it was.
    func keepEditing()
}

extension DraftEditorModel {
    /// Whether this editor creates a record rather than changing one.
    public var isNew: Bool { original == nil }

    /// The cancel button: label "Cancel"; value "unsaved changes" when there are some.
    public var cancelAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Cancel", value: hasChanges ? "unsaved changes" : "")
    }
}
