import CRUDSpec
import Foundation

/// Everything a store holds, read through its list operations.
struct Snapshot {
    var tasks: [TaskItem]
    var contacts: [Contact]

    static func same(_ lhs: TaskItem, _ rhs: TaskItem) -> Bool {
        lhs.id == rhs.id && exact(lhs.title, rhs.title) && exact(lhs.notes, rhs.notes) && lhs.isCompleted == rhs.isCompleted
            && sameInstant(lhs.createdAt, rhs.createdAt) && sameInstant(lhs.updatedAt, rhs.updatedAt)
    }

    static func same(_ lhs: Contact, _ rhs: Contact) -> Bool {
        lhs.id == rhs.id && exact(lhs.name, rhs.name) && exact(lhs.email, rhs.email) && exact(lhs.phone, rhs.phone)
            && sameInstant(lhs.createdAt, rhs.createdAt) && sameInstant(lhs.updatedAt, rhs.updatedAt)
    }

    private static func exact(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let lhs?, let rhs?): lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
        default: false
        }
    }

    private static func sameInstant(_ lhs: Date, _ rhs: Date) -> Bool {
        Timestamp.milliseconds(lhs) == Timestamp.milliseconds(rhs)
    }
}

/// The steps checks repeat, each named in failures after the call it makes.
extension CheckContext {
    func createTask(_ title: String, notes: String? = nil) async throws -> TaskItem {
        try await attempt(Describe.createTask(title, notes)) { try await store.createTask(title: title, notes: notes) }
    }

    /// Creates tasks with these titles, each later than the one before, oldest first.
    func createTasks(_ titles: [String]) async throws -> [TaskItem] {
        var tasks: [TaskItem] = []
        for title in titles {
            await letTimePass(seconds: 1)
            tasks.append(try await createTask(title))
        }
        return tasks
    }

    func createContact(_ name: String, _ email: String, phone: String? = nil) async throws -> Contact {
        try await attempt(Describe.createContact(name, email, phone)) {
            try await store.createContact(name: name, email: email, phone: phone)
        }
    }

    func task(_ id: UUID) async throws -> TaskItem {
        try await attempt("task(id: \(Show.id(id)))") { try await store.task(id: id) }
    }

    func contact(_ id: UUID) async throws -> Contact {
        try await attempt("contact(id: \(Show.id(id)))") { try await store.contact(id: id) }
    }

    func list(_ query: TaskQuery = TaskQuery()) async throws -> [TaskItem] {
        try await attempt(Describe.query(query)) { try await store.tasks(query) }
    }

    func listContacts(_ query: ContactQuery = ContactQuery()) async throws -> [Contact] {
        try await attempt(Describe.query(query)) { try await store.contacts(query) }
    }

    func count(_ query: TaskQuery = TaskQuery()) async throws -> Int {
        try await attempt("countTasks(\(Describe.queryArguments(query)))") { try await store.countTasks(query) }
    }

    func snapshot() async throws -> Snapshot {
        Snapshot(tasks: try await list(), contacts: try await listContacts())
    }

    /// Requires the store to hold exactly what `before` holds: used after rejected operations.
    func expectUnchanged(since before: Snapshot, after step: String) async throws {
        let now = try await snapshot()
        try expect(
            now.tasks.elementsEqual(before.tasks, by: Snapshot.same), "the tasks after \(step)",
            expected: "unchanged: \(Show.value(before.tasks))", actual: Show.value(now.tasks))
        try expect(
            now.contacts.elementsEqual(before.contacts, by: Snapshot.same), "the contacts after \(step)",
            expected: "unchanged: \(Show.value(before.contacts))", actual: Show.value(now.contacts))
    }

