import CRUDSpec
import Foundation

/// The obviously correct model the fuzzer compares backends with: the live records of each
/// kind in an array in creation order, the specification's own ``Validation`` and
/// ``TextKey``, and the orders of ``RecordOrder`` written out as plain sort keys.
///
/// Records are named by keys, 0, 1, 2… in creation order across both kinds; the runner maps
/// a backend's ids to them. The model cannot know which instant a write gets (see
/// ``FuzzStamp``), so it answers `now` and records the backend's instant with ``settle(now:)``.
struct FuzzModel {
    struct Task: Hashable {
        var key: Int
        var title: String
        var notes: String?
        var isCompleted: Bool
        var createdAt: FuzzStamp
        var updatedAt: FuzzStamp

        var description: String {
            "task \(FuzzModel.name(key)) {title: \(Show.exact(title)), notes: \(notes.map(Show.exact) ?? "nil"), "
                + "isCompleted: \(isCompleted), createdAt: \(createdAt.description), updatedAt: \(updatedAt.description)}"
        }
    }

    struct Contact: Hashable {
        var key: Int
        var name: String
        var email: String
        var phone: String?
        var createdAt: FuzzStamp
        var updatedAt: FuzzStamp

        var description: String {
            "contact \(FuzzModel.name(key)) {name: \(Show.exact(name)), email: \(Show.exact(email)), "
                + "phone: \(phone.map(Show.exact) ?? "nil"), createdAt: \(createdAt.description), updatedAt: \(updatedAt.description)}"
        }
    }

    enum Kind {
        case task, contact
    }

    /// Live tasks, oldest-created first.
    private(set) var tasks: [Task] = []
    /// Live contacts, oldest-created first.
    private(set) var contacts: [Contact] = []
    private var deletedTaskKeys: [Int] = []
    private var deletedContactKeys: [Int] = []
    private var nextKey = 0

    /// How a key reads in failures; keys below zero are ids the runner never saw created.
    static func name(_ key: Int) -> String {
        key >= 0 ? "#\(key)" : "#? (an id never returned by a create)"
    }

    /// The key of the record `target` names in an operation on records of `kind`, or nil for
    /// an id that no record ever had. The record may be of the other kind, or deleted.
    func key(_ target: FuzzTarget, for kind: Kind) -> Int? {
        let (same, other, deleted) =
            kind == .task
            ? (tasks.map(\.key), contacts.map(\.key), deletedTaskKeys) : (contacts.map(\.key), tasks.map(\.key), deletedContactKeys)
        func element(_ keys: [Int], _ index: Int) -> Int? { keys.isEmpty ? nil : keys[index % keys.count] }
        switch target {
        case .live(let index): return element(same, index)
        case .otherKind(let index): return element(other, index)
        case .deleted(let index): return element(deleted, index)
        case .unknown: return nil
        }
    }

    /// Records the instant the backend chose for every `now` of the last answer.
    mutating func settle(now: Int64) {
        func settled(_ stamp: FuzzStamp) -> FuzzStamp { stamp == .now ? .at(milliseconds: now) : stamp }
        for index in tasks.indices {
            tasks[index].createdAt = settled(tasks[index].createdAt)
            tasks[index].updatedAt = settled(tasks[index].updatedAt)
        }
        for index in contacts.indices {
            contacts[index].createdAt = settled(contacts[index].createdAt)
            contacts[index].updatedAt = settled(contacts[index].updatedAt)
        }
    }

    // MARK: Operations

