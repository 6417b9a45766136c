import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

/// A correct store whose whole state can be rebuilt from records. Mutants that validate
/// text themselves (and let something wrong through) store what they built with it,
/// as a hand-written backend would write its own rows.
///
/// An actor, as such a backend often is: it awaits the read of the records before it writes
/// them back, so parallel writes through it interleave there and lose each other (the rules
/// of concurrency see that, every run: their ``OverlapBarrier`` holds the window open).
actor RebuildingStore: ForwardingStore {
    let inner: MemoryStore
    /// The store's clock, for mutants that stamp records themselves.
    let clock: any CRUDClock

    init(clock: any CRUDClock) {
        self.clock = clock
        inner = MemoryStore(clock: clock)
    }

    /// Installs these records as the whole state; throws when they break an index (equal emails).
    private func rebuild(_ change: @Sendable ([TaskItem], [Contact]) -> (tasks: [TaskItem], contacts: [Contact])) async throws {
        let current = await inner.currentState()
        // Between the read and the write: parallel writes always lose each other here under
        // the concurrency rules, not only when the scheduler happens to interleave them.
        await OverlapBarrier.current?.arrive()
        let records = change(current.tasksInCreationOrder, current.contactsInCreationOrder)
        await inner.replaceState(with: try StoreState(tasks: records.tasks, contacts: records.contacts))
    }

    /// Stores a new task exactly as given, stamped with one reading of the clock unless dates are given.
    func insertTask(title: String, notes: String?, createdAt: Date? = nil, updatedAt: Date? = nil) async throws -> TaskItem {
        let now = clock.timestamp()
        let task = TaskItem(
            id: UUID(), title: title, notes: notes, isCompleted: false, createdAt: createdAt ?? now, updatedAt: updatedAt ?? now)
        try await rebuild { tasks, contacts in (tasks + [task], contacts) }
        return task
    }

    /// `task` changed by `change`, stored in place of the task with its id (keeping its place in
    /// creation order), and returned: a mutant's own write after reading or writing a record.
    nonisolated func amendTask(_ task: TaskItem, _ change: (inout TaskItem) -> Void) async throws -> TaskItem {
        var task = task
        change(&task)
        let amended = task
        try await rebuild { tasks, contacts in (tasks.map { $0.id == amended.id ? amended : $0 }, contacts) }
        return amended
    }

    /// Stores a new contact exactly as given (the email index still refuses equal emails).
    func insertContact(name: String, email: String, phone: String?) async throws -> Contact {
        let now = clock.timestamp()
        let contact = Contact(id: UUID(), name: name, email: email, phone: phone, createdAt: now, updatedAt: now)
        try await rebuild { tasks, contacts in (tasks, contacts + [contact]) }
        return contact
    }

    /// `contact` changed by `change`, stored in place of the contact with its id, and returned.
    nonisolated func amendContact(_ contact: Contact, _ change: (inout Contact) -> Void) async throws -> Contact {
        var contact = contact
        change(&contact)
        let amended = contact
        try await rebuild { tasks, contacts in (tasks, contacts.map { $0.id == amended.id ? amended : $0 }) }
        return amended
    }
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

    /// A phone validated by hand: `isDigit` what counts as a digit, `extra` symbols allowed
    /// besides the right ones, `length` what is measured (the digits counted, or the whole
    /// text), `inRange` the range check. The defaults are the right rule.
    static func phone(
        _ raw: String?, isDigit: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) }, extra: Set<Unicode.Scalar> = [],
        length: (_ text: String, _ digits: Int) -> Int = { _, digits in digits },
        inRange: (Int) -> Bool = Validation.phoneDigits.contains
    ) throws(CRUDError) -> String? {
        guard let raw, !Validation.trimmed(raw).isEmpty else { return nil }
        let text = Validation.trimmed(raw)
        let allowed = Set(" +-().".unicodeScalars).union(extra)
        var digits = 0
        for scalar in text.unicodeScalars {
            if isDigit(scalar) {
                digits += 1
            } else if !allowed.contains(scalar) {
                throw failure(.phone, .invalidPhone)
            }
        }
        guard inRange(length(text, digits)) else { throw failure(.phone, .invalidPhone) }
        return text
    }

    /// An email validated by hand: trimmed and lowercased, refused when empty or too long,
    /// then `shape` (the mutant's own reading of an address) decides whether it is valid.
    static func email(_ raw: String, shape: (String) -> Bool) throws(CRUDError) -> String {
        let text = Validation.trimmed(raw).lowercased()
        if text.isEmpty { throw failure(.email, .empty) }
        if text.count > Validation.maxEmailLength { throw failure(.email, .tooLong(max: Validation.maxEmailLength)) }
        guard shape(text) else { throw failure(.email, .invalidEmail) }
        return text
    }

    /// Deletes every record of `records` whose `column` holds the target's value, as
    /// `DELETE ... WHERE column = ?` would: the target and all its namesakes.
    static func deleteAll<Record: Identifiable>(
        _ records: [Record], sharing column: (Record) -> String, with target: Record, delete: (Record.ID) async throws -> Void
    ) async rethrows {
        for record in records where column(record) == column(target) { try await delete(record.id) }
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
