import CRUDConformance
import CRUDTestSupport
import ExerciseKit
import Foundation
import Testing

/// Where the checks run: a student's repository has no Solutions/.
private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// In a student's repository `swift test` checks the exercises and nothing else; in the kit
/// itself, whose starters are meant to fail, only with `CRUDKIT_STUDENT=1`.
private let checksExercises =
    ProcessInfo.processInfo.environment["CRUDKIT_STUDENT"] == "1"
    || !FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent("Solutions").path)

extension ExerciseCheck: CustomTestStringConvertible {
    public var testDescription: String { description }
}

/// Your exercises, each check through the exercise host: one that crashes or never returns
/// fails its check ("timed out after 10 s") and the others still run.
@Suite(
    "Your exercises",
    .enabled(if: checksExercises, "this is the kit's own repository: run CRUDKIT_STUDENT=1 swift test to check Exercises/ here"))
struct StudentChecks {
    @Test("Each check of each exercise", arguments: ExerciseCheck.all)
    func check(_ check: ExerciseCheck) async throws {
        let executable = try #require(BuiltProduct.path("exercise-host"), "the exercise host was not built: run swift build first")
        let host = ExerciseHost(executable: executable)
        defer { host.stop() }
        let grader = Grader(host: host)
        let exercise = try #require(Manifest.exercise(check.exercise))
        let rule = try #require(grader.rules(of: exercise).first { $0.id == check.rule })
        let result = await grader.runner.run(rule, on: grader.backend(for: check.exercise))
        if let report = result.failureReport {
            Issue.record(Comment(rawValue: report + "\n  lesson:   \(exercise.lesson)"))
        }
    }
}
