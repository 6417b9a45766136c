/// What happened when one rule was checked on one backend.
public enum RuleOutcome: Sendable, Hashable {
    /// The backend follows the rule.
    case passed
    /// The backend breaks the rule.
    case failed(CheckFailure)
    /// The rule needs something the backend does not declare; nothing was checked.
    case notApplicable(reason: String)

    /// `pass`, `FAIL` or `n/a`, as the comparison matrix shows it.
    public var label: String {
        switch self {
        case .passed: "pass"
        case .failed: "FAIL"
        case .notApplicable: "n/a"
        }
    }

    /// A stable lowercase word for machines: `pass`, `fail` or `notApplicable`.
    public var status: String {
        switch self {
        case .passed: "pass"
        case .failed: "fail"
        case .notApplicable: "notApplicable"
        }
    }
}

/// One rule checked on one backend.
public struct RuleResult: Sendable, Identifiable {
    /// The rule that was checked.
    public let rule: Rule
    /// The backend's name.
    public let backendName: String
    /// Pass, failure or not applicable.
    public let outcome: RuleOutcome
    /// How long the check took.
    public let duration: Duration

    /// The backend's name and the rule's id, such as `memory/TASK-CREATE-001`.
    public var id: String { "\(backendName)/\(rule.id)" }

    /// A result; the runner makes these, and so may a tool that decides an outcome without
    /// running the check (a grader, for code that did not compile).
    public init(rule: Rule, backendName: String, outcome: RuleOutcome, duration: Duration) {
        self.rule = rule
        self.backendName = backendName
        self.outcome = outcome
        self.duration = duration
    }

    /// Whether the rule was checked and the backend followed it.
    ///
    /// `false` both when the backend broke the rule and when the rule was not applicable
    /// (nothing was checked). To ask whether the backend broke it, use ``failed``.
    public var passed: Bool { outcome == .passed }

    /// Whether the rule was checked and the backend broke it; `false` for a rule that passed
    /// and for one that was not applicable. ``failureReport`` says what went wrong.
    public var failed: Bool {
        if case .failed = outcome { true } else { false }
    }

    /// The full report of a failure: the rule, what was expected and what happened, and
    /// the hint; `nil` when the rule did not fail.
    public var failureReport: String? {
        guard case .failed(let failure) = outcome else { return nil }
        return """
            \(rule.id) (\(rule.level.rawValue)) failed on \(backendName): \(rule.statement)
              step:     \(failure.step)
              expected: \(failure.expected)
              actual:   \(failure.actual)
              hint:     \(rule.hint)
            """
    }

    /// One line that says what happened, for any outcome.
    public var summary: String {
        switch outcome {
        case .passed: "\(rule.id) passed on \(backendName)"
        case .failed(let failure):
            "\(rule.id) failed on \(backendName): \(failure.step): expected \(failure.expected), got \(failure.actual)"
        case .notApplicable(let reason): "\(rule.id) is not applicable to \(backendName): \(reason)"
        }
    }
}
