import CRUDSpec
import Foundation

/// A whole ``CRUDSpec`` store built from exercise parts, so the conformance rules can
/// grade each part through the same operations they check on every backend.
///
/// Every operation goes through the parts: validation first, then the change, so a
/// refused value never reaches the list.
public actor ExerciseStore: CRUDSpec {
    private let parts: ExerciseParts
    private let clock: any CRUDClock
    private var list = TaskList()
    private var contactList = ContactList()

    /// A store whose task operations are `parts`.
    public init(parts: ExerciseParts, clock: any CRUDClock = SystemClock()) {
        self.parts = parts
        self.clock = clock
    }

    public func createTask(title: String, notes: String?) throws -> TaskItem {
        let title = try parts.titleRules.validatedTitle(title)
        let notes = try Validation.notes(notes)
        return try parts.creating.create(title: title, notes: notes, now: clock.timestamp(), in: &list)
    }

    public func task(id: UUID) throws -> TaskItem {
        try parts.creating.task(id: id, in: list)
    }

    /// The plain list of Exercise 2 (every task, newest first) comes from the creating part;
    /// any other query is Exercise 5's.
    public func tasks(_ query: TaskQuery) throws -> [TaskItem] {
        try query.validate()
        if query == TaskQuery() { return try parts.creating.newestFirst(list) }
        return try parts.querying.run(query, on: list)
    }

    public func countTasks(_ query: TaskQuery) throws -> Int {
        var everything = query
        (everything.limit, everything.offset) = (nil, 0)
        return try tasks(everything).count
    }

    public func renameTask(id: UUID, to title: String) throws -> TaskItem {
        let title = try parts.titleRules.validatedTitle(title)
        return try parts.updating.update(id: id, now: clock.timestamp(), in: &list) { $0.title = title }
    }

    public func editTaskNotes(id: UUID, notes: String?) throws -> TaskItem {
        let notes = try Validation.notes(notes)
        return try parts.updating.update(id: id, now: clock.timestamp(), in: &list) { $0.notes = notes }
    }

    public func setTaskCompleted(id: UUID, _ isCompleted: Bool) throws -> TaskItem {
        try parts.updating.update(id: id, now: clock.timestamp(), in: &list) { $0.isCompleted = isCompleted }
    }

    public func toggleTask(id: UUID) throws -> TaskItem {
        try parts.updating.update(id: id, now: clock.timestamp(), in: &list) { $0.isCompleted.toggle() }
    }

    public func deleteTask(id: UUID) throws {
        try parts.deleting.delete(id: id, in: &list)
    }

    /// All or nothing: the titles are validated first, then created on a copy of the list.
    public func importTasks(titles: [String]) throws -> [TaskItem] {
        var validated: [String] = []
        for (index, title) in titles.enumerated() {
            do {
                validated.append(try parts.titleRules.validatedTitle(title))
            } catch CRUDError.validation(var failure) {
                failure.position = index + 1
                throw CRUDError.validation(failure)
            }
        }
        var copy = list
        let now = clock.timestamp()
        let created = try validated.map { try parts.creating.create(title: $0, notes: nil, now: now, in: &copy) }
        list = copy
        return created
    }

    public func createContact(name: String, email: String, phone: String?) throws -> Contact {
        let rules = parts.contactRules
        let (name, email, phone) = (try rules.validatedName(name), try rules.validatedEmail(email), try rules.validatedPhone(phone))
        return try parts.contactSaving.create(name: name, email: email, phone: phone, now: clock.timestamp(), in: &contactList)
    }

    public func contact(id: UUID) throws -> Contact {
        try parts.contactSaving.contact(id: id, in: contactList)
    }

    public func contacts(_ query: ContactQuery) throws -> [Contact] {
        try query.validate()
        return try parts.contactSearching.run(query, on: contactList)
    }

    public func updateContact(id: UUID, _ changes: ContactChanges) throws -> Contact {
        let rules = parts.contactRules
        var validated = ValidatedContactChanges()
        if let name = changes.name { validated.name = try rules.validatedName(name) }
        if let email = changes.email { validated.email = try rules.validatedEmail(email) }
        if let phone = changes.phone { validated.phone = .some(try rules.validatedPhone(phone)) }
        return try parts.contactSaving.update(id: id, validated, now: clock.timestamp(), in: &contactList)
    }

    public func deleteContact(id: UUID) throws {
        try parts.contactSaving.delete(id: id, in: &contactList)
    }

    public func close() {}
}
