/// `crudkit` itself: the commands, and its help when none is named.
struct CRUDKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "crudkit", summary: "crudkit: learn, teach and verify CRUD storage in Swift.",
        discussion: "Run 'crudkit <command> --help' for a command's options.",
        subcommands: [
            TasksCommand.self, ContactsCommand.self, AppCommand.self, CompareCommand.self, RulesCommand.self, FuzzCommand.self,
            BenchCommand.self,
            ServeCommand.self, ExercisesCommand.self, GradeCommand.self, StudentRepoCommand.self, CourseCommand.self,
        ], exitStatuses: CommandConfiguration.everyExitStatus)

    func run(_ context: CommandContext) async throws -> ExitCode {
        context.console.out(CRUDKitTool.help)
        return .usage
    }
}
