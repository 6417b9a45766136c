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

    /// Describes a broken expectation.
    public init(step: String, expected: String, actual: String) {
        self.step = step
        self.expected = expected
        self.actual = actual
    }
}
