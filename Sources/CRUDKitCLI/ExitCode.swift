import CRUDSpec

/// The tool's exit statuses, following the BSD `sysexits` convention where one fits.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Everything worked.
    case success = 0
    /// The command ran, and what it checked failed (a backend broke a rule).
    case failure = 1
    /// The command line was wrong: unknown command or flag, missing or bad value.
    case usage = 64
    /// The data was refused: a validation rule, a duplicate email, an ambiguous id.
    case invalidData = 65
    /// No record has that id, or an input file is missing.
    case notFound = 66
    /// The server cannot be reached, refused the keys, or failed.
    case serviceUnavailable = 69
    /// The store is damaged, locked or cannot be read or written, or a port cannot be used.
    case unavailable = 74

    /// One line for `--help`.
    var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "a check failed (for compare: a backend broke a rule)"
        case .usage: "the command line is wrong (unknown command or option, missing or invalid value)"
        case .invalidData: "the data was refused (validation, duplicate email, ambiguous id)"
        case .notFound: "no record has that id, or the input file does not exist"
        case .serviceUnavailable: "the server cannot be reached, refused the keys, or failed"
        case .unavailable: "the store is damaged, locked or unreadable, or the port cannot be used"
        }
    }
}

extension ExitCode {
    /// The status for a store error.
    init(_ error: CRUDError) {
        switch error {
        case .validation, .duplicate, .invalidQuery: self = .invalidData
        case .notFound: self = .notFound
        case .unauthorized, .network, .server: self = .serviceUnavailable
        case .corruptStore, .storeLocked, .storeUnavailable: self = .unavailable
        case .notImplemented: self = .failure
        }
    }
}
