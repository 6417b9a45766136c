import CRUDConformance
import ChildProcesses
import ExerciseKit
import Foundation
import ThreadExecutors

/// `crudkit exercises`: the student's runner. It builds Exercises/ into the exercise host,
/// checks it from outside (a crash or an endless loop is a failed check, not a stuck runner),
/// shows progress, the first failing check with a hint and the lesson, and hints on request.
struct ExercisesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "exercises", summary: "Check your exercises: progress, the next failing check, hints.",
        discussion: """
            Without a subcommand: progress, and the first failing check of the next unfinished exercise.

            Checks run on the code in Exercises/, built into a program of its own (the exercise
            host) each time, so an exercise that crashes, loops or never returns fails its check
            ("timed out after 10 s") instead of stopping the runner. Lessons are in Course/Lessons.
            """,
        subcommands: [Check.self, Hint.self, Watch.self, Generate.self],
        exitStatuses: [(.success, "the checked exercises pass"), (.failure, "a check failed"), (.usage, "the command line is wrong")])

    func run(_ context: CommandContext) async throws -> ExitCode {
        guard let grader = try await Self.graderOfExercises(console: context.console, environment: context.environment) else {
            return .failure
        }
        defer { grader.host.stop() }
        return await Self.overview(with: grader.grader, console: context.console)
    }

    /// `crudkit exercises check NUMBER`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            name: "check", summary: "Every check of an exercise, with expected and actual for each failure.")
        @Argument("NUMBER", help: "The exercise's number.") var number: String

        func run(_ context: CommandContext) async throws -> ExitCode {
            let exercise = try ExercisesCommand.exercise(number, for: "check")
            guard let grader = try await ExercisesCommand.graderOfExercises(console: context.console, environment: context.environment)
            else {
                return .failure
            }
            defer { grader.host.stop() }
            return await ExercisesCommand.check(exercise, with: grader.grader, console: context.console)
        }
    }

    /// `crudkit exercises hint NUMBER [LEVEL]`.
    struct Hint: ParsableCommand {
        static let configuration = CommandConfiguration(name: "hint", summary: "A hint for an exercise, and the lesson to read.")
        @Argument("NUMBER", help: "The exercise's number.") var number: String
        @Argument("LEVEL", help: "Which hint (default: 1); each says more than the one before.") var level: String?

        func run(_ context: CommandContext) async throws -> ExitCode {
            let exercise = try ExercisesCommand.exercise(number, for: "hint")
            let level = level.map { Int($0) ?? 0 } ?? 1
            guard (1...exercise.hints.count).contains(level) else {
                throw UsageError("exercise \(exercise.number) has hints 1 to \(exercise.hints.count).")
            }
            let console = context.console
            console.out("Exercise \(exercise.number), hint \(level) of \(exercise.hints.count): \(exercise.hints[level - 1])\n")
            if level < exercise.hints.count {
                console.out("Next hint: crudkit exercises hint \(exercise.number) \(level + 1)\n")
            }
            console.out("Lesson: \(exercise.lesson)\n")
            return .success
        }
    }

    /// `crudkit exercises watch`.
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            name: "watch", summary: "Check again whenever a file in Exercises/ changes (Ctrl-C stops).")

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await ExerciseWatcher.watch(console: context.console)
        }
    }

    /// `crudkit exercises generate`: for authors of exercises.
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            name: "generate",
            summary: "For authors of exercises: rewrite Exercises/README.md's table and each starter's header from the manifest.",
            discussion: """
                Run it from the kit's folder after changing Sources/ExerciseKit/Manifest.swift. It writes
                only the files that differ and names them; a test fails while any differs.
                """,
            exitStatuses: [
                (.success, "every file is up to date, or has been rewritten"), (.failure, "--check found a file out of date"),
                (.usage, "the command line is wrong, or a file is missing"),
            ])
        @Flag("check", help: "Write nothing: name the files out of date and fail if there are any.") var checkOnly: Bool

        func run(_ context: CommandContext) async throws -> ExitCode {
            let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let stale: [String]
            do {
                stale =
                    checkOnly
                    ? try Manifest.documents(root: root).filter { !$0.isUpToDate }.map(\.path) : try Manifest.writeDocuments(root: root)
            } catch let error as ManifestDocumentError {
                throw CommandFailure("\(error.description) (run crudkit exercises generate from the kit's folder).", exitCode: .usage)
            }
            for path in stale { context.console.out(checkOnly ? "out of date: \(path)\n" : "rewrote \(path)\n") }
            if stale.isEmpty { context.console.out("Every generated part is up to date.\n") }
            return checkOnly && !stale.isEmpty ? .failure : .success
        }
    }

    /// The exercise `number` names, for `subcommand`'s messages.
    static func exercise(_ number: String, for subcommand: String) throws(UsageError) -> ExerciseInfo {
        guard let exercise = Int(number).flatMap(Manifest.exercise) else {
            throw UsageError("exercises \(subcommand) needs an exercise number from 1 to \(Manifest.exercises.count).")
        }
        return exercise
    }

    /// Builds the exercise host from Exercises/ here and a grader that talks to it; nil
    /// (after saying why) when Exercises/ does not compile.
    static func graderOfExercises(
        console: any Console, environment: [String: String]
    ) async throws -> (grader: Grader, host: ExerciseHost)? {
        let folder = FileManager.default.currentDirectoryPath
        guard environment["CRUDKIT_EXERCISE_HOST"] != nil || FileManager.default.fileExists(atPath: folder + "/Exercises") else {
            throw CommandFailure("no Exercises/ folder here: run crudkit exercises from the kit's folder.", exitCode: .usage)
        }
        for file in ExerciseHostBuild.strayFiles(in: folder + "/Exercises") {
            console.out("Exercises/\(file) is in no exercise's folder, so it is not built: move it into the folder that uses it.\n")
        }
        // A build takes minutes: its wait holds no thread of Swift's pool.
        switch try await offThePool({ try ExerciseHostBuild.build(in: folder, environment: environment) }) {
        case .built(let executable, let notCompiled):
            var built = ExerciseHostBuild.grader(
                executable: executable, deadline: ExerciseHostBuild.defaultDeadline, notCompiled: notCompiled)
            built.0.environment = environment  // where Exercise 15 finds its server (CRUDKIT_POSTGRES_URL)
            return built
        case .doesNotCompile(let output):
            console.out("Exercises/ does not compile yet. The compiler says:\n\n\(output)\n")
            return nil
        }
    }

    static func bar(_ done: Int, _ total: Int, width: Int = 20) -> String {
        let filled = total == 0 ? 0 : width * done / total
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }

    static func overview(with grader: Grader, console: any Console) async -> ExitCode {
        let all = await grader.outcomes()
        // The broken files first: nothing of those exercises can be checked until they compile.
        for entry in all {
            guard let errors = entry.compileErrors else { continue }
            console.out("Exercise \(entry.exercise.number) does not compile, so its checks fail. The compiler says:\n\(errors)\n\n")
        }
        for entry in all {
            guard let reason = entry.notCheckableReason else { continue }
            console.out("Exercise \(entry.exercise.number) cannot be checked on this machine, so it scores no points: \(reason)\n\n")
        }
        let done = all.filter(\.isDone).count
        let points = all.map(\.points).reduce(0, +)
        console.out("\(bar(done, all.count)) \(done)/\(all.count) exercises, \(points)/\(Manifest.totalPoints) points\n\n")
        for entry in all {
            let status =
                entry.isDone
                ? "done"
                : entry.compileErrors != nil
                    ? "does not compile"
                    : entry.notCheckableReason != nil
                        ? "not checkable here (n/a)"
                        : entry.isStarted ? "\(entry.passed)/\(entry.exercise.rules.count) checks" : "not started"
            console.out(
                "  \(entry.isDone ? "[x]" : "[ ]") \(entry.exercise.number < 10 ? " " : "")\(entry.exercise.number). \(entry.exercise.title.padding(toLength: 34, withPad: " ", startingAt: 0)) \(status)\n"
            )
        }
        guard let next = all.first(where: { !$0.isDone && $0.notCheckableReason == nil }) else {
            let unchecked = all.filter { $0.notCheckableReason != nil }.map { "\($0.exercise.number)" }
            guard unchecked.isEmpty else {
                console.out(
                    "\nEvery exercise that can be checked here passes; \(unchecked.joined(separator: ", ")) cannot be, and is not passed.\n"
                )
                return .failure
            }
            console.out("\nEvery exercise passes. Well done!\n")
            return .success
        }
        console.out("\nNext: exercise \(next.exercise.number), \(next.exercise.title): \(next.exercise.file)\n")
        if let errors = next.compileErrors {
            console.out("\nIt does not compile yet. The compiler says:\n\(errors)\n")
        } else if let failure = next.results.first(where: { !$0.passed }), let report = failure.failureReport {
            console.out("\n\(report)\n")
        }
        console.out("\nHint: \(next.exercise.hints[0])\nLesson: \(next.exercise.lesson)\n")
        return .failure
    }

    static func check(_ exercise: ExerciseInfo, with grader: Grader, console: any Console) async -> ExitCode {
        guard let entry = await grader.outcomes(only: [exercise.number]).first else { return .failure }
        console.out("Exercise \(exercise.number): \(exercise.title) (\(exercise.file))\n\n")
        if let errors = entry.compileErrors {
            console.out("It does not compile, so none of its \(exercise.rules.count) checks can pass. The compiler says:\n\(errors)\n")
            console.out("\nHint: crudkit exercises hint \(exercise.number). Lesson: \(exercise.lesson)\n")
            return .failure
        }
        for result in entry.results {
            console.out(
                "  \(result.outcome.label.padding(toLength: 4, withPad: " ", startingAt: 0))  \(result.rule.id)  \(result.rule.statement)\n"
            )
        }
        if let reason = entry.notCheckableReason {
            console.out(
                "\nExercise \(exercise.number) cannot be checked on this machine: \(reason)\n"
                    + "Its n/a checks are not passed, and it scores no points until they can run.\n")
            return .failure
        }
        let failures = entry.results.compactMap(\.failureReport)
        if !failures.isEmpty {
            console.out("\n" + failures.joined(separator: "\n\n") + "\n")
            console.out(
                "\n\(entry.passed)/\(exercise.rules.count) checks pass. Hint: crudkit exercises hint \(exercise.number). Lesson: \(exercise.lesson)\n"
            )
            return .failure
        }
        console.out("\nExercise \(exercise.number) is done: every check passes.\n")
        if let next = Manifest.exercise(exercise.number + 1) {
            console.out("Next: exercise \(next.number), \(next.title): \(next.file)\n")
        }
        return .success
    }
}

