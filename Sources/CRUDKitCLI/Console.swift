import Foundation

/// Where the tool writes: standard output for results, standard error for progress and
/// errors. Tests pass a ``CapturedConsole`` to read what a command printed.
public protocol Console: Sendable {
    /// Writes `text` to standard output.
    func out(_ text: String)
    /// Writes `text` to standard error.
    func err(_ text: String)
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
}

/// A console that keeps what was written, for tests.
public final class CapturedConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    /// Makes an empty console.
    public init() {}

    /// Everything written to standard output so far.
    public var stdout: String { lock.withLock { outText } }
    /// Everything written to standard error so far.
    public var stderr: String { lock.withLock { errText } }

    public func out(_ text: String) { lock.withLock { outText += text } }
    public func err(_ text: String) { lock.withLock { errText += text } }
}
