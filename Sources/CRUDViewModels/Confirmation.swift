import Foundation

/// A question a model asks before it does something that cannot be undone, such as
/// deleting a record or discarding typed changes. The UI shows it as a dialog and answers
/// through the model (`confirmDelete()` or `cancelDelete()`, `confirmDiscard()` or
/// `keepEditing()`); nothing happens until it does.
///
/// ```swift
/// list.requestDelete(id: milk.id)
/// list.pendingDelete?.message  // Delete "Buy milk"? This cannot be undone.
/// ```
public struct Confirmation: Sendable, Hashable {
    /// The record the question is about, if any.
    public var recordID: UUID?
    /// A short title for the dialog: "Delete task?".
    public var title: String
    /// The question in full, naming the record: `Delete "Buy milk"? This cannot be undone.`
    public var message: String
    /// The label of the button that goes ahead: "Delete".
    public var confirmLabel: String
    /// The label of the button that backs out: "Cancel".
    public var cancelLabel: String

    /// Makes a question.
    public init(recordID: UUID?, title: String, message: String, confirmLabel: String, cancelLabel: String) {
        self.recordID = recordID
        self.title = title
        self.message = message
        self.confirmLabel = confirmLabel
        self.cancelLabel = cancelLabel
    }

    /// The accessibility of the two buttons, confirm first: the labels, with the question
    /// as the confirm button's value.
    public var buttonsAccessibility: (confirm: AccessibilityInfo, cancel: AccessibilityInfo) {
        (AccessibilityInfo(label: confirmLabel, value: message), AccessibilityInfo(label: cancelLabel))
    }

    /// The question before deleting the record `id`, called `name`, of a `kind` ("task").
    static func delete(_ kind: String, id: UUID, name: String) -> Confirmation {
        Confirmation(
            recordID: id, title: "Delete \(kind)?", message: "Delete \"\(name)\"? This cannot be undone.",
            confirmLabel: "Delete", cancelLabel: "Cancel")
    }

    /// The question before closing an editor that has unsaved changes.
    static func discardChanges(recordID: UUID?) -> Confirmation {
        Confirmation(
            recordID: recordID, title: "Discard changes?", message: "Your changes have not been saved and will be lost.",
            confirmLabel: "Discard", cancelLabel: "Keep Editing")
    }
}