    /// Applies `operation` and returns what a correct store answers.
    mutating func apply(_ operation: FuzzOperation) -> FuzzOutcome {
        switch operation {
        case .createTask(let rawTitle, let rawNotes):
            let title = Checked { () throws(CRUDError) in try Validation.title(rawTitle) }
            let notes = Checked { () throws(CRUDError) in try Validation.notes(rawNotes) }
            guard let title = title.value, let notes = notes.value else { return .rejected(Set(title.rejections + notes.rejections)) }
            let task = Task(key: newKey(), title: title, notes: notes, isCompleted: false, createdAt: .now, updatedAt: .now)
            tasks.append(task)
            return .task(task)
        case .readTask(let target):
            guard let index = taskIndex(target) else { return .rejected([.notFound]) }
            return .task(tasks[index])
        case .renameTask(let target, let rawTitle):
            let title = Checked { () throws(CRUDError) in try Validation.title(rawTitle) }
            return updateTask(target, rejections: title.rejections) { task in if let title = title.value { task.title = title } }
        case .editNotes(let target, let rawNotes):
            let notes = Checked { () throws(CRUDError) in try Validation.notes(rawNotes) }
            return updateTask(target, rejections: notes.rejections) { task in if let notes = notes.value { task.notes = notes } }
        case .setCompleted(let target, let value):
            return updateTask(target, rejections: []) { $0.isCompleted = value }
        case .toggle(let target):
            return updateTask(target, rejections: []) { $0.isCompleted.toggle() }
        case .deleteTask(let target):
            guard let index = taskIndex(target) else { return .rejected([.notFound]) }
            deletedTaskKeys.append(tasks.remove(at: index).key)
            return .done
        case .importTasks(let rawTitles):
            // One error only: the first invalid title, with its position.
            let titles = Checked { () throws(CRUDError) in try Validation.titles(rawTitles) }
            guard let titles = titles.value else { return .rejected(Set(titles.rejections)) }
            let created = titles.map { Task(key: newKey(), title: $0, notes: nil, isCompleted: false, createdAt: .now, updatedAt: .now) }
            tasks += created
            return .tasks(created)
        case .listTasks(let query):
            guard Checked({ () throws(CRUDError) in try query.validate() }).value != nil else { return .rejected([.invalidQuery]) }
            return .tasks(Self.page(Self.ordered(matching(query), by: query.sort), limit: query.limit, offset: query.offset))
        case .countTasks(let query):
            guard Checked({ () throws(CRUDError) in try query.validate() }).value != nil else { return .rejected([.invalidQuery]) }
            return .count(matching(query).count)
        case .createContact(let rawName, let rawEmail, let rawPhone):
            let name = Checked { () throws(CRUDError) in try Validation.name(rawName) }
            let email = Checked { () throws(CRUDError) in try Validation.email(rawEmail) }
            let phone = Checked { () throws(CRUDError) in try Validation.phone(rawPhone) }
            let taken = email.value.map { email in contacts.contains { Self.sameText($0.email, email) } } ?? false
            guard let name = name.value, let email = email.value, let phone = phone.value, !taken else {
                return .rejected(Set(name.rejections + email.rejections + phone.rejections + (taken ? [.duplicate(.email)] : [])))
            }
            let contact = Contact(key: newKey(), name: name, email: email, phone: phone, createdAt: .now, updatedAt: .now)
            contacts.append(contact)
            return .contact(contact)
        case .readContact(let target):
            guard let index = contactIndex(target) else { return .rejected([.notFound]) }
            return .contact(contacts[index])
        case .updateContact(let target, let changes):
            return updateContact(target, changes)
        case .deleteContact(let target):
            guard let index = contactIndex(target) else { return .rejected([.notFound]) }
            deletedContactKeys.append(contacts.remove(at: index).key)
            return .done
        case .listContacts(let query):
            guard Checked({ () throws(CRUDError) in try query.validate() }).value != nil else { return .rejected([.invalidQuery]) }
            let found = contacts.filter { TextKey.matches($0.name, search: query.effectiveSearch) }
            return .contacts(Self.page(Self.ordered(found), limit: query.limit, offset: query.offset))
        case .reopen:
            return .everything(tasks: Self.ordered(tasks, by: .newestFirst), contacts: Self.ordered(contacts))
        case .moveClock:
            return .done
        }
    }

    private mutating func newKey() -> Int {
        defer { nextKey += 1 }
        return nextKey
    }

    private func taskIndex(_ target: FuzzTarget) -> Int? {
        key(target, for: .task).flatMap { key in tasks.firstIndex { $0.key == key } }
    }

    private func contactIndex(_ target: FuzzTarget) -> Int? {
        key(target, for: .contact).flatMap { key in contacts.firstIndex { $0.key == key } }
    }

    /// An update of a task: rejected when the id is unknown or a value invalid (any of the
    /// errors), otherwise `change` applies and `updatedAt` becomes now; `createdAt` stays.
    private mutating func updateTask(_ target: FuzzTarget, rejections: [FuzzRejection], _ change: (inout Task) -> Void)
        -> FuzzOutcome
    {
        let index = taskIndex(target)
        guard let index, rejections.isEmpty else { return .rejected(Set(rejections + (index == nil ? [.notFound] : []))) }
        change(&tasks[index])
        tasks[index].updatedAt = .now
        return .task(tasks[index])
    }

