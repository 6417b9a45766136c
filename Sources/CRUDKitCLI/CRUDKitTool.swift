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
    static var help: String {
        CommandHelp.text(for: CRUDKitCommand.self, path: ["crudkit"])
    }

    /// Runs the command named by `arguments` (without the program name). `backends` is
    /// the catalogue `compare`, `fuzz` and `bench` choose from: the built-in backends unless
    /// a test or another package passes its own.
    public static func run(
        _ arguments: [String], console: any Console, backends: [Backend] = BuiltInBackends.all,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        do {
            return try await dispatch(arguments, console: console, backends: backends, environment: environment).rawValue
        } catch let error as UsageError {
            console.err("error: \(error.message)\nRun '\(commandPath(arguments)) --help' for usage.\n")
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

    /// The command the leading words name, such as `crudkit contacts`: whose help a usage
    /// error points to.
    static func commandPath(_ arguments: [String]) -> String {
        var path = ["crudkit"]
        var command: any ParsableCommand.Type = CRUDKitCommand.self
        for word in arguments {
            guard let next = command.configuration.subcommands.first(where: { $0.configuration.name == word }) else { break }
            path.append(word)
            command = next
        }
        return path.joined(separator: " ")
    }

    /// Finds the command the words name (``CommandParser``), then prints its help or runs it.
    private static func dispatch(
        _ arguments: [String], console: any Console, backends: [Backend], environment: [String: String]
    ) async throws -> ExitCode {
        let context = CommandContext(console: console, environment: environment, backends: backends)
        if arguments.first == "help" {
            console.out(help)
            return .success
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
