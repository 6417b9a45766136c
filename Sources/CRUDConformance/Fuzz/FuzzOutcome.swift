import CRUDSpec
import Foundation

/// A date in the model: known to the millisecond, or the instant of the current call.
///
/// Stores may read the clock any number of times during an operation, so the model cannot
/// say which instant a write gets. It says `now` instead: one instant the clock handed out
/// during the call, the same one for every `now` of the answer. Once the store has answered,
/// the model records the instant it chose.
enum FuzzStamp: Hashable {
    case at(milliseconds: Int64)
    case now

    init(_ date: Date) {
        self = .at(milliseconds: Timestamp.milliseconds(date))
    }

    var description: String {
        switch self {
        case .at(let milliseconds): Show.date(Timestamp.date(milliseconds: milliseconds))
        case .now: "now"
        }
    }
}

/// Why an operation was rejected, in terms both the model and a backend's error can be put in.
enum FuzzRejection: Hashable {
    case notFound
    case duplicate(Field)
    case invalidQuery
    case validation(ValidationFailure)
    /// Anything else: an error no correct store throws here, described.
    case other(String)

    /// The rejection a backend's error is; `requested` is the id the operation named, which
    /// a notFound must carry.
    init(_ error: any Error, requested: UUID?) {
        switch error as? CRUDError {
        case .notFound(let id)? where id == requested: self = .notFound
        case .notFound(let id)?:
            self = .other("notFound(id: \(Show.id(id))) for a call about \(requested.map(Show.id) ?? "no id")")
        case .duplicate(let field)?: self = .duplicate(field)
        case .invalidQuery?: self = .invalidQuery
        case .validation(let failure)?: self = .validation(failure)
        default: self = .other(Show.error(error))
        }
    }

    /// The rejection of a validation error.
    init(_ error: CRUDError) {
        self.init(error, requested: nil)
    }

    var description: String {
        switch self {
        case .notFound: "notFound"
        case .duplicate(let field): "duplicate(\(field.rawValue))"
        case .invalidQuery: "invalidQuery"
        case .validation(let failure):
            "validation.\(failure.reason.code)\(failure.reason.limit) on \(failure.field.rawValue)"
                + (failure.position.map { " at position \($0)" } ?? "")
        case .other(let text): text
        }
    }
}

extension ValidationReason {
    fileprivate var limit: String {
        if case .tooLong(let max) = self { return "(\(max))" }
        return ""
    }
}

/// The answer to one operation, from the model or from a backend, compared field by field.
enum FuzzOutcome {
    case done
    case task(FuzzModel.Task)
    case tasks([FuzzModel.Task])
    case count(Int)
    case contact(FuzzModel.Contact)
    case contacts([FuzzModel.Contact])
    /// Every task (newest first) and every contact (in contact order): what a reopen reads back.
    case everything(tasks: [FuzzModel.Task], contacts: [FuzzModel.Contact])
    /// The operation is rejected with any one of these. When an operation is wrong in several
    /// ways (an unknown id and an invalid value, or two invalid fields), the specification does
    /// not say which error comes first, so each is accepted. A backend's answer has exactly one.
    case rejected(Set<FuzzRejection>)

    /// Whether a backend's answer (whose dates are all known) is this one; `instants` are the
    /// milliseconds the clock handed out during the call. Returns the instant that `now` stood
    /// for (nil when the answer has no `now`), or nil when the answer differs.
    func accepts(_ actual: FuzzOutcome, instants: [Int64]) -> Agreement? {
        var matcher = Matcher(instants: instants)
        let same: Bool =
            switch (self, actual) {
            case (.done, .done): true
            case (.task(let expected), .task(let actual)): matcher.same(expected, actual)
            case (.tasks(let expected), .tasks(let actual)): matcher.same(expected, actual)
            case (.count(let expected), .count(let actual)): expected == actual
            case (.contact(let expected), .contact(let actual)): matcher.same(expected, actual)
            case (.contacts(let expected), .contacts(let actual)): matcher.same(expected, actual)
            case (.everything(let expectedTasks, let expectedContacts), .everything(let actualTasks, let actualContacts)):
                matcher.same(expectedTasks, actualTasks) && matcher.same(expectedContacts, actualContacts)
            case (.rejected(let expected), .rejected(let actual)): actual.count == 1 && actual.isSubset(of: expected)
            default: false
            }
        return same ? Agreement(now: matcher.now) : nil
    }

