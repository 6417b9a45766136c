import ChildProcesses
import ExerciseKit
import Foundation

/// Finds or builds the exercise host of a kit checkout: the students' `Exercises/` in a
/// program of their own. The tool never links student code; it only starts this program.
///
/// Each exercise folder is a module of its own. An exercise that does not compile, or uses a
/// ``forbidden`` construct, is left out of the host and graded "does not compile" with the
/// compiler's words; the others are still built and checked.
enum ExerciseHostBuild {
    /// The deadline of one check, unless `--deadline` says otherwise.
    static let defaultDeadline: Duration = .seconds(10)

    /// How long one `swift build` may take before it is interrupted: a cold build of the kit
    /// on two cores takes a few minutes.
    static let buildLimit: Duration = .seconds(20 * 60)

    /// The package variable that names the exercises the host leaves out (see Package.swift).
    static let leftOutVariable = "CRUDKIT_LEFT_OUT_EXERCISES"

    /// What building the host gave.
    enum Outcome {
        /// The host program, and the exercises left out of it with the reason for each
        /// (the compiler's errors, a forbidden construct, a missing folder).
        case built(String, notCompiled: [Int: String])
        /// Nothing could be built, for a reason that is no one exercise's: the whole output.
        case doesNotCompile(String)
    }

    /// The host program for the kit in `folder`: `CRUDKIT_EXERCISE_HOST` when set (tests
    /// set it to a program they built), else `swift build --product exercise-host` there,
    /// leaving out each exercise that does not compile until the rest does.
    @available(*, noasync, message: "it waits for a child process; call it with offThePool")
    static func build(in folder: String, environment: [String: String]) throws -> Outcome {
        if let given = environment["CRUDKIT_EXERCISE_HOST"], !given.isEmpty { return .built(given, notCompiled: [:]) }
        var notCompiled = missingExercises(in: folder).merging(forbiddenConstructs(in: folder + "/Exercises")) { first, _ in first }
        while true {
            let variables = [leftOutVariable: notCompiled.keys.sorted().map(String.init).joined(separator: ",")]
            // The import check makes an `import CRUDSpec` (or any module an exercise does not
            // declare) a compile error: a submission reaches the student API and nothing else.
            let build = try run(
                ["swift", "build", "--product", "exercise-host", "--explicit-target-dependency-import-check", "error"],
                in: folder, adding: variables)
            guard build.status == 0 else {
                let errors = compileErrors(in: build.output, kit: folder).filter { notCompiled[$0.key] == nil }
                // Errors no exercise's own (or none found): nothing to leave out, nothing built.
                guard !errors.isEmpty else { return .doesNotCompile(String(build.output.suffix(4_000))) }
                notCompiled.merge(errors) { first, _ in first }
                continue
            }
            let bin = try run(["swift", "build", "--product", "exercise-host", "--show-bin-path"], in: folder, adding: variables)
            let path = bin.output.trimmingCharacters(in: .whitespacesAndNewlines) + "/exercise-host"
            guard bin.status == 0, FileManager.default.isExecutableFile(atPath: path) else {
                throw CommandFailure("the exercise host was built but not found at \(path)", exitCode: .failure)
            }
            return .built(path, notCompiled: notCompiled)
        }
    }

    /// The exercise a folder of `Exercises/` holds, by the number its name starts with
    /// (`03-Update` is 3), as the package names its module (`Exercise03`); nil for any other.
    static func exerciseNumber(ofFolder name: some StringProtocol) -> Int? {
        guard name.count > 3, name.prefix(2).allSatisfy(\.isNumber), name.dropFirst(2).first == "-" else { return nil }
        return Int(name.prefix(2))
    }

