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
        ) { inner, clock in EmailIndexStore(tasks: inner, clock: clock, flaw: .neverChecked) },
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
        ) { inner, _ in TakenEmailsStore(inner: inner, takesOnUpdate: true) },
    ]
}

/// Refuses to give a contact its own email in other letters.
struct OwnEmailRefusedStore: ForwardingStore {
    let inner: MemoryStore

    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        if let email = changes.email, email != (try await inner.contact(id: id)).email { throw CRUDError.duplicate(field: .email) }
        return try await inner.updateContact(id: id, changes)
    }
}

/// Keeps its own set of taken emails beside the inner store's index, filled on create (and on
/// update when `takesOnUpdate`) and never emptied: an email once stored stays refused, even
/// after its contact is deleted or changed.
actor TakenEmailsStore: ForwardingStore {
    let inner: MemoryStore
    private let takesOnUpdate: Bool
    private var taken: Set<String> = []

    init(inner: MemoryStore, takesOnUpdate: Bool) {
        self.inner = inner
        self.takesOnUpdate = takesOnUpdate
    }

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        if taken.contains(Validation.trimmed(email).lowercased()) { throw CRUDError.duplicate(field: .email) }
        let contact = try await inner.createContact(name: name, email: email, phone: phone)
        taken.insert(contact.email)
        return contact
    }

    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        let contact = try await inner.updateContact(id: id, changes)
        if takesOnUpdate { taken.insert(contact.email) }
        return contact
    }
}
