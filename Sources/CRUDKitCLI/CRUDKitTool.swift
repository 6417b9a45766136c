import CRUDBackends
import CRUDConformance
import CRUDSpec
import Foundation

/// The `crudkit` command: reads the command line, runs one command, returns its exit status.
///
/// ```swift
/// let status = await CRUDKitTool.run(["compare", "--format", "json"], console: StandardConsole())
/// ```
public enum CRUDKitTool {
    static let commands: [(name: String, summary: String)] = [
        (TasksCommand.name, TasksCommand.summary),
        (ContactsCommand.name, ContactsCommand.summary),
        (CompareCommand.name, CompareCommand.summary),
        (RulesCommand.name, RulesCommand.summary),
        (FuzzCommand.name, FuzzCommand.summary),
        (BenchCommand.name, BenchCommand.summary),
        (ServeCommand.name, ServeCommand.summary),
        (ExercisesCommand.name, ExercisesCommand.summary),
        (GradeCommand.name, GradeCommand.summary),
        (StudentRepoCommand.name, StudentRepoCommand.summary),
    ]

    static var help: String {
        let width = commands.map(\.name.count).max() ?? 0
        let list = commands.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }.joined(
            separator: "\n")
        let codes = ExitCode.allCases.map { "  \(String($0.rawValue).padding(toLength: 3, withPad: " ", startingAt: 0)) \($0.meaning)" }
            .joined(separator: "\n")
        return """
            crudkit: learn, teach and verify CRUD storage in Swift.

            USAGE: crudkit <command> [options]

            COMMANDS:
            \(list)

            Run 'crudkit <command> --help' for a command's options.

            EXIT STATUS:
            \(codes)
            """
    }

    /// Runs the command named by `arguments` (without the program name). `backends` is
    /// the catalogue `compare` chooses from: the built-in backends unless a test or
    /// another package passes its own.
    public static func run(
        _ arguments: [String], console: any Console, backends: [Backend] = BuiltInBackends.all,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        do {
            return try await dispatch(arguments, console: console, backends: backends, environment: environment).rawValue
        } catch let error as UsageError {
            console.err("error: \(error.message)\nRun 'crudkit --help' for usage.\n")
            return ExitCode.usage.rawValue
        } catch let failure as CommandFailure {
            console.err("error: \(failure.message)\n")
            return failure.exitCode.rawValue
        } catch let error as CRUDError {
            console.err("error: \(error.message)\n")
            return ExitCode(error).rawValue
        } catch {
            console.err("error: \(error.localizedDescription)\n")
            return ExitCode.failure.rawValue
        }
    }

    private static func dispatch(
        _ arguments: [String], console: any Console, backends: [Backend], environment: [String: String]
    ) async throws -> ExitCode {
        guard let command = arguments.first else {
            console.out(help + "\n")
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        let wantsHelp = rest.contains("--help") || rest.contains("-h")
        switch command {
        case "--help", "-h", "help":
            console.out(help + "\n")
            return .success
        case CompareCommand.name:
            if wantsHelp { console.out(CompareCommand.help + "\n"); return .success }
            return try await CompareCommand(arguments: rest, catalogue: backends, environment: environment).run(console: console)
        case FuzzCommand.name:
            if wantsHelp {
                console.out(FuzzCommand.help + "\n")
                return .success
            }
            return try await FuzzCommand(arguments: rest, catalogue: backends).run(console: console)
        case RulesCommand.name:
            if wantsHelp { console.out(RulesCommand.help + "\n"); return .success }
            return try RulesCommand(arguments: rest).run(console: console)
        case TasksCommand.name:
            return try await TasksCommand.run(rest, console: console, environment: environment)
        case ContactsCommand.name:
            return try await ContactsCommand.run(rest, console: console, environment: environment)
        case GradeCommand.name:
            if wantsHelp {
                console.out(GradeCommand.help + "\n")
                return .success
            }
            return try await GradeCommand.run(rest, console: console, environment: environment)
        case ExercisesCommand.name:
            if wantsHelp {
                console.out(ExercisesCommand.help + "\n")
                return .success
            }
            return try await ExercisesCommand.run(rest, console: console, environment: environment)
        case StudentRepoCommand.name:
            if wantsHelp {
                console.out(StudentRepoCommand.help + "\n")
                return .success
            }
            return try StudentRepoCommand.run(rest, console: console)
        case ServeCommand.name:
            if wantsHelp {
                console.out(ServeCommand.help + "\n")
                return .success
            }
            return try await ServeCommand(arguments: rest).run(console: console)
        case BenchCommand.name:
            if wantsHelp {
                console.out(BenchCommand.help + "\n")
                return .success
            }
            return try await BenchCommand(arguments: rest).run(console: console)
        default:
            throw UsageError.unknown("command", command, among: commands.map(\.name))
        }
    }
}
