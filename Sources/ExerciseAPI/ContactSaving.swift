import Foundation

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
