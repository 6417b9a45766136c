import CRUDSpec
import Foundation
import Observation

/// The logic of a form that adds or edits one contact: name, email and phone, with a
/// message per field as the user types, Save and Cancel.
///
/// It behaves as ``TaskEditorModel`` does, and in one write: a failed save keeps the
/// draft; Cancel asks first when there are changes; a contact deleted meanwhile is
/// reported and never created again. An email another contact holds is reported on the
/// email field (``emailMessage``), not as a general error, and stays until the email is
/// edited.
///
/// ```swift
/// let form = ContactFormModel(store: store)
/// form.name = "Ada Lovelace"
/// form.email = "ada@example.org"
/// await form.save()
/// ```
@Observable
public final class ContactFormModel: DraftEditorModel {
    /// The store the draft is saved to.
    public let store: any CRUDSpec
    /// The contact as the store last returned it; `nil` for a new contact not saved yet.
    public private(set) var original: Contact?

    /// The name as typed.
    public var name: String {
        didSet { edited(.name) }
    }
    /// The email as typed.
    public var email: String {
        didSet { edited(.email) }
    }
    /// The phone as typed; empty means none.
    public var phone: String {
        didSet { edited(.phone) }
    }

    private var editedFields: Set<Field> = []
    private var session = EditorSession<Contact>()

    /// A form for `contact`, or for a new contact when `contact` is `nil`.
    public init(store: any CRUDSpec, contact: Contact? = nil) {
        self.store = store
        self.original = contact
        self.name = contact?.name ?? ""
        self.email = contact?.email ?? ""
        self.phone = contact?.phone ?? ""
    }

    private func edited(_ field: Field) {
        editedFields.insert(field)
        session.storeFieldMessages[field] = nil
    }

    public var hasChanges: Bool {
        name != (original?.name ?? "") || email != (original?.email ?? "") || phone != (original?.phone ?? "")
    }

    /// What is wrong with the name: the store's rejection, else the validator's message
    /// once the name was edited or a save was tried.
    public var nameMessage: String? {
        session.message(.name, edited: editedFields.contains(.name)) { () throws(CRUDError) in _ = try Validation.name(name) }
    }

    /// What is wrong with the email, like ``nameMessage``; a duplicate the store reported
    /// shows here.
    public var emailMessage: String? {
        session.message(.email, edited: editedFields.contains(.email)) { () throws(CRUDError) in _ = try Validation.email(email) }
    }

    /// What is wrong with the phone, like ``nameMessage``.
    public var phoneMessage: String? {
        session.message(.phone, edited: editedFields.contains(.phone)) { () throws(CRUDError) in _ = try Validation.phone(phone) }
    }

    public var canSave: Bool {
        session.canStartSave && session.storeFieldMessages.isEmpty
            && ErrorText.validation { () throws(CRUDError) in
                _ = try Validation.name(name)
                _ = try Validation.email(email)
                _ = try Validation.phone(phone)
            } == nil
    }

    /// Validates the draft and sends it to the store in one write: a create, or an update
    /// of the fields that changed. Returns whether it was saved (an existing contact
    /// without changes counts as saved, without a write). A failure keeps the draft.
    @discardableResult
    public func save() async -> Bool {
        session.saveAttempted = true
        guard canSave else { return false }
        session.isSaving = true
        session.errorMessage = nil
        defer { session.isSaving = false }
        do {
            let saved: Contact
            if let original {
                saved = hasChanges ? try await store.updateContact(id: original.id, changes(from: original)) : original
            } else {
                saved = try await store.createContact(name: name, email: email, phone: phone)
            }
            original = saved
            session.outcome = .saved(saved)
            return true
        } catch {
            session.failed(error, kind: "contact")
            return false
        }
    }

    /// The fields that differ from `original`; an emptied phone is `""`, which removes it.
    private func changes(from original: Contact) -> ContactChanges {
        ContactChanges(
            name: name != original.name ? name : nil, email: email != original.email ? email : nil,
            phone: phone != (original.phone ?? "") ? phone : nil)
    }

    public var isSaving: Bool { session.isSaving }
    public var errorMessage: String? { session.errorMessage }
    public var isDeletedMeanwhile: Bool { session.isDeletedMeanwhile }
    public var pendingDiscard: Confirmation? { session.pendingDiscard }
    public var outcome: EditorOutcome<Contact>? { session.outcome }

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

    /// The name field: label "Name", value the text typed, hint its message.
    public var nameAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Name", value: name, hint: nameMessage)
    }

    /// The email field: label "Email", value the text typed, hint its message.
    public var emailAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Email", value: email, hint: emailMessage)
    }

    /// The phone field: label "Phone", value the text typed, hint its message.
    public var phoneAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Phone", value: phone, hint: phoneMessage)
    }

    /// The save button: label "Add contact" or "Save contact"; hint why it is off, if it is.
    public var saveAccessibility: AccessibilityInfo {
        let hint: String? =
            if isDeletedMeanwhile { "This contact no longer exists." } else if isSaving { "Saving." } else if canSave { nil } else {
                "Correct the fields first."
            }
        return AccessibilityInfo(label: isNew ? "Add contact" : "Save contact", hint: hint)
    }

}
