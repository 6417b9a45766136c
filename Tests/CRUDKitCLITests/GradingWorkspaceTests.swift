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