    /// An update of a contact: only the fields it names change, each validated as on create;
    /// an email another contact holds (its stored form, trimmed and lowercased, scalar for scalar) is a duplicate.
    private mutating func updateContact(_ target: FuzzTarget, _ changes: ContactChanges) -> FuzzOutcome {
        let index = contactIndex(target)
        let name = changes.name.map { raw in Checked { () throws(CRUDError) in try Validation.name(raw) } }
        let email = changes.email.map { raw in Checked { () throws(CRUDError) in try Validation.email(raw) } }
        let phone = changes.phone.map { raw in Checked { () throws(CRUDError) in try Validation.phone(raw) } }
        let targetKey = index.map { contacts[$0].key }
        let taken =
            email?.value.map { email in contacts.contains { $0.key != targetKey && Self.sameText($0.email, email) } } ?? false
        var rejections = (name?.rejections ?? []) + (email?.rejections ?? []) + (phone?.rejections ?? [])
        if taken { rejections.append(.duplicate(.email)) }
        if index == nil { rejections.append(.notFound) }
        guard let index, rejections.isEmpty else { return .rejected(Set(rejections)) }
        if let name = name?.value { contacts[index].name = name }
        if let email = email?.value { contacts[index].email = email }
        if let phone = phone?.value { contacts[index].phone = phone }
        contacts[index].updatedAt = .now
        return .contact(contacts[index])
    }

    // MARK: Reading

    /// The tasks that pass the query's filter and search, oldest-created first.
    private func matching(_ query: TaskQuery) -> [Task] {
        tasks.filter { task in
            let passes =
                switch query.filter {
                case .all: true
                case .completed: task.isCompleted
                case .incomplete: !task.isCompleted
                }
            return passes && TextKey.matches(task.title, search: query.effectiveSearch)
        }
    }

    /// `tasks`, given oldest-created first, in the order of `sort` (``RecordOrder/tasks(_:sortedBy:)``):
    /// newest first is the later `createdAt` first, then the later-created first; title order
    /// is the folded title, then the exact title, both by scalars, then the earlier-created first.
    static func ordered(_ tasks: [Task], by sort: TaskSort) -> [Task] {
        let numbered = Array(tasks.enumerated())
        switch sort {
        case .newestFirst:
            return numbered.sorted { lhs, rhs in
                let (left, right) = (lhs.element.createdAt.milliseconds, rhs.element.createdAt.milliseconds)
                if left != right { return left > right }
                return lhs.offset > rhs.offset
            }.map(\.element)
        case .title:
            return numbered.sorted { lhs, rhs in
                let (left, right) = (TextKey.folded(lhs.element.title), TextKey.folded(rhs.element.title))
                if !sameText(left, right) { return TextKey.scalarOrder(left, right) }
                if !sameText(lhs.element.title, rhs.element.title) { return TextKey.scalarOrder(lhs.element.title, rhs.element.title) }
                return lhs.offset < rhs.offset
            }.map(\.element)
        }
    }

    /// `contacts`, given oldest-created first, in contact order (``RecordOrder/contacts(_:)``):
    /// the folded name by scalars, then the email by scalars, then the earlier-created first.
    static func ordered(_ contacts: [Contact]) -> [Contact] {
        Array(contacts.enumerated()).sorted { lhs, rhs in
            let (left, right) = (TextKey.folded(lhs.element.name), TextKey.folded(rhs.element.name))
            if !sameText(left, right) { return TextKey.scalarOrder(left, right) }
            if !sameText(lhs.element.email, rhs.element.email) { return TextKey.scalarOrder(lhs.element.email, rhs.element.email) }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The page of `records` after skipping `offset`, at most `limit`.
    static func page<Record>(_ records: [Record], limit: Int?, offset: Int) -> [Record] {
        let rest = records.dropFirst(offset)
        return Array(rest.prefix(limit ?? rest.count))
    }

    /// Text equality scalar for scalar. Swift's `==` on String treats canonically equivalent
    /// texts as equal ("é" and "e\u{301}"); the specification does not.
    static func sameText(_ lhs: String, _ rhs: String) -> Bool {
        lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
    }
}

extension FuzzStamp {
    /// The milliseconds of a known date. The model settles every `now` before the next
    /// operation, so sorting never meets one; it would sort as the latest instant.
    fileprivate var milliseconds: Int64 {
        if case .at(let milliseconds) = self { return milliseconds }
        return .max
    }
}

/// The result of one validation, kept as a value so that every error of an operation can
/// be collected before deciding.
private struct Checked<Value> {
    let value: Value?
    let rejections: [FuzzRejection]

    init(_ body: () throws(CRUDError) -> Value) {
        do {
            value = try body()
            rejections = []
        } catch {
            value = nil
            rejections = [FuzzRejection(error)]
        }
    }
}
