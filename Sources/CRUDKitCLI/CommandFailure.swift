/// A command that cannot go on: one plain line for standard error and an exit status.
struct CommandFailure: Error, Equatable {
    let message: String
    let exitCode: ExitCode

    init(_ message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }
}