    /// Requires every record but `changed` to be as it was in `before`, in every field,
    /// and no record to have appeared or gone: what an update of one record promises.
    func expectOthersUnchanged(since before: Snapshot, except changed: UUID, after step: String) async throws {
        let now = try await snapshot()
        let (tasksBefore, tasksNow) = (before.tasks.filter { $0.id != changed }, now.tasks.filter { $0.id != changed })
        try expect(
            tasksNow.elementsEqual(tasksBefore, by: Snapshot.same) && now.tasks.count == before.tasks.count,
            "the other tasks after \(step)", expected: "unchanged: \(Show.value(tasksBefore))", actual: Show.value(tasksNow))
        let (contactsBefore, contactsNow) = (before.contacts.filter { $0.id != changed }, now.contacts.filter { $0.id != changed })
        try expect(
            contactsNow.elementsEqual(contactsBefore, by: Snapshot.same) && now.contacts.count == before.contacts.count,
            "the other contacts after \(step)", expected: "unchanged: \(Show.value(contactsBefore))", actual: Show.value(contactsNow))
    }

    /// Requires `operation` to be rejected with `expected` and to leave the store as it was.
    func expectRejected<T>(_ step: String, _ expected: ErrorExpectation, _ operation: () async throws -> T) async throws {
        let before = try await snapshot()
        try await expectError(step, expected, operation)
        try await expectUnchanged(since: before, after: "the rejected \(step)")
    }

    /// Requires the exact text, scalar by scalar: `==` on String would accept a
    /// canonically equivalent but different sequence, such as a normalized one.
    func expectExactText(_ actual: String?, _ expected: String?, _ what: String) throws {
        let same: Bool =
            switch (actual, expected) {
            case (nil, nil): true
            case (let actual?, let expected?): actual.unicodeScalars.elementsEqual(expected.unicodeScalars)
            default: false
            }
        try expect(
            same, what, expected: Show.value(expected as Any) + Describe.scalars(expected),
            actual: Show.value(actual as Any) + Describe.scalars(actual))
    }

    /// Requires two tasks to be equal in every field, with dates to the millisecond.
    func expectSameTask(_ actual: TaskItem, _ expected: TaskItem, _ what: String) throws {
        try expectEqual(actual.id, expected.id, "\(what): id")
        try expectExactText(actual.title, expected.title, "\(what): title")
        try expectExactText(actual.notes, expected.notes, "\(what): notes")
        try expectEqual(actual.isCompleted, expected.isCompleted, "\(what): isCompleted")
        try expectSameInstant(actual.createdAt, expected.createdAt, "\(what): createdAt")
        try expectSameInstant(actual.updatedAt, expected.updatedAt, "\(what): updatedAt")
    }

    /// Requires two contacts to be equal in every field, with dates to the millisecond.
    func expectSameContact(_ actual: Contact, _ expected: Contact, _ what: String) throws {
        try expectEqual(actual.id, expected.id, "\(what): id")
        try expectExactText(actual.name, expected.name, "\(what): name")
        try expectExactText(actual.email, expected.email, "\(what): email")
        try expectExactText(actual.phone, expected.phone, "\(what): phone")
        try expectSameInstant(actual.createdAt, expected.createdAt, "\(what): createdAt")
        try expectSameInstant(actual.updatedAt, expected.updatedAt, "\(what): updatedAt")
    }

    // MARK: Time

    /// The suite's clock, for rules that require ``Capability/injectedClock``. A rule that
    /// uses it without requiring it is a mistake of the suite: on a backend with a clock of
    /// its own, the check fails here and says so, instead of passing on dates nobody set.
    var clock: ManualClock {
        get throws(CheckFailure) {
            guard backend.capabilities.contains(.injectedClock) else {
                throw CheckFailure(
                    step: "using the suite's clock",
                    expected: "only in rules that require injectedClock (a mistake in the suite, not in \(backendName))",
                    actual: "\(backendName) keeps its own time, and this rule does not declare that it needs the suite's clock")
            }
            return suiteClock
        }
    }

