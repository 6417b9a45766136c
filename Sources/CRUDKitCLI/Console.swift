import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the tool writes: standard output for results, standard error for progress and
/// errors. Tests pass a ``CapturedConsole`` to read what a command printed.
public protocol Console: Sendable {
    /// Writes `text` to standard output.
    func out(_ text: String)
    /// Writes `text` to standard error.
    func err(_ text: String)
    /// Whether a person is at the keyboard: standard input and output are terminals.
    var isInteractive: Bool { get }
    /// Whether output may be coloured: standard output is a terminal and `NO_COLOR` is unset.
    var usesColor: Bool { get }
    /// One line typed by the person, without its newline; nil at end of input.
    func readLine() -> String?
}

/// The process's real standard output and standard error.
public struct StandardConsole: Console {
    /// Makes the console of this process.
    public init() {}

    public func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    public var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    public var usesColor: Bool {
        isatty(STDOUT_FILENO) == 1 && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }

    public func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }
}

/// A console that keeps what was written, for tests.
public final class CapturedConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    private var input: [String]
    public let isInteractive: Bool
    public let usesColor: Bool

    /// Makes an empty console; `input` are the lines a person would type.
    public init(input: [String] = [], isInteractive: Bool = false, usesColor: Bool = false) {
        self.input = input
        self.isInteractive = isInteractive
        self.usesColor = usesColor
    }

    public func readLine() -> String? {
        lock.withLock { input.isEmpty ? nil : input.removeFirst() }
    }

    /// Everything written to standard output so far.
    public var stdout: String { lock.withLock { outText } }
    /// Everything written to standard error so far.
    public var stderr: String { lock.withLock { errText } }

    public func out(_ text: String) { lock.withLock { outText += text } }
    public func err(_ text: String) { lock.withLock { errText += text } }
}
