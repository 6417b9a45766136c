import CRUDMemory
import CRUDSpec
import Foundation

/// Where a hand-written email index goes wrong.
enum EmailIndexFlaw: Sendable {
    /// No flaw: the index holds normalized emails and is checked before every write.
    case none
    /// Create looks the email up as typed (trimmed, not lowercased).
    case createLooksUpTyped
    /// Update looks the new email up as typed (trimmed, not lowercased).
    case updateLooksUpTyped
    /// Create awaits a write between the check and the insert, so parallel creates all pass the check.
    case awaitBetweenCheckAndInsert
}

/// Tasks in a memory store; contacts in an array with a separate set of taken emails, as a
/// developer would write them without a database's unique index.
actor EmailIndexStore: CRUDSpec {
    let taskStore: MemoryStore
    private let clock: any CRUDClock
    private let flaw: EmailIndexFlaw
    private var records: [Contact]
    private var emailIndex: Set<String>

    init(tasks: MemoryStore, clock: any CRUDClock, contacts: [Contact] = [], indexed: Bool = true, flaw: EmailIndexFlaw = .none) {
        taskStore = tasks
        self.clock = clock
        self.flaw = flaw
        records = contacts
        emailIndex = indexed ? Set(contacts.map(\.email)) : []
    }

    func allContacts() -> [Contact] { records }

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let checkedName = try Validation.name(name)
        let checkedEmail = try Validation.email(email)
        let checkedPhone = try Validation.phone(phone)
        let key = flaw == .createLooksUpTyped ? Validation.trimmed(email) : checkedEmail
        if emailIndex.contains(key) { throw CRUDError.duplicate(field: .email) }
        if flaw == .awaitBetweenCheckAndInsert { try? await Task.sleep(nanoseconds: 10_000_000) }
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
            if key != oldEmail, emailIndex.contains(key) { throw CRUDError.duplicate(field: .email) }
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

    func createTask(title: String, notes: String?) async throws -> TaskItem { try await taskStore.createTask(title: title, notes: notes) }
    func task(id: UUID) async throws -> TaskItem { try await taskStore.task(id: id) }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await taskStore.tasks(query) }
    func countTasks(_ query: TaskQuery) async throws -> Int { try await taskStore.countTasks(query) }
    func renameTask(id: UUID, to title: String) async throws -> TaskItem { try await taskStore.renameTask(id: id, to: title) }
    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem { try await taskStore.editTaskNotes(id: id, notes: notes) }
    func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem {
        try await taskStore.setTaskCompleted(id: id, isCompleted)
    }
    func toggleTask(id: UUID) async throws -> TaskItem { try await taskStore.toggleTask(id: id) }
    func deleteTask(id: UUID) async throws { try await taskStore.deleteTask(id: id) }
    func importTasks(titles: [String]) async throws -> [TaskItem] { try await taskStore.importTasks(titles: titles) }
    func close() async throws { await taskStore.close() }
}
