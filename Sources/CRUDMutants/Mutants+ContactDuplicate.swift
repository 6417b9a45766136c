import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in keeping emails unique.
    static let contactDuplicate: [Mutant] = [
        Mutant(
            "duplicate-emails", mistake: "keeps contacts in a plain list and never checks that emails are unique",
            aimedAt: ["CONTACT-DUP-001", "CONTACT-DUP-002", "CONTACT-DUP-003", "CONCURRENCY-002"]
        ) { inner, clock in DuplicateEmailsStore(inner: inner, clock: clock) },
        Mutant(
            "case-sensitive-email-uniqueness", mistake: "compares emails letter for letter, so ADA@ and ada@ are both stored",
            aimedAt: ["CONTACT-DUP-002"]
        ) { inner, _ in EmailMutantStore(inner: inner, caseSensitiveUniqueness: true) },
        Mutant(
            "own-email-refused", mistake: "refuses to update a contact to its own email in other letters", aimedAt: ["CONTACT-DUP-004"]
        ) { inner, _ in OwnEmailRefusedStore(inner: inner) },
        Mutant(
            "emails-never-freed", mistake: "keeps every email it ever saw as taken, even after delete or change",
            aimedAt: ["CONTACT-DUP-005"]
        ) { inner, _ in EmailsNeverFreedStore(inner: inner) },
    ]
}

/// Keeps contacts in an array of its own and checks every field except email uniqueness.
actor DuplicateEmailsStore: ForwardingStore {
    let inner: MemoryStore
    private let clock: any CRUDClock
    private var list: [Contact] = []

    init(inner: MemoryStore, clock: any CRUDClock) {
        self.inner = inner
        self.clock = clock
    }

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let now = clock.timestamp()
        let contact = Contact(
            id: UUID(), name: try Validation.name(name), email: try Validation.email(email), phone: try Validation.phone(phone),
            createdAt: now, updatedAt: now)
        list.append(contact)
        return contact
    }

    func contact(id: UUID) async throws -> Contact {
        guard let contact = list.first(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        return contact
    }

    func contacts(_ query: ContactQuery) async throws -> [Contact] {
        try query.validate()
        let found = RecordOrder.contacts(list.filter { TextKey.matches($0.name, search: query.effectiveSearch) }).dropFirst(query.offset)
        return Array(found.prefix(query.limit ?? found.count))
    }

    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        guard let index = list.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        var contact = list[index]
        if let name = changes.name { contact.name = try Validation.name(name) }
        if let email = changes.email { contact.email = try Validation.email(email) }
        if let phone = changes.phone { contact.phone = try Validation.phone(phone) }
        contact.updatedAt = clock.timestamp()
        list[index] = contact
        return contact
    }

    func deleteContact(id: UUID) async throws {
        guard let index = list.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        list.remove(at: index)
    }
}

/// Refuses to give a contact its own email in other letters.
struct OwnEmailRefusedStore: ForwardingStore {
    let inner: MemoryStore

    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        if let email = changes.email, email != (try await inner.contact(id: id)).email { throw CRUDError.duplicate(field: .email) }
        return try await inner.updateContact(id: id, changes)
    }
}

/// Remembers every email it has stored and refuses it forever.
actor EmailsNeverFreedStore: ForwardingStore {
    let inner: MemoryStore
    private var seen: Set<String> = []

    init(inner: MemoryStore) { self.inner = inner }

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let normalized = Validation.trimmed(email).lowercased()
        if seen.contains(normalized) { throw CRUDError.duplicate(field: .email) }
        let contact = try await inner.createContact(name: name, email: email, phone: phone)
        seen.insert(contact.email)
        return contact
    }

    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        let contact = try await inner.updateContact(id: id, changes)
        seen.insert(contact.email)
        return contact
    }
}
