import CRUDConformance

/// A set of declared arguments: a command, or a group of options several commands share
/// (such as `--store`). Its `@Option`, `@Flag` and `@Argument` properties are the
/// declarations; the parser finds them, fills them in, and writes the help from them.
protocol ParsableArguments {
    /// An instance with every argument still unparsed.
    init()
}

/// One command of the tool: a small type that declares its arguments and runs.
///
/// ```swift
/// struct Add: ParsableCommand {
///     static let configuration = CommandConfiguration(name: "add", summary: "Add a task.")
///     @Argument("TITLE", help: "The task's title.") var title: String
///     @Option("notes", value: "TEXT", help: "Notes to keep with it.") var notes: String?
///     func run(_ context: CommandContext) async throws -> ExitCode { … }
/// }
/// ```
///
/// ``CommandParser`` reads the words after the command's name into a fresh instance, answers
/// `--help` from the declarations, then calls ``validate()`` and ``run(_:)``.
protocol ParsableCommand: ParsableArguments, SendableMetatype {
    /// The command's name, summary, help text and subcommands.
    static var configuration: CommandConfiguration { get }

    /// Checks what no single argument can check alone (two flags that exclude each other),
    /// before anything runs.
    func validate() throws(UsageError)

    /// Does the command's work and returns its exit status.
    func run(_ context: CommandContext) async throws -> ExitCode
}

extension ParsableCommand {
    func validate() throws(UsageError) {}
}

/// What a command says about itself, beside its arguments.
struct CommandConfiguration: Sendable {
    /// The word that names the command: `tasks`, `add`.
    var name: String
    /// One line, shown in its parent's list and at the top of its help.
    var summary: String
    /// Usage lines written by hand, for a command whose forms the generated line cannot
    /// show; nil for the generated one.
    var usage: String?
    /// Paragraphs shown below the usage.
    var discussion: String
    /// The commands below this one. A word naming one of them runs it; without one, this
    /// command runs itself.
    var subcommands: [any ParsableCommand.Type]
    /// The exit statuses listed at the end of the help, with what each means here.
    var exitStatuses: [(code: ExitCode, meaning: String)]

    init(
        name: String, summary: String, usage: String? = nil, discussion: String = "", subcommands: [any ParsableCommand.Type] = [],
        exitStatuses: [(code: ExitCode, meaning: String)] = []
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.discussion = discussion
        self.subcommands = subcommands
        self.exitStatuses = exitStatuses
    }

    /// Every exit status, with its general meaning.
    static let everyExitStatus = ExitCode.allCases.map { (code: $0, meaning: $0.meaning) }
}

/// What a running command may use: where to write, the environment, and the backends
/// `compare`, `fuzz` and `bench` choose from.
struct CommandContext {
    let console: any Console
    let environment: [String: String]
    /// The catalogue of backends: the built-in ones unless a test or another package passes its own.
    let backends: [Backend]
}
