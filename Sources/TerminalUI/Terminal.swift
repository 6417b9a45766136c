import CTerminal
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's `write`, under a name a method called `write` does not hide.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// SIGINT, SIGTERM or SIGHUP: the terminal put back, then the signal's own ending (the
/// signal is blocked while its handler runs, so the raised one lands once this returns).
private func terminalEndingSignal(_ number: Int32) {
    Terminal.putBackAfterSignal()
    signal(number, SIG_DFL)
    raise(number)
}

/// The settings to put back when the process ends, however it ends short of SIGKILL: read by
/// the exit handler and the signal handlers, which cannot capture anything.
nonisolated(unsafe) private var settingsToRestore: termios?

/// What a full-screen program needs from its terminal: raw input read as ``Key``s, frames
/// drawn on the alternate screen, the size and its changes, and the terminal exactly as it
/// was when the program ends: on a normal end, on `exit`, and on SIGINT, SIGTERM or SIGHUP.
///
/// ```swift
/// let terminal = try Terminal.open()   // TerminalError.notATerminal in a pipe
/// try terminal.start()
/// defer { terminal.restore() }
/// terminal.draw(frame)
/// for key in terminal.readKeys(timeout: .milliseconds(100)) { … }
/// ```
public final class Terminal: @unchecked Sendable {
    private let input = STDIN_FILENO
    private let output = STDOUT_FILENO
    private var decoder = KeyDecoder()
    private var signalSources: [any DispatchSourceSignal] = []
    /// Written by the SIGWINCH handler so that a waiting ``readKeys(timeout:)`` wakes up.
    private var wakePipe: [Int32] = [-1, -1]
    private let lock = NSLock()
    private var resizedFlag = false
    private var started = false

    private init() {}

    /// The process's terminal; ``TerminalError/notATerminal`` when standard input or output is not one.
    public static func open() throws(TerminalError) -> Terminal {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        return Terminal()
    }

    /// The size in cells (rows, columns); 24 × 80 when the terminal does not say.
    public var size: (rows: Int, columns: Int) {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard crudkit_terminal_size(output, &rows, &columns) == 0, rows > 0, columns > 0 else { return (24, 80) }
        return (Int(rows), Int(columns))
    }

    /// Raw input (no echo, no line editing, Ctrl-C as a key), the alternate screen, the
    /// cursor hidden; and the handlers that undo it all when the process ends.
    public func start() throws(TerminalError) {
        guard !started else { return }
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { throw .setupFailed(String(cString: strerror(errno))) }
        settingsToRestore = settings
        atexit { Terminal.putBack() }
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_cflag |= tcflag_t(CS8)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw .setupFailed(String(cString: strerror(errno))) }
        _ = pipe(&wakePipe)
        for end in wakePipe { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        watchSignals()
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        started = true
    }

    /// Puts the terminal back as ``start()`` found it: main screen, cursor shown, settings
    /// restored. Safe to call more than once.
    public func restore() {
        guard started else { return }
        started = false
        for source in signalSources { source.cancel() }
        signalSources = []
        for ending in Self.endingSignals { signal(ending, SIG_DFL) }
        Terminal.putBack()
        for end in wakePipe where end >= 0 { close(end) }
        wakePipe = [-1, -1]
    }

    /// ``putBack()`` for the signal handler, which lives outside the class.
    fileprivate static func putBackAfterSignal() { putBack() }

    /// The restoring itself, callable from an exit or signal handler: it allocates nothing
    /// and calls only async-signal-safe functions.
    private static func putBack() {
        guard var settings = settingsToRestore else { return }
        settingsToRestore = nil
        let text: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = systemWrite(STDOUT_FILENO, text.utf8Start, text.utf8CodeUnitCount)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    }

    /// The signals that end the process, which put the terminal back first.
    private static let endingSignals = [SIGINT, SIGTERM, SIGHUP]

    /// SIGWINCH marks a resize and wakes the reader; SIGINT, SIGTERM and SIGHUP put the
    /// terminal back and end the process as that signal would.
    ///
    /// The ending signals get a plain handler, not a dispatch source: on Linux a dispatch
    /// source sees a signal only if nothing else takes it first, and an ignored signal is
    /// dropped before any source could see it (a SIGTERM then did nothing at all).
    private func watchSignals() {
        let queue = DispatchQueue(label: "crudkit.terminal.signals")
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: queue)
        resize.setEventHandler { [weak self] in self?.markResized() }
        resize.resume()
        signalSources.append(resize)
        for ending in Self.endingSignals {
            signal(ending, terminalEndingSignal)
        }
    }

    private func markResized() {
        lock.withLock { resizedFlag = true }
        var byte: UInt8 = 1
        _ = systemWrite(wakePipe[1], &byte, 1)
    }

    /// Whether the terminal was resized since the last call: redraw at the new ``size``.
    public func takeResize() -> Bool {
        lock.withLock {
            defer { resizedFlag = false }
            return resizedFlag
        }
    }

    /// Writes `text` as it is.
    public func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { systemWrite(output, $0 + offset, raw.count - offset) } ?? 0
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Draws `frame` over the whole screen.
    public func draw(_ frame: Frame) {
        write(frame.escapeSequence)
    }

    /// The keys typed within `timeout` (empty when none, or when a resize woke the wait). A
    /// lone Esc is given once no sequence follows it within a few milliseconds.
    public func readKeys(timeout: Duration) -> [Key] {
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0),
        ]
        let wait =
            decoder.hasPending ? 25 : Int32(timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        let ready = poll(&descriptors, nfds_t(descriptors[1].fd >= 0 ? 2 : 1), wait)
        if descriptors[1].revents & Int16(POLLIN) != 0 {
            var drain = [UInt8](repeating: 0, count: 64)
            _ = read(wakePipe[0], &drain, drain.count)
        }
        if ready > 0, descriptors[0].revents & Int16(POLLIN) == 0, descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            inputEnded = true
        }
        guard ready > 0, descriptors[0].revents & Int16(POLLIN) != 0 else {
            return decoder.hasPending && ready == 0 ? decoder.flush() : []
        }
        var buffer = [UInt8](repeating: 0, count: 1_024)
        let count = read(input, &buffer, buffer.count)
        guard count > 0 else {
            // End of input, or the terminal is gone (EIO once its window closed).
            if count == 0 || (errno != EINTR && errno != EAGAIN) { inputEnded = true }
            return []
        }
        return decoder.feed(buffer.prefix(count))
    }

    /// Whether the terminal has gone (its window closed, its input ended): nothing more
    /// will be typed, so the program should end rather than wait.
    public private(set) var inputEnded = false
}
