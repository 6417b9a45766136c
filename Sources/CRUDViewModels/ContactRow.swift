import CRUDSpec
import Foundation

/// One row of a contact list: the contact, whether it is being deleted, and what a screen
/// reader says for the row and its delete button.
public struct ContactRow: Sendable, Hashable, Identifiable {
    /// The contact as the store last returned it.
    public var contact: Contact
    /// Whether the store has been asked to delete it and has not answered yet.
    public var isDeleting: Bool

    /// The contact's id.
    public var id: UUID { contact.id }

    /// Makes a row.
    public init(contact: Contact, isDeleting: Bool = false) {
        self.contact = contact
        self.isDeleting = isDeleting
    }

    /// The row: label the name, value the email and the phone ("ada@example.org, phone
    /// +44 20 7946 0000", or "ada@example.org, no phone"); while deleting, ", deleting"
    /// follows.
    public var accessibility: AccessibilityInfo {
        let phone = contact.phone.map { "phone \($0)" } ?? "no phone"
        return AccessibilityInfo(label: contact.name, value: "\(contact.email), \(phone)" + (isDeleting ? ", deleting" : ""))
    }

    /// The delete button: label `Delete "Ada Lovelace"`.
    public var deleteAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Delete \"\(contact.name)\"")
    }
}
