import Foundation

/// The contacts of an exercise store: a plain array in creation order, oldest first.
public struct ContactList: Sendable, Equatable, Codable {
    public var contacts: [Contact]

    public init(contacts: [Contact] = []) {
        self.contacts = contacts
    }
}

/// Exercise 6: check and normalize what a person typed for a contact.
public protocol ContactRules: Sendable {
    /// Trimmed; 1 to 100 Characters; no control characters.
    func validatedName(_ raw: String) throws -> String
    /// Trimmed and lowercased; one `@`, a non-empty local part, a dotted domain, no
    /// whitespace; at most 254 Characters.
    func validatedEmail(_ raw: String) throws -> String
    /// Optional: blank is none (nil); else 7 to 15 ASCII digits with only ` +-().` besides.
    func validatedPhone(_ raw: String?) throws -> String?
}

/// The changes of an update, already validated: `nil` keeps a field; a `phone` of
/// `.some(nil)` removes the phone.
public struct ValidatedContactChanges: Sendable, Equatable {
    public var name: String?
    public var email: String?
    public var phone: String??

    public init(name: String? = nil, email: String? = nil, phone: String?? = nil) {
        self.name = name
        self.email = email
        self.phone = phone
    }
}

/// Exercise 7: save contacts, keeping every email unique.
public protocol ContactSaving: Sendable {
    /// Appends a contact made of validated values at `now`; `CRUDError.duplicate(field: .email)`
    /// when another contact has the email.
    func create(name: String, email: String, phone: String?, now: Date, in list: inout ContactList) throws -> Contact
    /// The contact with `id`, or `CRUDError.notFound(id:)`.
    func contact(id: UUID, in list: ContactList) throws -> Contact
    /// Applies validated changes, stamps `updatedAt = now`; `notFound` for an unknown id,
    /// `duplicate(email)` when *another* contact has the new email. A refused update
    /// changes nothing.
    func update(id: UUID, _ changes: ValidatedContactChanges, now: Date, in list: inout ContactList) throws -> Contact
    /// Removes the contact with `id`, or throws `CRUDError.notFound(id:)`.
    func delete(id: UUID, in list: inout ContactList) throws
}

/// Exercise 8: list and search contacts.
public protocol ContactSearching: Sendable {
    /// The contacts whose name contains the search term (case- and accent-insensitive,
    /// literal), ordered by folded name, then email, then creation; then offset and limit.
    func run(_ query: ContactQuery, on list: ContactList) throws -> [Contact]
}
