import CRUDSpec
import Foundation

/// Every task and contact of a store, with the whole CRUD logic of the specification, as a
/// plain value.
///
/// ``MemoryStore`` is an actor around one of these; a file-backed store can load one,
/// apply an operation to a copy, write the copy and only then keep it, which makes
/// "a failed write changes nothing" easy to get right.
///
/// Records keep a creation sequence, so ties in order are decided by creation and
/// never left to chance. Each task keeps its title's sort and search keys, made when the
/// title is set, and the tasks are kept in title order, so a list neither folds titles nor
/// sorts. Two states are equal when they hold equal records in the same creation order.
public struct StoreState: Sendable, Hashable {
    private struct Entry<Record: Sendable & Hashable>: Sendable, Hashable {
        var sequence: Int
        var record: Record
    }

    /// The tasks, with their title keys and orders kept up to date.
    private var taskTable = TaskTable()
    private var contactEntries: [UUID: Entry<Contact>] = [:]
    /// Stored email, by its exact UTF-8, to contact id: the unique index. Not keyed by
    /// `String`, whose equality is canonical equivalence: the specification counts
    /// `josé` typed precomposed and decomposed as two different addresses, as SQL does.
    private var contactIDByEmail: [[UInt8]: UUID] = [:]
    private var nextSequence = 0

    /// An empty state.
    public init() {}

    /// A state holding these records, oldest-created first.
    ///
    /// Throws `CRUDError.duplicate(field:)` with `.email` when two contacts share an
    /// email; a loader should report that as a corrupt store.
    public init(tasks: [TaskItem], contacts: [Contact]) throws(CRUDError) {
        taskTable.append(contentsOf: tasks)
        for contact in contacts {
            guard contactIDByEmail[Array(contact.email.utf8)] == nil else { throw .duplicate(field: .email) }
            insert(contact)
        }
    }

    /// Every task, oldest-created first.
    public var tasksInCreationOrder: [TaskItem] { taskTable.inCreationOrder }

    /// Every contact, oldest-created first.
    public var contactsInCreationOrder: [Contact] { Self.inCreationOrder(contactEntries) }

    // MARK: Tasks

    /// Creates a task at `now`. See `CRUDSpec.createTask(title:notes:)`.
    public mutating func createTask(title: String, notes: String?, now: Date) throws(CRUDError) -> TaskItem {
        let task = TaskItem(
            id: UUID.random(), title: try Validation.title(title), notes: try Validation.notes(notes),
            isCompleted: false, createdAt: now, updatedAt: now)
        taskTable.append(contentsOf: CollectionOfOne(task))
        return task
    }

    /// The task with `id`, or `CRUDError.notFound(id:)`.
    public func task(id: UUID) throws(CRUDError) -> TaskItem {
        guard let task = taskTable.task(id: id) else { throw .notFound(id: id) }
        return task
    }

    /// The tasks of `query`. See `CRUDSpec.tasks(_:)`.
    public func tasks(_ query: TaskQuery) throws(CRUDError) -> [TaskItem] {
        try query.validate()
        return taskTable.tasks(query)
    }

    /// How many tasks pass the filter and search of `query`.
    public func countTasks(_ query: TaskQuery) throws(CRUDError) -> Int {
        try query.validate()
        return taskTable.count(query)
    }

    /// Renames a task. See `CRUDSpec.renameTask(id:to:)`.
    public mutating func renameTask(id: UUID, to title: String, now: Date) throws(CRUDError) -> TaskItem {
        let title = try Validation.title(title)
        return try updateTask(id: id, now: now) { $0.title = title }
    }

    /// Replaces a task's notes. See `CRUDSpec.editTaskNotes(id:notes:)`.
    public mutating func editTaskNotes(id: UUID, notes: String?, now: Date) throws(CRUDError) -> TaskItem {
        let notes = try Validation.notes(notes)
        return try updateTask(id: id, now: now) { $0.notes = notes }
    }

    /// Sets a task's completion. See `CRUDSpec.setTaskCompleted(id:_:)`.
    public mutating func setTaskCompleted(id: UUID, _ isCompleted: Bool, now: Date) throws(CRUDError) -> TaskItem {
        try updateTask(id: id, now: now) { $0.isCompleted = isCompleted }
    }

