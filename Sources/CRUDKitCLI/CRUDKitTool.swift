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
    /// Commands still read by hand, until each becomes a ``ParsableCommand``.
    static let handParsed: [(name: String, summary: String)] = [
        (CompareCommand.name, CompareCommand.summary),
        (FuzzCommand.name, FuzzCommand.summary),
        (BenchCommand.name, BenchCommand.summary),
        (ServeCommand.name, ServeCommand.summary),
        (ExercisesCommand.name, ExercisesCommand.summary),
        (GradeCommand.name, GradeCommand.summary),
        (StudentRepoCommand.name, StudentRepoCommand.summary),
    ]

    static var help: String {
        let rows = handParsed.map { "  " + $0.name.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.summary }
        return CommandHelp.text(for: CRUDKitCommand.self, path: ["crudkit"]).replacingOccurrences(
            of: "\n\nRun 'crudkit", with: "\n" + rows.joined(separator: "\n") + "\n\nRun 'crudkit")
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
        let context = CommandContext(console: console, environment: environment, backends: backends)
        let rest = Array(arguments.dropFirst())
        let wantsHelp = rest.contains("--help") || rest.contains("-h")
        switch arguments.first {
        case "help":
            console.out(help)
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
            let names = CRUDKitCommand.configuration.subcommands.map { $0.configuration.name }
            if let first = arguments.first, !first.hasPrefix("-"), !names.contains(first) {
                throw UsageError.unknown("command", first, among: names + handParsed.map(\.name))
            }
        }
        switch try CommandParser.parse(arguments, as: CRUDKitCommand.self, path: ["crudkit"]) {
        case .help(let text):
            console.out(text)
            return .success
        case .run(let command):
            return try await command.run(context)
        }
    }
}

/// `crudkit` itself: the commands, and its help when none is named.
struct CRUDKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "crudkit", summary: "crudkit: learn, teach and verify CRUD storage in Swift.",
        discussion: "Run 'crudkit <command> --help' for a command's options.",
        subcommands: [TasksCommand.self, ContactsCommand.self, RulesCommand.self], exitStatuses: CommandConfiguration.everyExitStatus)

    func run(_ context: CommandContext) async throws -> ExitCode {
        context.console.out(CRUDKitTool.help)
        return .usage
    }
}
