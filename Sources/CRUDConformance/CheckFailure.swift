import CRUDSpec

/// What a check throws when the backend breaks its rule: what it did, what it expected
/// and what happened. The runner adds the rule's ID, statement and hint.
public struct CheckFailure: Error, Sendable, Hashable, Codable {
    /// The operation or observation that went wrong, such as `createTask(title: " a ")`.
    public var step: String
    /// What the rule requires there.
    public var expected: String
    /// What the backend did.
    public var actual: String
    /// The store's error, when the step failed because the store threw one it should not
    /// have: lets a tool tell "not written yet" (`CRUDError.notImplemented`)
    /// from a wrong answer without reading ``actual``.
    public var thrown: CRUDError?

    /// Describes a broken expectation.
    public init(step: String, expected: String, actual: String, thrown: CRUDError? = nil) {
        self.step = step
        self.expected = expected
        self.actual = actual
        self.thrown = thrown
    }

    /// Whether the step failed because the store said the operation is not written yet.
    public var isNotImplemented: Bool {
        if case .notImplemented? = thrown { return true }
        return false
    }
}