/// `crudkit exercises watch`: polls Exercises/ and runs the checks again in a fresh
/// build whenever a file changes. Polling works on every platform and file system.
enum ExerciseWatcher {
    static func watch(console: any Console) async throws -> ExitCode {
        let folder = FileManager.default.currentDirectoryPath + "/Exercises"
        guard FileManager.default.fileExists(atPath: folder) else {
            throw CommandFailure("no Exercises/ folder here: run crudkit exercises watch from the kit's folder.", exitCode: .usage)
        }
        console.out("Watching Exercises/ (checks again when a file changes; Ctrl-C stops).\n")
        var last: Date?
        while true {
            let latest = newestModification(in: folder)
            if latest != last {
                last = latest
                // On this terminal, in this process group: a Ctrl-C stops the checks and the watch.
                let checks = try ChildProcess(
                    "swift", ["run", "-q", "crudkit", "exercises"],
                    options: .init(input: .inherited, output: .inherited, errors: .inherited))
                _ = await checks.finished()
                console.out("\n(watching; save a file to check again)\n")
            }
            try await Task.sleep(for: .seconds(1))
        }
    }

    static func newestModification(in folder: String) -> Date? {
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return files.compactMap { try? FileManager.default.attributesOfItem(atPath: folder + "/" + $0)[.modificationDate] as? Date }.max()
    }
}
