import Foundation

/// An entry in an address book: the course's second entity.
///
/// ```swift
/// let ada = try await store.createContact(name: "Ada Lovelace", email: "Ada@Example.org", phone: nil)
/// print(ada.email) // ada@example.org
/// ```
public struct Contact: Codable, Sendable, Hashable, Identifiable {
    /// Assigned by the store when the contact is created; never changes.
    public var id: UUID
    /// Trimmed, 1 to 100 Characters, no control characters. See ``Validation/name(_:)``.
    public var name: String
    /// Trimmed and lowercased; unique across contacts. See ``Validation/email(_:)``.
    public var email: String
    /// Optional; 7 to 15 digits with spaces and `+ - ( ) .`. See ``Validation/phone(_:)``.
    public var phone: String?
    /// When the contact was created, to the millisecond. Never changes.
    public var createdAt: Date
    /// When the contact was last changed, to the millisecond.
    public var updatedAt: Date

    /// Makes a contact value. Stores call this; user code normally receives contacts from a store.
    /// Inlinable, so that a store building one per row of a list builds it in place.
    @inlinable
    public init(id: UUID, name: String, email: String, phone: String?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.name = name
        self.email = email
        self.phone = phone
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
