import CRUDConformance
import ExerciseKit
import Foundation
import Testing

@testable import CRUDKitCLI

/// Building the exercise host one exercise at a time: which exercise a compiler error, an
/// import or a forbidden construct belongs to, and how the grader fails only that exercise.
@Suite("Building the exercise host, exercise by exercise")
struct ExerciseHostBuildTests {
    /// A kit folder with `files` (path relative to Exercises/ → text), removed afterwards.
    private func kit(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-hostbuild-\(UUID().uuidString)").path
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/Exercises/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test("Compiler errors go to the exercise whose folder holds the file, at most three each, without repeats")
    func errorsByFolder() {
        let output = """
            [3/9] Compiling Exercise03 TaskUpdatingExercise.swift
            /tmp/ws/Exercises/03-Update/TaskUpdatingExercise.swift:17:19: error: cannot convert value of type 'String' to 'Int'
            /tmp/ws/Exercises/03-Update/TaskUpdatingExercise.swift:17:19: error: cannot convert value of type 'String' to 'Int'
            /tmp/ws/Exercises/03-Update/Helper.swift:1:1: error: a
            /tmp/ws/Exercises/03-Update/Helper.swift:2:1: error: b
            /tmp/ws/Exercises/03-Update/Helper.swift:3:1: error: c
            /tmp/ws/Exercises/12-Repository/TaskRepositoryExercise.swift:4:2: error: cannot find 'x' in scope
            /tmp/ws/Exercises/12-Repository/TaskRepositoryExercise.swift:5:2: warning: unused
            /tmp/ws/Sources/ExerciseKit/Grader.swift:1:1: error: not an exercise's
            /tmp/ws/Exercises/Stray.swift:1:1: error: in no exercise's folder
            """
        let errors = ExerciseHostBuild.compileErrors(in: output, kit: "/nonexistent")
        #expect(errors.keys.sorted() == [3, 12])
        #expect(
            errors[3]
                == """
                Exercises/03-Update/TaskUpdatingExercise.swift:17:19: error: cannot convert value of type 'String' to 'Int'
                Exercises/03-Update/Helper.swift:1:1: error: a
                Exercises/03-Update/Helper.swift:2:1: error: b
                """)
        #expect(errors[12] == "Exercises/12-Repository/TaskRepositoryExercise.swift:4:2: error: cannot find 'x' in scope")
    }

    @Test("SwiftPM's import check, which names a module, becomes the lines that import it")
    func importCheck() throws {
        let root = try kit([
            "05-Query/TaskQueryingExercise.swift": "import ExerciseAPI\nimport CRUDSpec\nimport struct CRUDSpec.RecordOrder\n",
            "05-Query/Other.swift": "import Foundation\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let output = "error: Target Exercise05 imports another target (CRUDSpec) in the package without declaring it a dependency."
        let errors = ExerciseHostBuild.compileErrors(in: output, kit: root)
        let lines = try #require(errors[5]).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("Exercises/05-Query/TaskQueryingExercise.swift:2: error: import CRUDSpec"))
        #expect(lines[1].hasPrefix("Exercises/05-Query/TaskQueryingExercise.swift:3: error: import CRUDSpec"))
        // With no file to point at, the module is still named.
        #expect(ExerciseHostBuild.compileErrors(in: output, kit: "/nonexistent")[5]?.contains("imports CRUDSpec") == true)
    }

    @Test("A forbidden construct costs its own exercise; stray files and missing folders are found")
    func forbiddenStrayAndMissing() throws {
        let root = try kit([
            "01-TitleValidation/TitleRulesExercise.swift": "import ExerciseAPI\n\n@_silgen_name(\"x\") func x()\n",
            "02-CreateRead/TaskCreatingExercise.swift": "import ExerciseAPI\n",
            "Helper.swift": "@_cdecl(\"y\") func y() {}\n",
            "Notes/Idea.swift": "struct Idea {}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let forbidden = ExerciseHostBuild.forbiddenConstructs(in: root + "/Exercises")
        #expect(forbidden.keys.sorted() == [1], "a file in no exercise's folder is not built, so it costs nothing")
        #expect(forbidden[1]?.hasPrefix("Exercises/01-TitleValidation/TitleRulesExercise.swift:3: error: @_silgen_name") == true)
        #expect(ExerciseHostBuild.strayFiles(in: root + "/Exercises") == ["Helper.swift", "Notes/Idea.swift"])
        let missing = ExerciseHostBuild.missingExercises(in: root)
        #expect(missing.keys.sorted() == Array(3...Manifest.exercises.count))
        #expect(missing[3] == "Exercises/03-Update is missing: the exercise has nothing to build.")
        #expect(ExerciseHostBuild.exerciseNumber(ofFolder: "03-Anything") == 3)
        #expect(ExerciseHostBuild.exerciseNumber(ofFolder: "3-Update") == nil && ExerciseHostBuild.exerciseNumber(ofFolder: "03") == nil)
    }

    @Test("An exercise that did not compile fails every check with the compiler's words; the others are graded as usual")
    func graderFailsOnlyThatExercise() async throws {
        var grader = Grader(submission: .reference)
        grader.notCompiled = [3: "Exercises/03-Update/TaskUpdatingExercise.swift:17:19: error: cannot convert"]
        let broken = try #require(Manifest.exercise(3))
        let results = await grader.check(broken)
        #expect(results.count == broken.rules.count)
        for result in results {
            guard case .failed(let failure) = result.outcome else {
                Issue.record("\(result.rule.id) did not fail for an exercise that does not compile")
                continue
            }
            #expect(failure.step == "build Exercises/03-Update" && failure.actual.contains("TaskUpdatingExercise.swift:17:19"))
        }
        let other = await grader.check(try #require(Manifest.exercise(4)))
        #expect(!other.isEmpty && other.allSatisfy(\.passed), "exercise 4, graded on the reference, passes")
    }

    @Test("The report says which exercises did not compile, in text, Markdown and the gradebook column")
    func report() {
        var report = GradeCommand.notCompiled
        for index in report.exercises.indices where report.exercises[index].exercise != 3 { report.exercises[index].compiles = true }
        report.compiled = false
        #expect(report.notCompiled == "3")
        #expect(GradeCommand.text(report).contains("3. Update a task in place          0/15  (does not compile)"))
        #expect(GradeCommand.markdown(report).contains("| 3. Update a task in place | 0/15 | does not compile |"))
        #expect(GradeCommand.notCompiled.notCompiled == Manifest.exercises.map { "\($0.number)" }.joined(separator: " "))
    }
}