    /// Makes the next write happen later than the last: the suite's clock moves on by
    /// `seconds`, or, on a backend with its own clock, real time passes the next
    /// millisecond (dates are compared to the millisecond).
    func letTimePass(seconds: TimeInterval = 61.234) async {
        if backend.capabilities.contains(.injectedClock) {
            suiteClock.advance(seconds: seconds)
        } else {
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Moves the clock to a new instant with a millisecond part, so dates that lose
    /// their milliseconds are caught, and returns it.
    @discardableResult
    func tick(seconds: TimeInterval = 61.234) throws -> Date {
        let clock = try clock
        clock.advance(seconds: seconds)
        return clock.peek()
    }

    /// How far the clock moves on each read in rules about time: 7 ms, so two reads in one
    /// operation give two different millisecond timestamps.
    static let clockStep: TimeInterval = 0.007

    /// From now on the clock moves on every read, so a store that reads it twice in one
    /// operation, or not at all, is seen. Rules about time start with this.
    func moveClockOnEveryRead() throws {
        try clock.startStepping(by: Self.clockStep)
    }

    /// Runs `operation` (which must succeed) and returns its result with the instants the
    /// store read from the stepping clock meanwhile.
    func timed<T>(_ step: String, _ operation: () async throws -> T) async throws -> (value: T, instants: [Date]) {
        let clock = try clock
        let mark = clock.readCount
        let value = try await attempt(step, operation)
        return (value, clock.instantsRead(since: mark))
    }

    /// Requires `date` to be one of the instants the clock handed out during the call.
    func expectClockReading(_ date: Date, among instants: [Date], _ what: String) throws {
        let wanted = Timestamp.milliseconds(date)
        try expect(
            instants.contains { Timestamp.milliseconds($0) == wanted }, what,
            expected:
                instants.isEmpty
                ? "the clock's now during the call (but the store never read the clock)"
                : "the clock's now during the call: " + instants.map(Show.date).joined(separator: " or "),
            actual: Show.date(date))
    }
}

/// How steps are named in failures: as the calls a reader would write.
enum Describe {
    static func createTask(_ title: String, _ notes: String?) -> String {
        let notesPart = notes.map { ", notes: \(Show.text($0))" } ?? ""
        return "createTask(title: \(Show.text(title))\(notesPart))"
    }

    static func createContact(_ name: String, _ email: String, _ phone: String?) -> String {
        let phonePart = phone.map { ", phone: \(Show.text($0))" } ?? ""
        return "createContact(name: \(Show.text(name)), email: \(Show.text(email))\(phonePart))"
    }

    static func query(_ query: TaskQuery) -> String { "tasks(\(queryArguments(query)))" }

    static func queryArguments(_ query: TaskQuery, showing text: (String) -> String = Show.text) -> String {
        var parts: [String] = []
        if query.filter != .all { parts.append("filter: .\(query.filter)") }
        if let search = query.search { parts.append("search: \(text(search))") }
        if query.sort != .newestFirst { parts.append("sort: .\(query.sort)") }
        if let limit = query.limit { parts.append("limit: \(limit)") }
        if query.offset != 0 { parts.append("offset: \(query.offset)") }
        return parts.joined(separator: ", ")
    }

    static func query(_ query: ContactQuery, showing text: (String) -> String = Show.text) -> String {
        var parts: [String] = []
        if let search = query.search { parts.append("search: \(text(search))") }
        if let limit = query.limit { parts.append("limit: \(limit)") }
        if query.offset != 0 { parts.append("offset: \(query.offset)") }
        return "contacts(\(parts.joined(separator: ", ")))"
    }

    static func changes(_ changes: ContactChanges, showing text: (String) -> String = Show.text) -> String {
        let parts = [("name", changes.name), ("email", changes.email), ("phone", changes.phone)].compactMap { label, value in
            value.map { "\(label): \(text($0))" }
        }
        return parts.isEmpty ? "no changes" : parts.joined(separator: ", ")
    }

    /// The scalars of a text, for texts whose difference may be invisible.
    static func scalars(_ text: String?) -> String {
        guard let text, text.unicodeScalars.contains(where: { !$0.isASCII }) || text.count != text.unicodeScalars.count
        else { return "" }
        let codes = text.unicodeScalars.prefix(24).map { "U+" + String($0.value, radix: 16, uppercase: true) }
        return " [" + codes.joined(separator: " ") + (text.unicodeScalars.count > 24 ? " …" : "") + "]"
    }
}
