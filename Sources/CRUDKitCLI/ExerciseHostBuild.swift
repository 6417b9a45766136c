import ExerciseKit
import Foundation

/// Finds or builds the exercise host of a kit checkout: the students' `Exercises/` in a
/// program of their own. The tool never links student code; it only starts this program.
enum ExerciseHostBuild {
    /// The deadline of one check, unless `--deadline` says otherwise.
    static let defaultDeadline: Duration = .seconds(10)

    /// What building the host gave: the program, or the compiler's complaint.
    enum Outcome {
        case built(String)
        case doesNotCompile(String)
    }

    /// The host program for the kit in `folder`: `CRUDKIT_EXERCISE_HOST` when set (tests
    /// set it to a program they built), else `swift build --product exercise-host` there.
    static func build(in folder: String, environment: [String: String]) throws -> Outcome {
        if let given = environment["CRUDKIT_EXERCISE_HOST"], !given.isEmpty { return .built(given) }
        if let refused = forbiddenConstruct(in: folder + "/Exercises") { return .doesNotCompile(refused) }
        // The import check makes an `import CRUDSpec` (or any module Exercises/ does not
        // declare) a compile error: a submission reaches the student API and nothing else.
        let build = try run(
            ["swift", "build", "--product", "exercise-host", "--explicit-target-dependency-import-check", "error"], in: folder)
        guard build.status == 0 else { return .doesNotCompile(String(build.output.suffix(4_000))) }
        let bin = try run(["swift", "build", "--product", "exercise-host", "--show-bin-path"], in: folder)
        let path = bin.output.trimmingCharacters(in: .whitespacesAndNewlines) + "/exercise-host"
        guard bin.status == 0, FileManager.default.isExecutableFile(atPath: path) else {
            throw CommandFailure("the exercise host was built but not found at \(path)", exitCode: .failure)
        }
        return .built(path)
    }

    /// Ways to reach code by its symbol name instead of by a module the exercises may import:
    /// each would let a submission call the kit's own answers, which the host links.
    static let forbidden = ["@_silgen_name", "@_cdecl", "@_extern", "@_implementationOnly", "@_spi", "dlsym", "dlopen"]

    /// The first use of a ``forbidden`` construct in the Swift files under `folder`, as a
    /// compiler-like message naming the file and the line, or nil.
    static func forbiddenConstruct(in folder: String) -> String? {
        let files = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
        for file in files.sorted() {
            guard let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8) else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let word = forbidden.first(where: { line.contains($0) }) {
                    return "Exercises/\(file):\(number + 1): error: \(word) is not allowed in an exercise: it reaches code by its "
                        + "symbol name instead of through the modules an exercise may import."
                }
            }
        }
        return nil
    }

    /// The grader for the host program `executable`: every part answered by it, one check at
    /// a time, each check within `deadline` (the host is killed past it).
    static func grader(executable: String, deadline: Duration) -> (Grader, ExerciseHost) {
        let host = ExerciseHost(executable: executable, callLimit: deadline)
        var grader = Grader(submission: .remote(host))
        grader.runner = .init(timeout: deadline + .seconds(5), maxConcurrentChecks: 1)
        return (grader, host)
    }

    /// Runs `command` in `folder`, with its output and errors together.
    static func run(_ command: [String], in folder: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
