import CRUDConformance
import CRUDSpec

/// Runs an exercise's rules against a submission's part, in-process.
public struct Grader: Sendable {
    public let submission: ExerciseParts
    public var runner = ConformanceRunner(timeout: .seconds(30))

    public init(submission: ExerciseParts) {
        self.submission = submission
    }

    /// The backend that grades exercise `number`: the reference with the submission's part.
    public func backend(for number: Int) -> Backend {
        let parts = ExerciseParts.grading(number, from: submission)
        let name = "exercise \(number)"
        switch Manifest.exercise(number)?.storage ?? .memory {
        case .memory:
            return Backend.ephemeral(name: name) { clock in try ExerciseStore(parts: parts, clock: clock) }
        case .file:
            return Backend(name: name, capabilities: [.durability]) {
                try TemporaryFolderStorage(name: "exercise-\(number)") { folder, clock in
                    try ExerciseStore(parts: parts, clock: clock, storage: .file(folder + "/store.json"))
                }
            }
        case .repository:
            return Backend.ephemeral(name: name) { clock in try ExerciseStore(parts: parts, clock: clock, storage: .repository) }
        case .http:
            return Backend.ephemeral(name: name) { clock in try await ExerciseServer.start(parts: parts, clock: clock) }
        case .sqlite:
            return Backend(name: name, capabilities: [.durability]) {
                try TemporaryFolderStorage(name: "exercise-\(number)") { folder, clock in
                    try ExerciseStore(parts: parts, clock: clock, storage: .sqlite(folder + "/store.sqlite"))
                }
            }
        }
    }

    /// Every rule of exercise `number`, checked.
    public func check(_ exercise: ExerciseInfo) async -> [RuleResult] {
        let rules = exercise.rules.compactMap(Rules.rule(id:))
        return await runner.run(rules, on: [backend(for: exercise.number)])
    }
}
