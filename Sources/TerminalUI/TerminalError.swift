/// Why the terminal cannot be used.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal: the program was piped or redirected, or
    /// runs without one (in CI, under a service manager).
    case notATerminal
    /// The terminal refused a setting, with the system's reason.
    case setupFailed(String)

    public var description: String {
        switch self {
        case .notATerminal:
            "this needs a terminal: standard input and output must both be one (not a pipe or a file). "
                + "Run it in a terminal window, or under tmux or screen."
        case .setupFailed(let reason): "the terminal could not be set up: \(reason)"
        }
    }
}
