import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

/// Runs an exercise's rules against a submission's part: the part in this process (the
/// kit's tests, the reference), or answered by an exercise host (``ExerciseParts/remote(_:)``).
public struct Grader: Sendable {
    public let submission: ExerciseParts
    public var runner = ConformanceRunner(timeout: .seconds(30))
    /// Exercises whose code was not built, with the reason (the compiler's errors): each of
    /// their checks fails with it, and nothing of theirs runs.
    public var notCompiled: [Int: String] = [:]
    /// Where the stores of file-based exercises are kept (the system's temporary folder when
    /// nil): an exercise host's ``ExerciseHost/workFolder``, the one folder it may write
    /// besides its own.
    public var workFolder: String?
    /// The environment the PostgreSQL exercise finds its server in (`CRUDKIT_POSTGRES_URL`):
    /// this process's, unless a test names another.
    public var environment = ProcessInfo.processInfo.environment

    public init(submission: ExerciseParts) {
        self.submission = submission
    }

    /// A grader of the parts `host` answers: one check at a time, each given the host's call
    /// limit plus five seconds, with the stores of file-based exercises in the host's
    /// ``ExerciseHost/workFolder``.
    public init(host: ExerciseHost) {
        self.init(submission: .remote(host))
        runner = ConformanceRunner(timeout: host.callLimit + .seconds(5), maxConcurrentChecks: 1)
        workFolder = host.workFolder
    }

    /// The backend that grades exercise `number`: the reference with the submission's part.
    public func backend(for number: Int) -> Backend {
        let parts = ExerciseParts.grading(number, from: submission)
        let name = "exercise \(number)"
        guard let exercise = Manifest.exercise(number) else {
            return Backend.ephemeral(name: name) { clock in try ExerciseStore(parts: parts, clock: clock) }
        }
        switch exercise.graded {
        case .ownChecks:
            return Backend.ephemeral(name: name) { clock in try ExerciseStore(parts: .reference, clock: clock) }
        case .viewLogic:
            return Backend.ephemeral(name: name) { clock in MemoryStore(clock: clock) }
        case .httpClient:
            return Backend.ephemeral(name: name) { clock in try ExerciseServer.start(parts: parts, clock: clock) }
        case .storeParts:
            let storage = exercise.storage
            if case .postgres = storage {
                return Backend(name: name, capabilities: [.durability]) {
                    try await ExerciseDatabaseStorage.make(environment: environment) { database, clock in
                        try ExerciseStore(parts: parts, clock: clock, storage: .postgres, database: database)
                    }
                }
            }
            guard storage.fileName != nil else {
                return Backend.ephemeral(name: name) { clock in try ExerciseStore(parts: parts, clock: clock, storage: storage) }
            }
            return Backend(name: name, capabilities: [.durability]) {
                try TemporaryFolderStorage(name: "exercise-\(number)", in: workFolder) { folder, clock in
                    try ExerciseStore(parts: parts, clock: clock, storage: storage, folder: folder)
                }
            }
        }
    }

    /// Every rule of exercise `number`, checked.
    public func check(_ exercise: ExerciseInfo) async -> [RuleResult] {
        if let reason = notCompiled[exercise.number] {
            let failure = CheckFailure(
                step: "build \(exercise.folder)", expected: "exercise \(exercise.number) compiles",
                actual: "it does not compile:\n\(reason)")
            return rules(of: exercise).map {
                RuleResult(rule: $0, backendName: "exercise \(exercise.number)", outcome: .failed(failure), duration: .zero)
            }
        }
        return await runner.run(rules(of: exercise), on: [backend(for: exercise.number)])
    }

    /// The rules that grade `exercise`: the specification's, and the exercises' own (such as
    /// Exercise 9's save that replaces the file). For Exercise 14 they are made from the
    /// rules its planted bugs break, and check the student's checks instead of a store.
    /// For Exercises 16 and 17 they are the VIEW rules with the submission's screen logic.
    public func rules(of exercise: ExerciseInfo) -> [Rule] {
        let rules: [Rule]
        switch exercise.graded {
        case .ownChecks:
            return exercise.rules.compactMap { id in
                PlantedBug(rawValue: id).flatMap { OwnChecksGrading.rule(for: $0, checks: submission.ownChecks) }
            }
        case .viewLogic:
            let parts = ExerciseParts.grading(exercise.number, from: submission)
            let view = Rules.view(logic: ViewLogic(editor: { parts.taskEditorLogic }, list: { parts.taskListLogic }))
            rules = exercise.rules.compactMap { id in view.first { $0.id == id } }
        case .storeParts, .httpClient:
            rules = exercise.rules.compactMap { id in
                Rules.rule(id: id) ?? StoreFileGrading.rule(id: id, submission: submission, workFolder: workFolder)
            }
        }
        return rules.map { rule in
            guard let hint = exercise.ruleHints[rule.id] else { return rule }
            return Rule(
                rule.id, rule.level, statement: rule.statement, reason: rule.reason, hint: hint, requires: rule.requires,
                check: rule.check)
        }
    }
}
