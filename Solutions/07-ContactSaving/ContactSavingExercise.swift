import ExerciseAPI
import Foundation

public struct ContactSavingExercise: ContactSaving {
    public init() {}

    public func create(name: String, email: String, phone: String?, now: Date, in list: inout ContactList) throws -> Contact {
        guard !list.contacts.contains(where: { $0.email == email }) else { throw CRUDError.duplicate(field: .email) }
        let contact = Contact(id: UUID(), name: name, email: email, phone: phone, createdAt: now, updatedAt: now)
        list.contacts.append(contact)
        return contact
    }

    public func contact(id: UUID, in list: ContactList) throws -> Contact {
        guard let contact = list.contacts.first(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        return contact
    }

    public func update(id: UUID, _ changes: ValidatedContactChanges, now: Date, in list: inout ContactList) throws -> Contact {
        guard let index = list.contacts.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        var contact = list.contacts[index]
        contact.name = changes.name ?? contact.name
        contact.email = changes.email ?? contact.email
        contact.phone = changes.phone ?? contact.phone
        guard !list.contacts.contains(where: { $0.id != id && $0.email == contact.email }) else {
            throw CRUDError.duplicate(field: .email)
        }
        contact.updatedAt = now
        list.contacts[index] = contact
        return contact
    }

    public func delete(id: UUID, in list: inout ContactList) throws {
        guard let index = list.contacts.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        list.contacts.remove(at: index)
    }
}
