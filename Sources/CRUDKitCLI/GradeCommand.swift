import CRUDConformance
import ExerciseKit
import Foundation
import ThreadExecutors

/// `crudkit grade`: points per exercise from the manifest's rubric, for instructors.
struct GradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "grade", summary: "Grade exercises: points per exercise and the total, as text, JSON, JUnit XML or Markdown.",
        discussion: """
            Each exercise earns its points in proportion to the checks that pass.

            The student's code runs in the exercise host, a program of its own built from
            Exercises/, under limits on CPU time, memory, open files and file size. This process
            sends it the calls, judges the answers and writes the report: nothing the student's
            code prints is read as a grade. A check that crashes the host, or has no answer
            within the deadline, fails with the reason, and grading goes on with a fresh host.
            On Linux the host runs in a sandbox (user, mount and network namespaces): no
            network, and no file writable but its own folders, so a submission cannot change
            another's files or grade. Where the system cannot make it, grading says so.

            Grading one submission takes at most (checks x (deadline + 5 s)) plus the build
            (each swift build is stopped after 20 minutes).

            Each exercise folder is compiled as a module of its own: one that does not compile
            gets 0 ("does not compile", with the compiler's errors), and the others are graded.

            Without --submission, grades the Exercises/ here. With it, takes only DIR/Exercises
            into a clean copy of this kit (so edited tests, solutions or manifests cannot change a
            grade), builds its exercise host there, and grades it from here. Several --submission
            options give one gradebook as CSV, a row per submission; its last column lists the
            exercises that did not compile.
            """)

    @Option(
        "format", value: "FORMAT", help: "text (default), json, junit or markdown (one submission).",
        parser: .choice(["text", "json", "junit", "markdown"]))
    var format = "text"
    @Option("deadline", value: "SECONDS", help: "How long one call of a check may take (default: 10).", parser: .positiveSeconds)
    var deadline: Duration?
    @Flag("require-sandbox", help: "Give no grade unless the exercise host ran in its sandbox.") var requireSandbox: Bool
    @Option("submission", value: "DIR", help: "A student's folder that holds Exercises/ (repeatable).") var submissions: [String]

    /// How submissions are graded.
    struct Options {
        /// How long one call of a check may take.
        var deadline = ExerciseHostBuild.defaultDeadline
        /// Whether to refuse a grade when the exercise host could not run in its sandbox.
        var requireSandbox = false
    }

    /// One graded exercise.
    struct Entry: Codable, Equatable {
        var exercise: Int
        var title: String
        var points: Int
        var maxPoints: Int
        var passedChecks: Int
        var checks: Int
        var failedRules: [String]
        /// Whether the exercise's code was built; one that was not gets 0.
        var compiles = true
        /// Why its checks could not run on this machine (n/a, such as no PostgreSQL): it gets no
        /// points for them. Nil when they ran.
        var notCheckable: String?
    }

    /// A whole grade, as JSON: the form --submission reads back from the clean copy.
    struct Report: Codable, Equatable {
        var format = "crudkit-grade"
        var version = 1
        var total: Int
        var maxTotal: Int
        /// Whether every exercise's code was built (see ``Entry/compiles``).
        var compiled = true
        var exercises: [Entry]

        /// The exercises whose code was not built, as the gradebook lists them (`1 3`).
        var notCompiled: String { exercises.filter { !$0.compiles }.map { "\($0.exercise)" }.joined(separator: " ") }
    }

    static func report(with grader: Grader) async -> (Report, [RuleResult]) {
        let progress = await grader.outcomes()
        let entries = progress.map {
            Entry(
                exercise: $0.exercise.number, title: $0.exercise.title, points: $0.points, maxPoints: $0.exercise.points,
                passedChecks: $0.passed,
                checks: $0.exercise.rules.count, failedRules: $0.results.filter(\.failed).map(\.rule.id),
                compiles: $0.compileErrors == nil, notCheckable: $0.notCheckableReason)
        }
        return (
            Report(
                total: entries.map(\.points).reduce(0, +), maxTotal: Manifest.totalPoints, compiled: entries.allSatisfy(\.compiles),
                exercises: entries),
            progress.flatMap(\.results)
        )
    }

    /// The report of a submission that does not compile: every exercise gets 0.
    static let notCompiled = Report(
        total: 0, maxTotal: Manifest.totalPoints, compiled: false,
        exercises: Manifest.exercises.map {
            .init(
                exercise: $0.number, title: $0.title, points: 0, maxPoints: $0.points, passedChecks: 0, checks: $0.rules.count,
                failedRules: $0.rules, compiles: false)
        })

    /// Grades the exercise host built from the kit in `folder`. With `workspace`, a folder
    /// the submission must not change while it runs (the grading workspace): if it changed,
    /// it is deleted, so the next submission is built from the kit as shipped.
    static func grade(
        kitIn folder: String, environment: [String: String], options: Options, console: any Console, watching workspace: String? = nil
    ) async throws -> (Report, [RuleResult]) {
        if options.requireSandbox, case let (false, reason) = HostSandbox.availability() {
            throw CommandFailure("--require-sandbox: this system cannot make the exercise host's sandbox (\(reason)).", exitCode: .failure)
        }
        for file in ExerciseHostBuild.strayFiles(in: folder + "/Exercises") {
            console.err("Exercises/\(file) is in no exercise's folder: it is not built or graded.\n")
        }
        switch try await offThePool({ try ExerciseHostBuild.build(in: folder, environment: environment) }) {
        case .doesNotCompile(let output):
            console.err("The submission does not compile:\n\(output.suffix(2_000))\n")
            return (notCompiled, [])
        case .built(let executable, let notCompiled):
            for (number, errors) in notCompiled.sorted(by: { $0.key < $1.key }) {
                console.err("Exercise \(number) does not compile and gets 0:\n\(errors)\n")
            }
            let before = workspace.map(GradingWorkspace.fingerprint(of:))
            let (grader, host) = ExerciseHostBuild.grader(executable: executable, deadline: options.deadline, notCompiled: notCompiled)
            let graded = await report(with: grader)
            host.stop()
            if let sandbox = host.sandbox, !sandbox.isOn {
                guard !options.requireSandbox else {
                    throw CommandFailure("--require-sandbox: \(sandbox); no grade is given.", exitCode: .failure)
                }
                console.err("Note: \(sandbox).\n")
            }
            if let workspace, let before, GradingWorkspace.fingerprint(of: workspace) != before {
                try? FileManager.default.removeItem(atPath: workspace)
                console.err(
                    "The submission wrote into the grading workspace while it ran; the workspace was deleted and will be rebuilt.\n")
            }
            return graded
        }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let console = context.console
        var options = Options()
        if let deadline { options.deadline = deadline }
        options.requireSandbox = requireSandbox
        if submissions.count > 1 {
            var rows = [
                "submission," + Manifest.exercises.map { "exercise \($0.number)" }.joined(separator: ",") + ",total,max,not compiled"
            ]
            for folder in submissions {
                console.err("Grading \(folder)…\n")
                let report = try await GradingWorkspace.grade(submission: folder, options: options, console: console).0
                rows.append(
                    ([Self.csv(folder)] + report.exercises.map { "\($0.points)" } + [
                        "\(report.total)", "\(report.maxTotal)", report.notCompiled,
                    ]).joined(
                        separator: ","))
            }
            console.out(rows.joined(separator: "\n") + "\n")
            return .success
        }
        let (report, results) =
            if let folder = submissions.first {
                try await GradingWorkspace.grade(submission: folder, options: options, console: console)
            } else {
                try await Self.grade(
                    kitIn: FileManager.default.currentDirectoryPath, environment: context.environment, options: options, console: console)
            }
        switch format {
        case "json": console.out(try Render.json(report))
        case "junit": console.out(Self.junit(report, results))
        case "markdown": console.out(Self.markdown(report))
        default: console.out(Self.text(report))
        }
        return .success
    }

    static func text(_ report: Report) -> String {
        var out = ""
        for entry in report.exercises {
            let name = "\(entry.exercise). \(entry.title)".padding(toLength: 32, withPad: " ", startingAt: 0)
            let checks = entry.compiles ? "\(entry.passedChecks)/\(entry.checks) checks" : "does not compile"
            out += "\(name) \(String(entry.points).leftPadded(3))/\(entry.maxPoints)  (\(checks))\n"
            if let reason = entry.notCheckable { out += "    not checkable here, so not passed: \(reason)\n" }
        }
        return out + "Total".padding(toLength: 32, withPad: " ", startingAt: 0)
            + " \(String(report.total).leftPadded(3))/\(report.maxTotal)\n"
    }

    static func markdown(_ report: Report) -> String {
        var out = "| Exercise | Points | Checks |\n|---|---|---|\n"
        for entry in report.exercises {
            let checks =
                !entry.compiles
                ? "does not compile"
                : entry.notCheckable.map { "\(entry.passedChecks)/\(entry.checks), not checkable here: \($0)" }
                    ?? "\(entry.passedChecks)/\(entry.checks)"
            out += "| \(entry.exercise). \(entry.title) | \(entry.points)/\(entry.maxPoints) | \(checks) |\n"
        }
        return out + "| **Total** | **\(report.total)/\(report.maxTotal)** | |\n"
    }

    /// JUnit XML, one test case per (exercise, rule), for CI systems and GitHub Classroom.
    static func junit(_ report: Report, _ results: [RuleResult]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"crudkit grade\">\n"
        for entry in report.exercises {
            let failures = entry.failedRules.count
            let outcomes = Dictionary(
                results.filter { $0.backendName == "exercise \(entry.exercise)" }.map { ($0.rule.id, $0.outcome) },
                uniquingKeysWith: { first, _ in first })
            let skipped = outcomes.values.filter { $0.status == "notApplicable" }.count
            out +=
                "  <testsuite name=\"exercise \(entry.exercise): \(xml(entry.title))\" tests=\"\(entry.checks)\" failures=\"\(failures)\" skipped=\"\(skipped)\">\n"
            let rules = Manifest.exercise(entry.exercise)?.rules ?? []
            for rule in rules {
                out += "    <testcase classname=\"exercise\(entry.exercise)\" name=\"\(rule)\""
                if entry.failedRules.contains(rule) {
                    let detail =
                        results.first { $0.rule.id == rule && $0.backendName == "exercise \(entry.exercise)" }?.failureReport ?? "failed"
                    out += ">\n      <failure message=\"\(xml(rule)) failed\">\(xml(detail))</failure>\n    </testcase>\n"
                } else if case .notApplicable(let reason) = outcomes[rule] {
                    out += ">\n      <skipped message=\"not checkable here: \(xml(reason))\"/>\n    </testcase>\n"
                } else {
                    out += "/>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    static func xml(_ text: String) -> String { Markup.escape(text) }

    static func csv(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}

/// A clean copy of this kit, reused between gradings so only the submission's module is
/// rebuilt: the kit's own files are synced in (copied only when they differ, which keeps
/// the incremental build), then the submission's Exercises/ replaces the kit's. Only the
/// exercise host is built there; the grading itself happens in the instructor's process.
enum GradingWorkspace {
    /// The kit's files that a grading build needs; the submission provides only Exercises/.
    static let kitEntries = ["Package.swift", "Sources", "Tests", "Course"]

    static func grade(
        submission folder: String, options: GradeCommand.Options, console: any Console
    ) async throws -> (GradeCommand.Report, [RuleResult]) {
        let kit = FileManager.default.currentDirectoryPath
        let submitted = URL(fileURLWithPath: folder).standardizedFileURL.path + "/Exercises"
        guard FileManager.default.fileExists(atPath: kit + "/Sources/ExerciseKit") else {
            throw CommandFailure("run crudkit grade --submission from the kit's folder (the one with Package.swift).", exitCode: .usage)
        }
        guard FileManager.default.fileExists(atPath: submitted) else {
            throw CommandFailure("'\(folder)' has no Exercises/ folder to grade.", exitCode: .notFound)
        }
        if (try? FileManager.default.attributesOfItem(atPath: submitted)[.type] as? FileAttributeType) == .typeSymbolicLink {
            throw CommandFailure(
                "'\(folder)/Exercises' is a symbolic link: submit the folder itself, not a link to it.", exitCode: .invalidData)
        }
        // Named after the kit's path with a stable hash (String.hashValue changes every run).
        let hash = kit.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-grading-\(String(hash, radix: 16))").path
        for entry in kitEntries { try sync(kit + "/" + entry, to: workspace + "/" + entry) }
        let links = try sync(submitted, to: workspace + "/Exercises")
        if !links.isEmpty {
            console.err("Symbolic links in '\(folder)/Exercises' are not graded: \(links.joined(separator: ", ")).\n")
        }
        // Only the host is built there; the rules run here, in the kit's own process.
        let graded = try await GradeCommand.grade(
            kitIn: workspace, environment: [:], options: options, console: console, watching: workspace)
        return graded
    }

    /// The largest file a submission may hold; a larger one is not copied.
    static let maxFileBytes = 4 << 20

    /// Makes `destination` hold exactly what `source` holds, copying only files whose bytes
    /// differ. Only regular files (at most ``maxFileBytes``) and folders are copied: symbolic
    /// links are never followed (a link in a submission could point at the instructor's files,
    /// or at the root of the disk), FIFOs and devices never opened. Each entry skipped is
    /// returned, relative to `source`.
    @discardableResult
    static func sync(_ source: String, to destination: String) throws -> [String] {
        let manager = FileManager.default
        guard let type = try? manager.attributesOfItem(atPath: source)[.type] as? FileAttributeType else { return [] }
        if type == .typeSymbolicLink { return [""] }  // "" is `source` itself
        // Only regular files and folders: a FIFO would block the copy, a device is no source.
        guard type == .typeDirectory || type == .typeRegular else { return [""] }
        if type == .typeRegular,
            let size = (try? manager.attributesOfItem(atPath: source)[.size] as? NSNumber)?.intValue, size > maxFileBytes
        {
            return [""]
        }
        if type != .typeDirectory {
            if manager.contents(atPath: destination) != manager.contents(atPath: source) {
                try? manager.removeItem(atPath: destination)
                try manager.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try manager.copyItem(atPath: source, toPath: destination)
            }
            return []
        }
        try manager.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let wanted = Set(try manager.contentsOfDirectory(atPath: source))
        for stale in try manager.contentsOfDirectory(atPath: destination) where !wanted.contains(stale) {
            try manager.removeItem(atPath: destination + "/" + stale)
        }
        var skipped: [String] = []
        for name in wanted.sorted() where name != ".build" {
            skipped += try sync(source + "/" + name, to: destination + "/" + name).map { $0.isEmpty ? name : name + "/" + $0 }
        }
        return skipped
    }

    /// A fingerprint of every file under `folder` (path, type, size and modification time,
    /// links not followed): equal before and after grading when nothing wrote there.
    static func fingerprint(of folder: String) -> Int {
        var hasher = Hasher()
        let manager = FileManager.default
        for path in (manager.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).sorted() {
            hasher.combine(path)
            if let attributes = try? manager.attributesOfItem(atPath: folder + "/" + path) {
                hasher.combine((attributes[.type] as? FileAttributeType)?.rawValue)
                hasher.combine((attributes[.size] as? NSNumber)?.int64Value)
                hasher.combine((attributes[.modificationDate] as? Date)?.timeIntervalSince1970)
            }
        }
        return hasher.finalize()
    }
}