    /// A backend's answer agrees with the model's; `now` is the instant the store chose.
    struct Agreement {
        var now: Int64?
    }

    /// Compares records field by field: ids (as keys), text scalar for scalar, flags, and
    /// dates to the millisecond, where every `now` must be one and the same instant of the call.
    private struct Matcher {
        let instants: [Int64]
        var now: Int64?

        mutating func same(_ expected: FuzzStamp, _ actual: FuzzStamp) -> Bool {
            guard case .at(let milliseconds) = actual else { return false }
            switch expected {
            case .at(let wanted): return milliseconds == wanted
            case .now:
                if let now { return milliseconds == now }
                guard instants.contains(milliseconds) else { return false }
                now = milliseconds
                return true
            }
        }

        mutating func same(_ expected: FuzzModel.Task, _ actual: FuzzModel.Task) -> Bool {
            expected.key == actual.key && Self.same(expected.title, actual.title) && Self.same(expected.notes, actual.notes)
                && expected.isCompleted == actual.isCompleted && same(expected.createdAt, actual.createdAt)
                && same(expected.updatedAt, actual.updatedAt)
        }

        mutating func same(_ expected: FuzzModel.Contact, _ actual: FuzzModel.Contact) -> Bool {
            expected.key == actual.key && Self.same(expected.name, actual.name) && Self.same(expected.email, actual.email)
                && Self.same(expected.phone, actual.phone) && same(expected.createdAt, actual.createdAt)
                && same(expected.updatedAt, actual.updatedAt)
        }

        mutating func same(_ expected: [FuzzModel.Task], _ actual: [FuzzModel.Task]) -> Bool {
            expected.count == actual.count && zip(expected, actual).allSatisfy { same($0, $1) }
        }

        mutating func same(_ expected: [FuzzModel.Contact], _ actual: [FuzzModel.Contact]) -> Bool {
            expected.count == actual.count && zip(expected, actual).allSatisfy { same($0, $1) }
        }

        /// Scalar for scalar: `==` on String would accept a canonically equivalent text.
        static func same(_ expected: String?, _ actual: String?) -> Bool {
            switch (expected, actual) {
            case (nil, nil): true
            case (let expected?, let actual?): expected.unicodeScalars.elementsEqual(actual.unicodeScalars)
            default: false
            }
        }
    }

    /// Whether the answer has a `now` date, to be explained with the call's instants.
    var mentionsNow: Bool {
        func has(_ task: FuzzModel.Task) -> Bool { task.createdAt == .now || task.updatedAt == .now }
        func has(_ contact: FuzzModel.Contact) -> Bool { contact.createdAt == .now || contact.updatedAt == .now }
        switch self {
        case .task(let task): return has(task)
        case .tasks(let tasks): return tasks.contains(where: has)
        case .contact(let contact): return has(contact)
        case .contacts(let contacts): return contacts.contains(where: has)
        case .everything(let tasks, let contacts): return tasks.contains(where: has) || contacts.contains(where: has)
        case .done, .count, .rejected: return false
        }
    }

    var description: String {
        switch self {
        case .done: return "success"
        case .task(let task): return task.description
        case .tasks(let tasks): return Self.count(tasks.count, "task") + " [" + tasks.map(\.description).joined(separator: ", ") + "]"
        case .count(let count): return "count \(count)"
        case .contact(let contact): return contact.description
        case .contacts(let contacts):
            return Self.count(contacts.count, "contact") + " [" + contacts.map(\.description).joined(separator: ", ") + "]"
        case .everything(let tasks, let contacts):
            return "\(FuzzOutcome.tasks(tasks).description) and \(FuzzOutcome.contacts(contacts).description)"
        case .rejected(let rejections):
            return "error " + rejections.map(\.description).sorted().joined(separator: " or ")
        }
    }

    private static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The description of the model's answer, with the instants `now` may be.
    func description(instants: [Int64]) -> String {
        guard mentionsNow else { return description }
        guard !instants.isEmpty else { return description + ", where now is the clock's now (but the store never read the clock)" }
        let dates = instants.map { Show.date(Timestamp.date(milliseconds: $0)) }
        return description + ", where now is one instant the clock handed out during the call: " + dates.joined(separator: " or ")
    }
}
