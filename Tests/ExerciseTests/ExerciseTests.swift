import CRUDConformance
import CRUDSpec
import ExerciseKit
import ExerciseSubmission
import Foundation
import Solutions
import Testing

/// `CRUDKIT_STUDENT=1 swift test` checks the student's Exercises/ (StudentTests); the kit's
/// own checks that the starters are untouched are then skipped.
let studentMode = ProcessInfo.processInfo.environment["CRUDKIT_STUDENT"] == "1"

private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

extension ExerciseCheck: CustomTestStringConvertible {
    public var testDescription: String { description }
}

private func result(_ check: ExerciseCheck, _ parts: ExerciseParts) async throws -> RuleResult {
    let grader = Grader(submission: parts)
    let exercise = try #require(Manifest.exercise(check.exercise))
    let rule = try #require(grader.rules(of: exercise).first { $0.id == check.rule })
    return await grader.runner.run(rule, on: grader.backend(for: check.exercise))
}

@Suite("Exercises")
struct ExerciseTests {
    @Test("Every solution passes every rule of its exercise", arguments: ExerciseCheck.all)
    func solutionPasses(check: ExerciseCheck) async throws {
        let outcome = try await result(check, Solutions.Submission.parts)
        #expect(outcome.passed, Comment(rawValue: outcome.failureReport ?? outcome.summary))
    }

    @Test(
        "Every untouched starter fails every rule it is graded by", .disabled(if: studentMode, "Exercises/ holds the student's work"),
        arguments: ExerciseCheck.all)
    func starterFails(check: ExerciseCheck) async throws {
        let outcome = try await result(check, ExerciseSubmission.Submission.parts)
        guard case .failed(let failure) = outcome.outcome else {
            Issue.record("\(check.rule) passed on the untouched starter of exercise \(check.exercise): the check proves nothing")
            return
        }
        #expect(failure.actual.contains("notImplemented"), "\(check.rule): \(failure.actual)")
    }
}

@Suite("Manifest, exercises, lessons and rules agree")
struct ManifestTests {
    @Test("Every exercise names known rules, an existing starter (which names its types' files), solution and lesson that links back")
    func consistency() throws {
        #expect(Manifest.exercises.map(\.number) == Array(1...Manifest.exercises.count))
        for exercise in Manifest.exercises {
            #expect(!exercise.rules.isEmpty && !exercise.hints.isEmpty && exercise.points > 0)
            let known = Grader(submission: .reference).rules(of: exercise).map(\.id)
            for rule in exercise.rules { #expect(known.contains(rule), "exercise \(exercise.number): unknown rule \(rule)") }
            for rule in exercise.ruleHints.keys {
                #expect(exercise.rules.contains(rule), "exercise \(exercise.number): a hint for \(rule)")
            }
            for rule in Grader(submission: .reference).rules(of: exercise) where exercise.ruleHints[rule.id] != nil {
                #expect(rule.hint == exercise.ruleHints[rule.id], "exercise \(exercise.number): \(rule.id) keeps the store's hint")
            }
            for file in [exercise.file, exercise.file.replacingOccurrences(of: "Exercises/", with: "Solutions/"), exercise.lesson] {
                #expect(FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(file).path), "missing \(file)")
            }
            let starter = try String(contentsOf: repositoryRoot.appendingPathComponent(exercise.file), encoding: .utf8)
            let types = try #require(
                starter.split(separator: "\n").first { $0.hasPrefix("// Types: ") }, "\(exercise.file) names no file of its types")
            for path in types.split(separator: " ").map({ $0.trimmingCharacters(in: .punctuationCharacters) })
            where path.hasPrefix("Sources/") {
                #expect(
                    FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(path).path),
                    "\(exercise.file) names \(path)")
            }
            let lesson = try String(contentsOf: repositoryRoot.appendingPathComponent(exercise.lesson), encoding: .utf8)
            #expect(
                lesson.contains(exercise.file.replacingOccurrences(of: "Exercises/", with: "")),
                "\(exercise.lesson) does not link its exercise")
            for rule in exercise.rules { #expect(lesson.contains(rule), "\(exercise.lesson) does not name \(rule)") }
        }
    }

    @Test("Every relative link in the Course points at a file that exists")
    func links() throws {
        let course = repositoryRoot.appendingPathComponent("Course")
        let files = try #require(FileManager.default.enumerator(atPath: course.path)).compactMap { $0 as? String }.filter {
            $0.hasSuffix(".md")
        }
        #expect(!files.isEmpty)
        for file in files {
            let url = course.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: /\]\(([^)#:]+)(#[^)]*)?\)/) {
                let target = url.deletingLastPathComponent().appendingPathComponent(String(match.1)).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: target.path), "\(file) links to \(match.1), which does not exist")
            }
        }
    }
}

/// Checks that check nothing: they pass everywhere, so they catch no planted bug.
private struct EmptyChecks: OwnChecks {
    func run(on store: any CRUDSpec) async throws {}
}

@Suite("Exercise 14 grading")
struct OwnChecksGradingTests {
    @Test("Checks that check nothing pass on the correct store and catch none of the planted bugs")
    func emptyChecksCatchNothing() async throws {
        var parts = ExerciseParts.reference
        parts.ownChecks = EmptyChecks()
        let exercise = try #require(Manifest.exercise(14))
        let results = await Grader(submission: parts).check(exercise)
        #expect(results.count == exercise.rules.count)
        for result in results {
            guard case .failed(let failure) = result.outcome else {
                Issue.record("\(result.rule.id) passed with empty checks")
                continue
            }
            #expect(failure.expected == "they throw" && failure.actual == "they passed", "\(result.rule.id): \(failure)")
        }
    }
}

