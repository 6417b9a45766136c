#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ChildProcess {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable, Equatable {
        /// /dev/null.
        case nullDevice
        /// A new pipe, whose other end this process gets (``ChildProcess/input``,
        /// ``ChildProcess/output`` or ``ChildProcess/errors``).
        case pipe
        /// This process's own descriptor (its terminal, say).
        case inherited
    }

    /// Where the child's standard error goes.
    public enum ErrorStream: Sendable, Equatable {
        /// /dev/null.
        case nullDevice
        /// A pipe of its own: ``ChildProcess/errors``.
        case pipe
        /// This process's own standard error.
        case inherited
        /// Wherever its standard output goes, so both arrive in one stream in the order written.
        case output
    }

    /// How a child starts. Whatever these say, the child inherits no descriptor but its
    /// standard input, output and error, and starts with no signal blocked.
    public struct Options: Sendable {
        /// The folder it starts in; nil for this process's.
        public var directory: String?
        /// Its whole environment; nil for this process's.
        public var environment: [String: String]?
        /// Its standard input: /dev/null unless told.
        public var input: Stream
        /// Its standard output: a pipe unless told.
        public var output: Stream
        /// Its standard error: a pipe of its own unless told.
        public var errors: ErrorStream
        /// Whether it leads a new process group (so a signal to `-pid` reaches it and
        /// everything it starts, and a Ctrl-C at the terminal does not).
        public var newProcessGroup: Bool
        /// Signals it starts with the default action for, whatever this process does with
        /// them. SIGPIPE by default: a parent that ignores it must not pass that on.
        public var defaultSignals: [Int32]
        /// Whether it may go on running after this process ends. By default it may not: the
        /// ``Lifeline`` ends it (and its group, when it leads one) however this process ends.
        /// A watchdog that must clean up after this process outlives it on purpose.
        public var outlivesThisProcess: Bool

        /// Options with the defaults above, each changeable by name.
        public init(
            directory: String? = nil, environment: [String: String]? = nil, input: Stream = .nullDevice, output: Stream = .pipe,
            errors: ErrorStream = .pipe, newProcessGroup: Bool = false, defaultSignals: [Int32] = [SIGPIPE],
            outlivesThisProcess: Bool = false
        ) {
            self.outlivesThisProcess = outlivesThisProcess
            self.directory = directory
            self.environment = environment
            self.input = input
            self.output = output
            self.errors = errors
            self.newProcessGroup = newProcessGroup
            self.defaultSignals = defaultSignals
        }
    }

    /// How a child ended.
    public enum Ending: Equatable, Sendable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// Its status could not be read: someone else collected it (`waitpid` said this error).
        case unknown(errno: Int32)

        /// "exited with status 3", "killed by signal 9".
        public var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            case .unknown(let error): "ended, but its status could not be read (\(String(cString: strerror(error))))"
            }
        }

        /// The ending a `waitpid` status describes (the macros of <sys/wait.h>, which Swift
        /// does not import; the same on Linux and macOS). Only for a process that ended.
        init(waitStatus status: Int32) {
            let signal = status & 0x7F
            self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        }
    }
}

/// Why a child could not be started: which program, and what the system said.
public struct SpawnError: Error, CustomStringConvertible, Sendable {
    /// For example "could not start /no/such/program: No such file or directory".
    public let description: String

    /// An error that says `description`.
    public init(description: String) { self.description = description }
}
