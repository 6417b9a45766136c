import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

// Contact reading, uniqueness, update and delete mistakes.

/// Soft delete: a deleted contact is hidden from lists but still found by id.
actor ContactTombstoneStore: ForwardingStore {
    let inner: MemoryStore
    private var tombstones: [UUID: Contact] = [:]
    init(inner: MemoryStore) { self.inner = inner }

    func deleteContact(id: UUID) async throws {
        let contact = try await inner.contact(id: id)
        try await inner.deleteContact(id: id)
        tombstones[id] = contact
    }

    func contact(id: UUID) async throws -> Contact {
        do {
            return try await inner.contact(id: id)
        } catch CRUDError.notFound(let missing) {
            guard let contact = tombstones[id] else { throw CRUDError.notFound(id: missing) }
            return contact
        }
    }
}

/// The orders and matches that the contact listing mutants use.
enum WrongContactListing {
    /// Folded name, then creation: the email tiebreak is missing.
    static func noEmailTiebreak(_ contacts: [Contact]) -> [Contact] {
        contacts.enumerated().sorted { lhs, rhs in
            let left = TextKey.folded(lhs.element.name)
            let right = TextKey.folded(rhs.element.name)
            return left != right ? TextKey.scalarOrder(left, right) : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The name compared as stored (binary), so capitals sort before small letters.
    static func binaryName(_ contacts: [Contact]) -> [Contact] {
        contacts.enumerated().sorted { lhs, rhs in
            if lhs.element.name != rhs.element.name { return TextKey.scalarOrder(lhs.element.name, rhs.element.name) }
            if lhs.element.email != rhs.element.email { return TextKey.scalarOrder(lhs.element.email, rhs.element.email) }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    static func nameOrEmail(_ contact: Contact, _ term: String?) -> Bool {
        TextKey.matches(contact.name, search: term) || TextKey.matches(contact.email, search: term)
    }
}

/// Pages the ordered contacts first, then searches within the page.
struct SearchAfterPagingStore: ForwardingStore {
    let inner: MemoryStore
    func contacts(_ query: ContactQuery) async throws -> [Contact] {
        try await inner.contacts(ContactQuery(limit: query.limit, offset: query.offset)).filter {
            TextKey.matches($0.name, search: query.effectiveSearch)
        }
    }
}

/// Forgets to pass the offset on: every contact page starts at the first contact.
struct ContactOffsetIgnoredStore: ForwardingStore {
    let inner: MemoryStore
    func contacts(_ query: ContactQuery) async throws -> [Contact] {
        try query.validate()
        return try await inner.contacts(ContactQuery(search: query.search, limit: query.limit))
    }
}

/// Reads a negative contact limit as "no limit".
struct NegativeContactLimitStore: ForwardingStore {
    let inner: MemoryStore
    func contacts(_ query: ContactQuery) async throws -> [Contact] {
        var query = query
        if let limit = query.limit, limit < 0 { query.limit = nil }
        return try await inner.contacts(query)
    }
}

/// The uniqueness check on update looks at every contact, the one being updated included.
struct UpdateChecksSelfStore: ForwardingStore {
    let inner: MemoryStore
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        if let email = changes.email, let normalized = try? Validation.email(email),
            await inner.currentState().contactsInCreationOrder.contains(where: { $0.email == normalized })
        {
            throw CRUDError.duplicate(field: .email)
        }
        return try await inner.updateContact(id: id, changes)
    }
}

/// INSERT OR REPLACE: a create with a taken email replaces the contact that held it.
struct InsertOrReplaceStore: ForwardingStore {
    let inner: MemoryStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        do {
            return try await inner.createContact(name: name, email: email, phone: phone)
        } catch CRUDError.duplicate {
            let normalized = try Validation.email(email)
            for old in await inner.currentState().contactsInCreationOrder where old.email == normalized {
                try await inner.deleteContact(id: old.id)
            }
            return try await inner.createContact(name: name, email: email, phone: phone)
        }
    }
}

/// Update writes every column: a phone not given (nil) is written as none.
struct NilPhoneClearsStore: ForwardingStore {
    let inner: MemoryStore
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        var changes = changes
        if changes.phone == nil { changes.phone = "" }
        return try await inner.updateContact(id: id, changes)
    }
}

/// Update saves the name first, then validates and saves the email and phone.
struct PartialContactUpdateStore: ForwardingStore {
    let inner: MemoryStore
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        guard changes.name != nil else { return try await inner.updateContact(id: id, changes) }
        let renamed = try await inner.updateContact(id: id, ContactChanges(name: changes.name))
        guard changes.email != nil || changes.phone != nil else { return renamed }
        return try await inner.updateContact(id: id, ContactChanges(email: changes.email, phone: changes.phone))
    }
}

/// Update treats a blank phone like a missing one: the phone is kept.
struct BlankPhoneKeptStore: ForwardingStore {
    let inner: MemoryStore
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        var changes = changes
        if let phone = changes.phone, Validation.trimmed(phone).isEmpty { changes.phone = nil }
        return try await inner.updateContact(id: id, changes)
    }
}

/// Update rebuilds the row with both dates set to now.
struct UpdateResetsCreatedStore: ForwardingStore {
    let inner: RebuildingStore
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        try await inner.amendContact(inner.updateContact(id: id, changes)) { $0.createdAt = $0.updatedAt }
    }
}

/// Delete runs `DELETE ... WHERE name = ?` with the contact's name.
struct DeleteContactByNameStore: ForwardingStore {
    let inner: MemoryStore
    func deleteContact(id: UUID) async throws {
        let target = try await inner.contact(id: id)
        try await Hand.deleteAll(await inner.currentState().contactsInCreationOrder, sharing: \.name, with: target) {
            try await inner.deleteContact(id: $0)
        }
    }
}
