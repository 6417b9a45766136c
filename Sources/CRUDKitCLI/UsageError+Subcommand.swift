extension UsageError {
    /// A command with subcommands was named without one.
    static func needsSubcommand(_ configuration: CommandConfiguration) -> UsageError {
        UsageError(
            "\(configuration.name) needs a subcommand: \(configuration.subcommands.map { $0.configuration.name }.joined(separator: ", ")).")
    }
}
