import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

/// A correct store whose whole state can be rebuilt from records. Mutants that validate
/// text themselves (and let something wrong through) store what they built with it,
/// as a hand-written backend would write its own rows.
actor RebuildingStore: CRUDSpec {
    private var base: MemoryStore
    /// The store's clock, for mutants that stamp records themselves.
    let clock: any CRUDClock

    init(clock: any CRUDClock, state: StoreState = StoreState()) {
        self.clock = clock
        base = MemoryStore(state: state, clock: clock)
    }

    func state() async -> StoreState { await base.currentState() }

    func rebuild(tasks: [TaskItem], contacts: [Contact]) async throws {
        base = MemoryStore(state: try StoreState(tasks: tasks, contacts: contacts), clock: clock)
    }

    /// Stores a new task exactly as given, stamped with one reading of the clock unless dates are given.
    func insertTask(title: String, notes: String?, createdAt: Date? = nil, updatedAt: Date? = nil) async throws -> TaskItem {
        let now = clock.timestamp()
        let task = TaskItem(
            id: UUID(), title: title, notes: notes, isCompleted: false, createdAt: createdAt ?? now, updatedAt: updatedAt ?? now)
        let current = await base.currentState()
        try await rebuild(tasks: current.tasksInCreationOrder + [task], contacts: current.contactsInCreationOrder)
        return task
    }

    /// Replaces the stored task with the same id, keeping its place in creation order.
    func replaceTask(_ task: TaskItem) async throws {
        let current = await base.currentState()
        let tasks = current.tasksInCreationOrder.map { $0.id == task.id ? task : $0 }
        try await rebuild(tasks: tasks, contacts: current.contactsInCreationOrder)
    }

    /// Stores a new contact exactly as given (the email index still refuses equal emails).
    func insertContact(name: String, email: String, phone: String?) async throws -> Contact {
        let now = clock.timestamp()
        let contact = Contact(id: UUID(), name: name, email: email, phone: phone, createdAt: now, updatedAt: now)
        let current = await base.currentState()
        try await rebuild(tasks: current.tasksInCreationOrder, contacts: current.contactsInCreationOrder + [contact])
        return contact
    }

    /// Replaces the stored contact with the same id, keeping its place in creation order.
    func replaceContact(_ contact: Contact) async throws {
        let current = await base.currentState()
        let contacts = current.contactsInCreationOrder.map { $0.id == contact.id ? contact : $0 }
        try await rebuild(tasks: current.tasksInCreationOrder, contacts: contacts)
    }

    func createTask(title: String, notes: String?) async throws -> TaskItem { try await base.createTask(title: title, notes: notes) }
    func task(id: UUID) async throws -> TaskItem { try await base.task(id: id) }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await base.tasks(query) }
    func countTasks(_ query: TaskQuery) async throws -> Int { try await base.countTasks(query) }
    func renameTask(id: UUID, to title: String) async throws -> TaskItem { try await base.renameTask(id: id, to: title) }
    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem { try await base.editTaskNotes(id: id, notes: notes) }
    func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem {
        try await base.setTaskCompleted(id: id, isCompleted)
    }
    func toggleTask(id: UUID) async throws -> TaskItem { try await base.toggleTask(id: id) }
    func deleteTask(id: UUID) async throws { try await base.deleteTask(id: id) }
    func importTasks(titles: [String]) async throws -> [TaskItem] { try await base.importTasks(titles: titles) }
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        try await base.createContact(name: name, email: email, phone: phone)
    }
    func contact(id: UUID) async throws -> Contact { try await base.contact(id: id) }
    func contacts(_ query: ContactQuery) async throws -> [Contact] { try await base.contacts(query) }
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact { try await base.updateContact(id: id, changes) }
    func deleteContact(id: UUID) async throws { try await base.deleteContact(id: id) }
    func close() async throws { await base.close() }
}

/// Small pieces the hand-written mutants share; each mutant gets one thing wrong around them.
enum Hand {
    static func failure(_ field: Field, _ reason: ValidationReason, position: Int? = nil) -> CRUDError {
        .validation(ValidationFailure(field: field, reason: reason, position: position))
    }

    /// `error` with the batch position set, when it is a validation failure.
    static func failureAt(_ error: CRUDError, position: Int) -> CRUDError {
        guard case .validation(var failure) = error else { return error }
        failure.position = position
        return .validation(failure)
    }

