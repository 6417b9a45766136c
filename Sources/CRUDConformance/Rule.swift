import CRUDSpec

/// How much a rule's result means.
public enum RuleLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every conforming backend must pass it.
    case must = "MUST"
    /// A backend should pass it; failing it is still reported as a failure.
    case should = "SHOULD"
}

/// A feature that only some backends have. A rule that needs one is reported as
/// not applicable, with the reason, on a backend that does not declare it.
public enum Capability: String, Sendable, Hashable, Codable, CaseIterable {
    /// Records survive closing the store and opening it again on the same storage.
    case durability
    /// The store takes every date from the clock it is opened with, so a check can set the
    /// time and know the dates to expect. A remote server keeps its own time and cannot.
    case injectedClock
    /// Several stores may be open on one storage at once, as several processes or
    /// connections would have them, each seeing what the others committed (an SQLite file,
    /// a server). ``BackendStorage/openAnother(clock:)`` opens the others.
    case sharedStorage
    /// One store at a time holds the storage; another opener waits for it to close, for a
    /// bounded time, and then gives up with `storeLocked` (a JSON file under a lock).
    case exclusiveOpen

    /// What the capability means, for "not applicable" reasons.
    public var summary: String {
        switch self {
        case .durability: "keeps its records across close and reopen"
        case .injectedClock: "takes its dates from the clock the suite opens it with"
        case .sharedStorage: "lets several stores open one storage at once"
        case .exclusiveOpen: "makes a second opener of its storage wait for the first"
        }
    }
}

/// One numbered rule of the specification and the check that verifies it.
///
/// The check is a plain async function over a ``CheckContext``: it runs without Swift
/// Testing, so the `crudkit` tool can run it too. It throws ``CheckFailure`` when the
/// backend breaks the rule.
public struct Rule: Sendable, Identifiable, CustomStringConvertible {
    /// A stable identifier such as `TASK-CREATE-004`. Never reused for another rule.
    public let id: String
    /// MUST or SHOULD.
    public let level: RuleLevel
    /// The rule in one sentence.
    public let statement: String
    /// Why the rule exists: what goes wrong for a user without it.
    public let reason: String
    /// What to look at when the rule fails.
    public let hint: String
    /// What a backend must declare for the rule to apply.
    public let requires: Set<Capability>
    /// The check itself.
    public let check: @Sendable (CheckContext) async throws -> Void

    /// Makes a rule. Rules live in ``Rules/all``; backends do not make their own.
    public init(
        _ id: String, _ level: RuleLevel = .must, statement: String, reason: String, hint: String,
        requires: Set<Capability> = [], check: @escaping @Sendable (CheckContext) async throws -> Void
    ) {
        self.id = id
        self.level = level
        self.statement = statement
        self.reason = reason
        self.hint = hint
        self.requires = requires
        self.check = check
    }

    /// The area of the rule: its ID without the number, such as `TASK-CREATE`.
    public var area: String {
        guard let dash = id.lastIndex(of: "-") else { return id }
        return String(id[..<dash])
    }

    /// The rule's id.
    public var description: String { id }
}
