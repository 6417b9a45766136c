/// The tool's exit statuses, following the BSD `sysexits` convention where one fits.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Everything worked.
    case success = 0
    /// The command ran, and what it checked failed (a backend broke a rule).
    case failure = 1
    /// The command line was wrong: unknown command or flag, missing or bad value.
    case usage = 64
    /// The store is damaged, locked or cannot be read or written, or a port cannot be used.
    case unavailable = 74

    /// One line for `--help`.
    var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "a check failed (for compare: a backend broke a rule)"
        case .usage: "the command line is wrong (unknown command or option, missing or invalid value)"
        case .unavailable: "the store is damaged, locked or unreadable, or the port cannot be used"
        }
    }
}