/// Exercise 9's own rule tells a save that replaces the file from one that rewrites it.
@Suite("STORE-FILE-001: a save replaces the file")
struct AtomicSaveTests {
    /// Exercise 9 answered with the solution's encoding, written as `options` say.
    struct Writing: StoreFile {
        let options: Data.WritingOptions
        let reference = Solutions.Submission.parts.storeFile
        func save(_ snapshot: StoreSnapshot, to path: String) throws {
            let scratch = path + ".scratch"
            try reference.save(snapshot, to: scratch)
            let data = try Data(contentsOf: URL(fileURLWithPath: scratch))
            try FileManager.default.removeItem(atPath: scratch)
            try data.write(to: URL(fileURLWithPath: path), options: options)
        }
        func load(from path: String) throws -> StoreSnapshot { try reference.load(from: path) }
    }

    private func outcome(_ options: Data.WritingOptions) async throws -> RuleOutcome {
        var parts = ExerciseParts.reference
        parts.storeFile = Writing(options: options)
        let grader = Grader(submission: parts)
        let exercise = try #require(Manifest.exercise(9))
        let rule = try #require(grader.rules(of: exercise).first { $0.id == "STORE-FILE-001" })
        return await grader.runner.run(rule, on: grader.backend(for: 9)).outcome
    }

    @Test("Data.write(to:) in place fails it and names the in-place write; .atomic passes it")
    func inPlaceFails() async throws {
        guard case .failed(let failure) = try await outcome([]) else {
            Issue.record("an in-place write passed STORE-FILE-001")
            return
        }
        #expect(failure.actual.contains("rewritten in place"), "\(failure)")
        #expect(try await outcome(.atomic) == .passed)
    }
}

/// `Exercises/README.md`'s table and each starter's first lines come from the manifest.
@Suite("Documents generated from the manifest")
struct ManifestDocumentTests {
    @Test("Exercises/README.md's table and every starter's header are what the manifest generates")
    func upToDate() throws {
        let documents = try Manifest.documents(root: repositoryRoot)
        #expect(documents.count == Manifest.exercises.count + 1)
        for document in documents where !document.isUpToDate {
            Issue.record("\(document.path) is out of date: run swift run crudkit exercises generate")
        }
    }

    @Test("Every starter begins with the header the manifest generates")
    func starterHeaders() throws {
        for exercise in Manifest.exercises {
            let starter = try String(contentsOf: repositoryRoot.appendingPathComponent(exercise.file), encoding: .utf8)
            #expect(starter.hasPrefix(exercise.starterHeader), "\(exercise.file) must begin with:\n\(exercise.starterHeader)")
        }
    }

    @Test("The generator rewrites a stale table and header, keeps the rest, and then has nothing to do")
    func generatorRewrites() throws {
        let root = try copyOfGeneratedFiles()
        defer { try? FileManager.default.removeItem(at: root) }
        let readmeURL = root.appendingPathComponent(Manifest.readmePath)
        let readme = try String(contentsOf: readmeURL, encoding: .utf8)
        let lastRow = try #require(readme.components(separatedBy: "\n").last { $0.hasPrefix("| 14 |") })
        try readme.replacingOccurrences(of: lastRow + "\n", with: "").write(to: readmeURL, atomically: true, encoding: .utf8)
        let first = try #require(Manifest.exercises.first)
        let starterURL = root.appendingPathComponent(first.file)
        let starter = try String(contentsOf: starterURL, encoding: .utf8)
        try starter.replacingOccurrences(of: first.starterHeader, with: "// Exercise 1: old title. Lesson: nowhere\n// Check it: by hand\n")
            .write(to: starterURL, atomically: true, encoding: .utf8)

        #expect(try Manifest.writeDocuments(root: root) == [Manifest.readmePath, first.file])
        #expect(try String(contentsOf: readmeURL, encoding: .utf8) == readme)
        #expect(try String(contentsOf: starterURL, encoding: .utf8) == starter)
        #expect(try Manifest.writeDocuments(root: root).isEmpty)
    }

    @Test("A starter without header lines gets them put first")
    func headerPutFirst() throws {
        let exercise = try #require(Manifest.exercises.first)
        #expect(Manifest.withHeader("import ExerciseAPI\n", of: exercise) == exercise.starterHeader + "import ExerciseAPI\n")
    }

    @Test("A README without a table, or a missing starter, is a plain error that writes nothing")
    func missingPlaces() throws {
        let root = try copyOfGeneratedFiles()
        defer { try? FileManager.default.removeItem(at: root) }
        let readmeURL = root.appendingPathComponent(Manifest.readmePath)
        try "# Exercises\n\nNo table here.\n".write(to: readmeURL, atomically: true, encoding: .utf8)
        #expect(throws: ManifestDocumentError.self) { try Manifest.writeDocuments(root: root) }
        #expect(try String(contentsOf: readmeURL, encoding: .utf8) == "# Exercises\n\nNo table here.\n")

        let emptyRoot = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-nothing-\(UUID())")
        let error = #expect(throws: ManifestDocumentError.self) { try Manifest.documents(root: emptyRoot) }
        #expect(error?.description.contains("cannot read Exercises/README.md") == true)
    }

    /// A temporary folder holding the README, the starters and the lessons, as in the repository.
    private func copyOfGeneratedFiles() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-generate-\(UUID())")
        let files = Set([Manifest.readmePath] + Manifest.exercises.flatMap { [$0.file, $0.lesson] })
        for file in files {
            let target = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(file), to: target)
        }
        return root
    }
}
