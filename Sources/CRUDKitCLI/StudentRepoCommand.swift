import Foundation

/// `crudkit student-repo DIR`: writes the repository a student works in: the kit, the
/// starters, the Course and a Classroom workflow, and no solutions.
struct StudentRepoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "student-repo",
        summary: "Write a student's repository: the kit, Exercises/, Course/ and a Classroom workflow, without Solutions/.",
        discussion: """
            Run it in the kit's folder. DIR must not exist yet, or be empty. The repository builds
            and the runner works without Solutions/ (Package.swift leaves their targets out when the
            folder is missing). Its .github/workflows/classroom.yml grades with your pinned kit
            and --submission, never with the student's copy: set KIT_REPOSITORY and KIT_VERSION
            in it, then push the folder as the assignment's template.
            """,
        exitStatuses: [
            (.success, "written"), (.usage, "the command line is wrong, or DIR is not empty"),
            (.unavailable, "a file could not be written"),
        ])

    @Argument("DIR", help: "The folder to write: new, or empty.") var target: String

    /// What of the kit goes into a student's repository: what a grading build needs, the
    /// starters, and the files that make it a repository of its own.
    static let kitEntries = GradingWorkspace.kitEntries + ["Exercises", "README.md", ".gitignore", ".swift-format"]
    /// What is left out of those: the kit's own tests and their helpers (the package declares
    /// them only where Solutions/ is). A student's `swift test` runs Tests/StudentTests.
    static let leftOut = [
        "Tests/SolutionsHost", "Tests/HostileHost", "Tests/CrashWriter", "Tests/CRUDSpecTests", "Tests/ConformanceTests",
        "Tests/StoreTests", "Tests/ServerTests", "Tests/ExerciseTests", "Tests/CRUDKitCLITests",
    ]

    func run(_ context: CommandContext) async throws -> ExitCode {
        let kit = FileManager.default.currentDirectoryPath
        guard FileManager.default.fileExists(atPath: kit + "/Sources/ExerciseKit") else {
            throw CommandFailure("run crudkit student-repo from the kit's folder (the one with Package.swift).", exitCode: .usage)
        }
        let destination = URL(fileURLWithPath: target, relativeTo: URL(fileURLWithPath: kit + "/")).standardizedFileURL.path
        if let existing = try? FileManager.default.contentsOfDirectory(atPath: destination), !existing.isEmpty {
            throw UsageError("'\(target)' is not empty: give a new folder.")
        }
        do {
            for entry in Self.kitEntries {
                try GradingWorkspace.sync(kit + "/" + entry, to: destination + "/" + entry)
            }
            for entry in Self.leftOut { try? FileManager.default.removeItem(atPath: destination + "/" + entry) }
            let workflows = destination + "/.github/workflows"
            try FileManager.default.createDirectory(atPath: workflows, withIntermediateDirectories: true)
            try GradingWorkspace.sync(kit + "/Course/Classroom/classroom.yml", to: workflows + "/classroom.yml")
        } catch {
            throw CommandFailure("could not write '\(target)': \(error.localizedDescription)", exitCode: .unavailable)
        }
        context.console.out(
            """
            Wrote a student repository to \(target): the kit, Exercises/, Course/ and .github/workflows/classroom.yml.
            It has no Solutions/. Set KIT_REPOSITORY and KIT_VERSION in the workflow, then push it as the template.

            """)
        return .success
    }
}