    /// The exercises with no folder: nothing of theirs can be built.
    static func missingExercises(in kit: String) -> [Int: String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: kit + "/Exercises")) ?? []
        let present = Set(folders.compactMap { exerciseNumber(ofFolder: $0) })
        var missing: [Int: String] = [:]
        for exercise in Manifest.exercises where !present.contains(exercise.number) {
            missing[exercise.number] = "\(exercise.folder) is missing: the exercise has nothing to build."
        }
        return missing
    }

    /// The compiler's errors in `output`, by the exercise whose folder holds the file, each
    /// as at most three lines that start at `Exercises/`. SwiftPM's import check names a
    /// module, not a file ("Target Exercise05 imports another target (CRUDSpec) …"): those
    /// become the lines of the exercise's files that import it.
    static func compileErrors(in output: String, kit: String) -> [Int: String] {
        var lines: [Int: [String]] = [:]
        func add(_ line: String, to number: Int) {
            if !(lines[number] ?? []).contains(line) { lines[number, default: []].append(line) }
        }
        for line in output.split(separator: "\n") where line.contains("error:") {
            if let number = importingExercise(in: line), let module = importedModule(in: line) {
                for place in imports(of: module, inExercise: number, kit: kit) {
                    add(
                        "\(place): error: import \(module): an exercise may import ExerciseAPI and Foundation, nothing else of the kit",
                        to: number)
                }
                if lines[number] == nil { add("error: exercise \(number) imports \(module), which exercises may not use", to: number) }
                continue
            }
            guard let start = line.range(of: "Exercises/", options: .backwards)?.lowerBound else { continue }
            let relative = String(line[start...])
            let components = relative.split(separator: "/")
            guard components.count > 2, let number = exerciseNumber(ofFolder: components[1]) else { continue }
            add(relative, to: number)
        }
        return lines.mapValues { $0.prefix(3).joined(separator: "\n") }
    }

    /// The exercise of SwiftPM's "Target ExerciseNN imports another target" error.
    private static func importingExercise(in line: Substring) -> Int? {
        guard let range = line.range(of: "Target Exercise"), line.contains(" imports ") else { return nil }
        return Int(line[range.upperBound...].prefix(2))
    }

    /// The module named in parentheses by SwiftPM's import-check error.
    private static func importedModule(in line: Substring) -> String? {
        guard let open = line.range(of: "target ("), let close = line[open.upperBound...].firstIndex(of: ")") else { return nil }
        return String(line[open.upperBound..<close])
    }

    /// Where the files of exercise `number` import `module`, as `Exercises/…/File.swift:LINE`.
    private static func imports(of module: String, inExercise number: Int, kit: String) -> [String] {
        let exercises = kit + "/Exercises"
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: exercises)) ?? []).filter {
            exerciseNumber(ofFolder: $0) == number
        }
        var places: [String] = []
        for folder in folders.sorted() {
            let files = (FileManager.default.enumerator(atPath: exercises + "/" + folder)?.compactMap { $0 as? String } ?? [])
            for file in files.sorted() where file.hasSuffix(".swift") {
                guard let text = try? String(contentsOfFile: exercises + "/" + folder + "/" + file, encoding: .utf8) else { continue }
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "." })
                    if let at = words.firstIndex(of: "import"), words.dropFirst(at + 1).contains(where: { $0 == module }) {
                        places.append("Exercises/\(folder)/\(file):\(index + 1)")
                    }
                }
            }
        }
        return places
    }

    /// Ways to reach code by its symbol name instead of by a module the exercises may import:
    /// each would let a submission call the kit's own answers, which the host links.
    static let forbidden = ["@_silgen_name", "@_cdecl", "@_extern", "@_implementationOnly", "@_spi", "dlsym", "dlopen"]

    /// The first use of a ``forbidden`` construct in each exercise folder under `folder`, as
    /// a compiler-like message naming the file and the line.
    static func forbiddenConstructs(in folder: String) -> [Int: String] {
        let files = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
        var found: [Int: String] = [:]
        for file in files.sorted() {
            guard file.contains("/"), let number = exerciseNumber(ofFolder: file.split(separator: "/")[0]), found[number] == nil,
                let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let word = forbidden.first(where: { line.contains($0) }) {
                    found[number] =
                        "Exercises/\(file):\(index + 1): error: \(word) is not allowed in an exercise: it reaches code by its "
                        + "symbol name instead of through the modules an exercise may import."
                    break
                }
            }
        }
        return found
    }

    /// Swift files in `Exercises/` outside every exercise's folder: no module holds them, so
    /// they are not built (a helper belongs in the folder of the exercise that uses it).
    static func strayFiles(in folder: String) -> [String] {
        let files = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
        return files.filter { !$0.contains("/") || exerciseNumber(ofFolder: $0.split(separator: "/")[0]) == nil }.sorted()
    }

    /// The grader for the host program `executable`: every part answered by it, one check at
    /// a time, each check within `deadline` (the host is killed past it); the exercises in
    /// `notCompiled` fail every check with their reason, without asking the host.
    static func grader(executable: String, deadline: Duration, notCompiled: [Int: String]) -> (Grader, ExerciseHost) {
        let host = ExerciseHost(executable: executable, callLimit: deadline)
        var grader = Grader(host: host)
        grader.notCompiled = notCompiled
        return (grader, host)
    }

    /// Runs `command` in `folder` with `variables` added to this process's environment, with
    /// its output and errors together. Past ``buildLimit`` it is interrupted (as Ctrl-C
    /// would, so SwiftPM stops its compilers too), and killed ten seconds later. The status
    /// is its exit status, or 128 plus the signal that ended it.
    @available(*, noasync, message: "it waits for a child process; call it with offThePool")
    static func run(_ command: [String], in folder: String, adding variables: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        // PWD too: SwiftPM takes the package's folder from it, and the one inherited from this
        // process names another package (the instructor's kit, with its Solutions/).
        let environment = ProcessInfo.processInfo.environment.merging(variables.merging(["PWD": folder]) { given, _ in given }) {
            _, added in added
        }
        guard let program = command.first else { throw CommandFailure("no command to run in \(folder)", exitCode: .failure) }
        let started = ContinuousClock.now
        let child: ChildProcess
        do {
            child = try ChildProcess(
                program, Array(command.dropFirst()), options: .init(directory: folder, environment: environment, errors: .output))
        } catch {
            throw CommandFailure("\(error)", exitCode: .failure)
        }
        let watchdog = DispatchWorkItem {
            guard child.ended() == nil else { return }
            child.kill(SIGINT)
            DispatchQueue.global().asyncAfter(deadline: .now() + 10) { child.kill(SIGKILL) }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + buildLimit.seconds, execute: watchdog)
        var (ending, output, _) = child.finish()
        watchdog.cancel()
        let status: Int32 =
            switch ending {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            case .unknown: -1
            }
        if status != 0 && ContinuousClock.now - started >= buildLimit {
            output +=
                "\n(\(command.prefix(2).joined(separator: " ")) stopped: it ran longer than \(Int(buildLimit.seconds / 60)) minutes)"
        }
        return (status, output)
    }
}
