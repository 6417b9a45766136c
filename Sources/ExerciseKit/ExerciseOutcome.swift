import CRUDConformance

/// How one exercise did in a grading run: its checks, whether it compiled, and the points
/// it earns. The runner (`crudkit exercises`) and the grader (`crudkit grade`) both read it.
public struct ExerciseOutcome: Sendable {
    public let exercise: ExerciseInfo
    /// One result per rule of the exercise.
    public let results: [RuleResult]
    /// The compiler's errors, when the exercise's code was not built.
    public let compileErrors: String?

    public init(exercise: ExerciseInfo, results: [RuleResult], compileErrors: String?) {
        self.exercise = exercise
        self.results = results
        self.compileErrors = compileErrors
    }

    /// The checks that pass.
    public var passed: Int { results.filter(\.passed).count }
    /// Every check passes.
    public var isDone: Bool { passed == exercise.rules.count }
    /// Something of it is written: a check passes, or fails for another reason than the
    /// starter's "not implemented".
    public var isStarted: Bool {
        results.contains { result in
            if case .failed(let failure) = result.outcome { return !failure.isNotImplemented }
            return true
        }
    }
    /// Why the exercise cannot be checked on this machine, when a check of it was n/a
    /// (no PostgreSQL for Exercise 15): such a check is not passed, and earns nothing.
    public var notCheckableReason: String? {
        results.lazy.compactMap { result -> String? in
            if case .notApplicable(let reason) = result.outcome { return reason }
            return nil
        }.first
    }
    /// Points earned: the exercise's points in proportion to the checks that pass.
    public var points: Int { exercise.points * passed / max(1, exercise.rules.count) }
}

extension Grader {
    /// The outcome of every exercise of the manifest, or of those numbered `numbers`.
    public func outcomes(only numbers: [Int]? = nil) async -> [ExerciseOutcome] {
        var all: [ExerciseOutcome] = []
        for exercise in Manifest.exercises where numbers?.contains(exercise.number) ?? true {
            all.append(ExerciseOutcome(exercise: exercise, results: await check(exercise), compileErrors: notCompiled[exercise.number]))
        }
        return all
    }
}
