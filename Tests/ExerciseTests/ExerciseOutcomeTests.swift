import CRUDConformance
import CRUDMemory
import CRUDSpec
import ExerciseKit
import Foundation
import Testing

/// The grading math: points in proportion to passing checks, and "not started" read from the
/// error the store threw, not from the failure's text.
@Suite("Exercise outcomes")
struct ExerciseOutcomeTests {
    static let exercise = Manifest.exercises[1]

    static func result(_ outcome: RuleOutcome, rule index: Int = 0) throws -> RuleResult {
        let rule = try #require(Rules.rule(id: exercise.rules[index]))
        return RuleResult(rule: rule, backendName: "exercise", outcome: outcome, duration: .zero)
    }

    @Test("A store that only throws notImplemented has not started; one wrong answer, or one that mentions the word, has")
    func started() throws {
        let stub = CheckFailure(
            step: "createTask", expected: "success", actual: "threw notImplemented", thrown: .notImplemented(operation: "createTask"))
        let wrong = CheckFailure(step: "createTask", expected: "\"a\"", actual: "\"b\"")
        // A wrong answer whose text happens to contain the word: still a start.
        let wordy = CheckFailure(step: "createTask", expected: "\"a\"", actual: "\"notImplemented\"")
        let untouched = ExerciseOutcome(exercise: Self.exercise, results: [try Self.result(.failed(stub))], compileErrors: nil)
        #expect(!untouched.isStarted && untouched.passed == 0 && untouched.points == 0)
        for failure in [wrong, wordy] {
            let outcome = ExerciseOutcome(
                exercise: Self.exercise, results: [try Self.result(.failed(stub)), try Self.result(.failed(failure), rule: 1)],
                compileErrors: nil)
            #expect(outcome.isStarted, "\(failure)")
        }
    }

    @Test("Points are the exercise's points in proportion to the checks that pass, rounded down")
    func points() throws {
        let count = Self.exercise.rules.count
        let failure = CheckFailure(step: "s", expected: "e", actual: "a")
        for passing in [0, 1, count - 1, count] {
            let results = try (0..<count).map { try Self.result($0 < passing ? .passed : .failed(failure), rule: $0) }
            let outcome = ExerciseOutcome(exercise: Self.exercise, results: results, compileErrors: nil)
            #expect(outcome.passed == passing)
            #expect(outcome.points == Self.exercise.points * passing / count)
            #expect(outcome.isDone == (passing == count))
        }
    }

    @Test("A step that throws a store error records the error, so tools need not read the text")
    func thrownIsRecorded() async throws {
        let backend = Backend.ephemeral(name: "stub") { _ in NotWritten() }
        let result = await ConformanceRunner().run(try #require(Rules.rule(id: "TASK-CREATE-001")), on: backend)
        guard case .failed(let failure) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome.label)")
            return
        }
        #expect(failure.isNotImplemented)
    }
}

/// A store whose every operation is not written yet.
private struct NotWritten: ForwardingStore {
    let inner = MemoryStore()
    func createTask(title: String, notes: String?) async throws -> TaskItem { throw CRUDError.notImplemented(operation: "createTask") }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { throw CRUDError.notImplemented(operation: "tasks") }
}
