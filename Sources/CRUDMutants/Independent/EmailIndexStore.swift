import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

/// Where a hand-written email index goes wrong.
enum EmailIndexFlaw: Sendable {
    /// No flaw: the index holds normalized emails and is checked before every write.
    case none
    /// The index is kept but never read: every email is accepted, taken or not.
    case neverChecked
    /// Create looks the email up as typed (trimmed, not lowercased).
    case createLooksUpTyped
    /// Update looks the new email up as typed (trimmed, not lowercased).
    case updateLooksUpTyped
    /// Create awaits a write between the check and the insert, so parallel creates all pass the check.
    case awaitBetweenCheckAndInsert
}

/// Tasks in a memory store; contacts in an array with a separate set of taken emails, as a
/// developer would write them without a database's unique index.
actor EmailIndexStore: ForwardingStore {
    /// The store that keeps the tasks (its contacts are never used).
    let inner: MemoryStore
    private let clock: any CRUDClock
    private let flaw: EmailIndexFlaw
    private var records: [Contact]
    private var emailIndex: Set<String>

    init(tasks: MemoryStore, clock: any CRUDClock, contacts: [Contact] = [], indexed: Bool = true, flaw: EmailIndexFlaw = .none) {
        inner = tasks
        self.clock = clock
        self.flaw = flaw
        records = contacts
        emailIndex = indexed ? Set(contacts.map(\.email)) : []
    }

    func allContacts() -> [Contact] { records }

    private func isTaken(_ key: String) -> Bool { flaw != .neverChecked && emailIndex.contains(key) }

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let checkedName = try Validation.name(name)
        let checkedEmail = try Validation.email(email)
        let checkedPhone = try Validation.phone(phone)
        let key = flaw == .createLooksUpTyped ? Validation.trimmed(email) : checkedEmail
        if isTaken(key) { throw CRUDError.duplicate(field: .email) }
        // The write between check and insert: a parallel create passes the same check meanwhile
        // (made certain by the rule's barrier instead of hoped for with a sleep).
        if flaw == .awaitBetweenCheckAndInsert { await OverlapBarrier.current?.arrive() }
        let now = clock.timestamp()
        let contact = Contact(id: UUID(), name: checkedName, email: checkedEmail, phone: checkedPhone, createdAt: now, updatedAt: now)
        records.append(contact)
        emailIndex.insert(checkedEmail)
        return contact
    }

    func contact(id: UUID) async throws -> Contact {
        guard let contact = records.first(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        return contact
    }

    func contacts(_ query: ContactQuery) async throws -> [Contact] {
        try query.validate()
        let found = records.filter { TextKey.matches($0.name, search: query.effectiveSearch) }
        return Hand.page(RecordOrder.contacts(found), limit: query.limit, offset: query.offset)
    }

    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        guard let index = records.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        var contact = records[index]
        let oldEmail = contact.email
        if let name = changes.name { contact.name = try Validation.name(name) }
        if let email = changes.email {
            contact.email = try Validation.email(email)
            let key = flaw == .updateLooksUpTyped ? Validation.trimmed(email) : contact.email
            if key != oldEmail, isTaken(key) { throw CRUDError.duplicate(field: .email) }
        }
        if let phone = changes.phone { contact.phone = try Validation.phone(phone) }
        contact.updatedAt = clock.timestamp()
        emailIndex.remove(oldEmail)
        emailIndex.insert(contact.email)
        records[index] = contact
        return contact
    }

    func deleteContact(id: UUID) async throws {
        guard let index = records.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        emailIndex.remove(records.remove(at: index).email)
    }

}
