import CRUDKitCLI
import CRUDTestSupport
import ExerciseKit
import Foundation
import Testing

/// Runs crudkit in-process with the exercise host the tests built from the untouched starters.
private func run(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
    let console = CapturedConsole()
    guard let host = BuiltProduct.path("exercise-host") else { return (-1, "", "exercise-host was not built beside the tests") }
    let status = await CRUDKitTool.run(arguments, console: console, environment: ["CRUDKIT_EXERCISE_HOST": host])
    return (status, console.stdout, console.stderr)
}

/// The runner and the grader on the kit's own (untouched) starters.
@Suite("crudkit exercises and grade")
struct ExercisesCommandTests {
    @Test("The overview shows progress, the first failing check, a hint and the lesson")
    func overview() async {
        let result = await run(["exercises"])
        #expect(result.status == 1)
        #expect(result.out.hasPrefix("[--------------------] 0/\(Manifest.exercises.count) exercises, 0/\(Manifest.totalPoints) points"))
        #expect(result.out.contains("[ ]  1. Validate a title") && result.out.contains("not started"))
        #expect(result.out.contains("Next: exercise 1, Validate a title: Exercises/01-TitleValidation/TitleRulesExercise.swift"))
        #expect(result.out.contains("TASK-CREATE-005 (MUST) failed on exercise 1"))
        #expect(result.out.contains("Hint: ") && result.out.contains("Lesson: Course/Lessons/08-Validation.md"))
    }

    @Test("check N lists every check of the exercise with its failures")
    func check() async {
        let result = await run(["exercises", "check", "4"])
        #expect(result.status == 1)
        for rule in ["TASK-DELETE-001", "TASK-DELETE-002", "TASK-DELETE-003"] { #expect(result.out.contains("FAIL  \(rule)")) }
        #expect(result.out.contains("0/3 checks pass"))
    }

    @Test("check 15 without a PostgreSQL server to reach shows every check as n/a, and says it is not passed and scores nothing")
    func checkNotCheckable() async throws {
        let refusing = try RefusingAddress()
        defer { refusing.release() }
        let console = CapturedConsole()
        let host = try #require(BuiltProduct.path("exercise-host"), "exercise-host was not built beside the tests")
        let status = await CRUDKitTool.run(
            ["exercises", "check", "15"], console: console,
            environment: ["CRUDKIT_EXERCISE_HOST": host, "CRUDKIT_POSTGRES_URL": "postgres://nobody@127.0.0.1:\(refusing.port)/crudkit"])
        #expect(status == 1)
        let exercise = try #require(Manifest.exercise(15))
        for rule in exercise.rules { #expect(console.stdout.contains("n/a   \(rule)"), "\(rule) is not shown as n/a:\n\(console.stdout)") }
        #expect(console.stdout.contains("Exercise 15 cannot be checked on this machine") && console.stdout.contains("cannot be reached"))
        #expect(console.stdout.contains("scores no points") && !console.stdout.contains("is done"))
    }

    @Test("hint N L gives hint L and points to the next")
    func hint() async {
        let result = await run(["exercises", "hint", "2", "2"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("Exercise 2, hint 2 of 4: "))
        #expect(result.out.contains("Next hint: crudkit exercises hint 2 3"))
        #expect(await run(["exercises", "hint", "2", "9"]).status == 64)
        #expect(await run(["exercises", "check", "99"]).status == 64)
    }

    @Test("grade gives points per exercise in every format", arguments: ["text", "json", "junit", "markdown"])
    func grade(format: String) async throws {
        let result = await run(["grade", "--format", format])
        #expect(result.status == 0)
        switch format {
        case "json":
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            #expect(object["total"] as? Int == 0 && object["maxTotal"] as? Int == Manifest.totalPoints)
            #expect((object["exercises"] as? [[String: Any]])?.count == Manifest.exercises.count)
        case "junit":
            #expect(result.out.hasPrefix("<?xml") && result.out.contains("<testcase classname=\"exercise1\" name=\"TASK-CREATE-005\">"))
            #expect(result.out.components(separatedBy: "<failure ").count - 1 == Manifest.exercises.map(\.rules.count).reduce(0, +))
        case "markdown":
            #expect(result.out.contains("| **Total** | **0/\(Manifest.totalPoints)** | |"))
        default:
            #expect(result.out.contains("1. Validate a title") && result.out.hasSuffix("0/\(Manifest.totalPoints)\n"))
        }
    }

    @Test("A submission folder without Exercises/ is refused")
    func missingSubmission() async {
        let result = await run(["grade", "--submission", "/nonexistent-crudkit-submission"])
        #expect(result.status == 66 || result.status == 64)
        #expect(result.err.hasPrefix("error: "))
    }
}