    /// Flips a task's completion. See `CRUDSpec.toggleTask(id:)`.
    public mutating func toggleTask(id: UUID, now: Date) throws(CRUDError) -> TaskItem {
        try updateTask(id: id, now: now) { $0.isCompleted.toggle() }
    }

    /// Deletes a task, or throws `CRUDError.notFound(id:)`.
    public mutating func deleteTask(id: UUID) throws(CRUDError) {
        guard taskTable.remove(id: id) != nil else { throw .notFound(id: id) }
    }

    /// Creates every title or none. See `CRUDSpec.importTasks(titles:)`.
    public mutating func importTasks(titles: [String], now: Date) throws(CRUDError) -> [TaskItem] {
        let titles = try Validation.titles(titles)
        let tasks = TaskItem.imported(titles: titles, at: now)
        taskTable.append(contentsOf: tasks)
        return tasks
    }

    // MARK: Contacts

    /// Creates a contact at `now`. See `CRUDSpec.createContact(name:email:phone:)`.
    public mutating func createContact(name: String, email: String, phone: String?, now: Date) throws(CRUDError) -> Contact {
        let contact = Contact(
            id: UUID.random(), name: try Validation.name(name), email: try Validation.email(email),
            phone: try Validation.phone(phone), createdAt: now, updatedAt: now)
        guard contactIDByEmail[Array(contact.email.utf8)] == nil else { throw .duplicate(field: .email) }
        insert(contact)
        return contact
    }

    /// The contact with `id`, or `CRUDError.notFound(id:)`.
    public func contact(id: UUID) throws(CRUDError) -> Contact {
        guard let entry = contactEntries[id] else { throw .notFound(id: id) }
        return entry.record
    }

    /// The contacts of `query`. See `CRUDSpec.contacts(_:)`.
    public func contacts(_ query: ContactQuery) throws(CRUDError) -> [Contact] {
        try query.validate()
        let term = query.effectiveSearch
        let found = contactsInCreationOrder.filter { TextKey.matches($0.name, search: term) }
        return Self.page(RecordOrder.contacts(found), limit: query.limit, offset: query.offset)
    }

    /// Updates a contact. See `CRUDSpec.updateContact(id:_:)`.
    public mutating func updateContact(id: UUID, _ changes: ContactChanges, now: Date) throws(CRUDError) -> Contact {
        guard var entry = contactEntries[id] else { throw .notFound(id: id) }
        let oldEmail = entry.record.email
        if let name = changes.name { entry.record.name = try Validation.name(name) }
        if let email = changes.email { entry.record.email = try Validation.email(email) }
        if let phone = changes.phone { entry.record.phone = try Validation.phone(phone) }
        if let holder = contactIDByEmail[Array(entry.record.email.utf8)], holder != id { throw .duplicate(field: .email) }
        entry.record.updatedAt = now
        contactIDByEmail[Array(oldEmail.utf8)] = nil
        contactIDByEmail[Array(entry.record.email.utf8)] = id
        contactEntries[id] = entry
        return entry.record
    }

    /// Deletes a contact, or throws `CRUDError.notFound(id:)`.
    public mutating func deleteContact(id: UUID) throws(CRUDError) {
        guard let entry = contactEntries.removeValue(forKey: id) else { throw .notFound(id: id) }
        contactIDByEmail[Array(entry.record.email.utf8)] = nil
    }

    // MARK: Helpers

    private mutating func insert(_ contact: Contact) {
        contactEntries[contact.id] = Entry(sequence: nextSequence, record: contact)
        contactIDByEmail[Array(contact.email.utf8)] = contact.id
        nextSequence += 1
    }

    /// Applies `change` to the task with `id` and stamps `updatedAt`; nothing changes when
    /// the id is unknown.
    private mutating func updateTask(id: UUID, now: Date, _ change: (inout TaskItem) -> Void) throws(CRUDError) -> TaskItem {
        let changed = taskTable.update(id: id) { task in
            change(&task)
            task.updatedAt = now
        }
        guard let changed else { throw .notFound(id: id) }
        return changed
    }

    private static func inCreationOrder<Record>(_ entries: [UUID: Entry<Record>]) -> [Record] {
        entries.values.sorted { $0.sequence < $1.sequence }.map(\.record)
    }

    private static func page<Record>(_ records: [Record], limit: Int?, offset: Int) -> [Record] {
        let rest = records.dropFirst(offset)
        return Array(limit.map { rest.prefix($0) } ?? rest)
    }
}