    /// The checks of a one-line field on text the caller has already trimmed its own way.
    static func line(
        _ text: String, _ field: Field, max: Int, forbidden: (Unicode.Scalar) -> Bool = Validation.isControl
    ) throws(CRUDError) -> String {
        if text.isEmpty { throw failure(field, .empty) }
        if text.count > max { throw failure(field, .tooLong(max: max)) }
        if text.unicodeScalars.contains(where: forbidden) { throw failure(field, .invalidCharacters) }
        return text
    }

    /// A phone validated by hand: `extra` symbols allowed besides the right ones, `digitCount` the range check.
    static func phone(
        _ raw: String?, extra: Set<Unicode.Scalar> = [], digitCount: (Int) -> Bool = Validation.phoneDigits.contains
    ) throws(CRUDError) -> String? {
        guard let raw, !Validation.trimmed(raw).isEmpty else { return nil }
        let text = Validation.trimmed(raw)
        let allowed = Set(" +-().".unicodeScalars).union(extra)
        var digits = 0
        for scalar in text.unicodeScalars {
            if ("0"..."9").contains(scalar) {
                digits += 1
            } else if !allowed.contains(scalar) {
                throw failure(.phone, .invalidPhone)
            }
        }
        guard digitCount(digits) else { throw failure(.phone, .invalidPhone) }
        return text
    }

    /// The correct filter and search of a task query.
    static func taskMatches(_ task: TaskItem, _ query: TaskQuery) -> Bool {
        query.filter.includes(task) && TextKey.matches(task.title, search: query.effectiveSearch)
    }

    static func page<Record>(_ records: [Record], limit: Int?, offset: Int) -> [Record] {
        let rest = records.dropFirst(max(0, offset))
        return Array(limit.map { rest.prefix(max(0, $0)) } ?? rest)
    }

    /// A literal substring test on Unicode scalars.
    static func containsScalars(_ haystack: String, _ needle: String) -> Bool {
        let hay = Array(haystack.unicodeScalars)
        let pin = Array(needle.unicodeScalars)
        if pin.isEmpty { return true }
        guard hay.count >= pin.count else { return false }
        return (0...(hay.count - pin.count)).contains { hay[$0..<($0 + pin.count)].elementsEqual(pin) }
    }

    /// Lowercases A–Z only, as SQL's lower() does.
    static func asciiLowercased(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32) ?? $0 : $0 }))
    }

    /// Tasks sorted by `key` of their titles (compared by scalars), then optionally the exact
    /// title, then creation (the earlier first, or the later first).
    static func byTitle(
        _ tasks: [TaskItem], key: (String) -> String, exactBreaksTies: Bool = true, laterFirst: Bool = false
    ) -> [TaskItem] {
        let decorated = tasks.enumerated().map { (sequence: $0.offset, task: $0.element, key: key($0.element.title)) }
        return decorated.sorted { lhs, rhs in
            if lhs.key != rhs.key { return TextKey.scalarOrder(lhs.key, rhs.key) }
            if exactBreaksTies, !lhs.task.title.unicodeScalars.elementsEqual(rhs.task.title.unicodeScalars) {
                return TextKey.scalarOrder(lhs.task.title, rhs.task.title)
            }
            return laterFirst ? lhs.sequence > rhs.sequence : lhs.sequence < rhs.sequence
        }.map(\.task)
    }
}

/// A store whose task list and count are computed here from the inner store's records, with
/// one part (the match or the order) replaced by a mutant's version.
struct TaskListingStore: ForwardingStore {
    let inner: MemoryStore
    var matches: @Sendable (TaskItem, TaskQuery) -> Bool = Hand.taskMatches
    var order: @Sendable ([TaskItem], TaskSort) -> [TaskItem] = { RecordOrder.tasks($0, sortedBy: $1) }

    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        try query.validate()
        let all = await inner.currentState().tasksInCreationOrder
        return Hand.page(order(all.filter { matches($0, query) }, query.sort), limit: query.limit, offset: query.offset)
    }

    func countTasks(_ query: TaskQuery) async throws -> Int {
        try query.validate()
        return await inner.currentState().tasksInCreationOrder.filter { matches($0, query) }.count
    }
}

/// A store whose contact list is computed here, with the match or the order replaced.
struct ContactListingStore: ForwardingStore {
    let inner: MemoryStore
    var matches: @Sendable (Contact, String?) -> Bool = { TextKey.matches($0.name, search: $1) }
    var order: @Sendable ([Contact]) -> [Contact] = { RecordOrder.contacts($0) }

    func contacts(_ query: ContactQuery) async throws -> [Contact] {
        try query.validate()
        let all = await inner.currentState().contactsInCreationOrder
        let found = all.filter { matches($0, query.effectiveSearch) }
        return Hand.page(order(found), limit: query.limit, offset: query.offset)
    }
}
