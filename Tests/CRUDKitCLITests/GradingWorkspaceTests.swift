import Foundation
import Testing

@testable import CRUDKitCLI

/// The clean copy of the kit a submission is graded in.
@Suite("The grading workspace")
struct GradingWorkspaceTests {
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-workspace-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("Symbolic links in a submission are neither followed nor copied, and are named")
    func linksAreSkipped() throws {
        let (source, destination) = (try folder(), try folder())
        defer { for path in [source, destination] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.createDirectory(atPath: source + "/01-Title", withIntermediateDirectories: true)
        try Data("struct A {}".utf8).write(to: URL(fileURLWithPath: source + "/01-Title/A.swift"))
        try FileManager.default.createSymbolicLink(atPath: source + "/01-Title/root", withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(atPath: source + "/Solution.swift", withDestinationPath: "/etc/hostname")
        let skipped = try GradingWorkspace.sync(source, to: destination + "/Exercises")
        #expect(Set(skipped) == ["01-Title/root", "Solution.swift"])
        let copied = FileManager.default.enumerator(atPath: destination)?.compactMap { $0 as? String }.sorted() ?? []
        #expect(copied == ["Exercises", "Exercises/01-Title", "Exercises/01-Title/A.swift"])
    }

    @Test("An Exercises/ that is a symbolic link is refused with a plain error")
    func linkedExercisesRefused() async throws {
        let submission = try folder()
        defer { try? FileManager.default.removeItem(atPath: submission) }
        try FileManager.default.createSymbolicLink(atPath: submission + "/Exercises", withDestinationPath: "/etc")
        let console = CapturedConsole()
        let status = await CRUDKitTool.run(["grade", "--submission", submission], console: console)
        #expect(status == 65)
        #expect(console.stderr.contains("is a symbolic link"), "\(console.stderr)")
    }

    @Test("The fingerprint of a folder changes when a file is written, and only then")
    func fingerprint() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("a".utf8).write(to: URL(fileURLWithPath: root + "/a.txt"))
        let before = GradingWorkspace.fingerprint(of: root)
        #expect(GradingWorkspace.fingerprint(of: root) == before)
        try Data("b".utf8).write(to: URL(fileURLWithPath: root + "/b.txt"))
        #expect(GradingWorkspace.fingerprint(of: root) != before)
    }
}

/// `crudkit student-repo`: the repository a student gets.
@Suite("crudkit student-repo")
struct StudentRepoTests {
    @Test("It holds the kit, the starters, the Course and the Classroom workflow, and no solutions")
    func writesRepository() async throws {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-student-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: target) }
        let console = CapturedConsole()
        #expect(await CRUDKitTool.run(["student-repo", target], console: console) == 0, "\(console.stderr)")
        let manager = FileManager.default
        for entry in [
            "Package.swift", "Sources/ExerciseKit", "Sources/ExerciseSubmission", "Course/Lessons", ".github/workflows/classroom.yml",
        ] {
            #expect(manager.fileExists(atPath: target + "/" + entry), "missing \(entry)")
        }
        for entry in ["Solutions", "Tests/SolutionsHost", ".ci"] {
            #expect(!manager.fileExists(atPath: target + "/" + entry), "\(entry) is there")
        }
        let workflow = try String(contentsOfFile: target + "/.github/workflows/classroom.yml", encoding: .utf8)
        #expect(workflow.contains("--submission") && workflow.contains("KIT_VERSION"))
        let again = CapturedConsole()
        #expect(await CRUDKitTool.run(["student-repo", target], console: again) == 64, "a folder that is not empty is refused")
    }
}
