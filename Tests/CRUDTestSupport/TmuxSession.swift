import ChildProcesses
import Foundation

/// A program running in a real terminal: a detached tmux session on a tmux server of its own
/// (its own socket, so tests run side by side), which a test types keys into and reads the
/// screen of.
///
/// ```swift
/// let session = try TmuxSession(["crudkit", "app"], rows: 24, columns: 80)
/// defer { session.close() }
/// try await session.waitForScreen { $0.contains("No tasks yet") }
/// try session.type("Buy milk")
/// try session.press("Enter")
/// ```
public final class TmuxSession: Sendable {
    /// Why tmux tests cannot run here, with how to install it; nil when tmux is there.
    public static let unavailableReason: String? = {
        let found = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].contains(where: FileManager.default.isExecutableFile)
        return found ? nil : "tmux is not installed: apt-get install tmux (Debian, Ubuntu) or brew install tmux (macOS)"
    }()

    /// Whether the tmux tests run: where tmux is installed, or where CI requires it
    /// (`CRUDKIT_REQUIRE_TMUX=1`), so that there a missing tmux fails them.
    public static var runs: Bool {
        unavailableReason == nil || ProcessInfo.processInfo.environment["CRUDKIT_REQUIRE_TMUX"] == "1"
    }

    /// How long a wait for a screen or an exit lasts unless told: only waited out when a test
    /// is about to fail, and long, since a test run that keeps both cores busy delays every step.
    public static let patience: Duration = .seconds(90)

    private let socket: String
    private let target = "probe"

    /// Starts `command` (its first word is the program) in a new `rows` × `columns` terminal,
    /// with `environment` added to tmux's, in `directory`. The pane stays after the program
    /// ends, so its exit status can be read.
    public init(
        _ command: [String], rows: Int = 24, columns: Int = 80, environment: [String: String] = [:], directory: String? = nil
    ) throws {
        socket = "crudkit-test-\(UUID().uuidString.prefix(8))"
        var arguments = ["new-session", "-d", "-s", target, "-x", String(columns), "-y", String(rows)]
        if let directory { arguments += ["-c", directory] }
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(key)=\(value)"] }
        // One word for tmux's shell: each argument quoted, then kept open after it ends.
        let line = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        arguments += [line]
        // Held before it starts: if this process dies, its lifeline ends the server.
        Lifeline.holdTmuxServer(socket: socket)
        try tmuxNow(arguments)
        try tmuxNow(["set-option", "-t", target, "remain-on-exit", "on"])
    }

    /// Runs one tmux command on this session's server; its output, or an error with tmux's
    /// message. The wait is on a thread of its own: tests poll the screen many times a second,
    /// and waiting on the cooperative pool's two threads starved every other test.
    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> String {
        try Self.checked(await start(arguments).finished(), arguments)
    }

    /// ``tmux(_:)`` waiting where it is called: for the start and the end of a session only.
    @discardableResult
    @available(*, noasync, message: "it waits for a child process; call it with offThePool")
    private func tmuxNow(_ arguments: [String]) throws -> String {
        try Self.checked(try start(arguments).finish(), arguments)
    }

    private func start(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess("tmux", ["-L", socket, "-f", "/dev/null"] + arguments, options: .init(environment: Self.environment))
    }

    private static func checked(_ result: (ending: ChildProcess.Ending, out: String, err: String), _ arguments: [String]) throws -> String {
        let (ending, out, err) = result
        guard ending == .exited(0) else {
            throw TmuxError(description: "tmux \(arguments.first ?? "") \(ending): \(err.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return out
    }

    /// tmux's environment: ours, with a terminal type it knows and no outer tmux.
    private static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["TMUX"] = nil
        return environment
    }()

    /// Types `text` literally, character by character.
    public func type(_ text: String) async throws {
        try await tmux(["send-keys", "-t", target, "-l", text])
    }

    /// Presses keys by tmux's names: `Enter`, `Escape`, `Tab`, `BTab`, `BSpace`, `Up`, `C-c`…
    public func press(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", target] + keys)
    }

    /// The screen's rows as text, trailing spaces trimmed.
    public func screen() async throws -> [String] {
        try await tmux(["capture-pane", "-p", "-t", target]).split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    /// Waits until `condition` holds for the screen, up to `timeout`; returns that screen, or
    /// throws with the last screen seen, so a failure shows what was there instead.
    @discardableResult
    public func waitForScreen(
        timeout: Duration = patience, _ description: String = "the expected screen", _ condition: ([String]) -> Bool
    ) async throws -> [String] {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last: [String] = []
        while clock.now < deadline {
            last = try await screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TmuxError(description: "\(description) did not appear within \(timeout); the screen was:\n" + last.joined(separator: "\n"))
    }

    /// Waits until `text` is on the screen.
    @discardableResult
    public func waitFor(_ text: String, timeout: Duration = patience) async throws -> [String] {
        try await waitForScreen(timeout: timeout, "\"\(text)\"") { $0.contains { $0.contains(text) } }
    }

    /// Resizes the terminal, as dragging a window's corner would.
    public func resize(rows: Int, columns: Int) async throws {
        try await tmux(["resize-window", "-t", target, "-x", String(columns), "-y", String(rows)])
    }

    /// The program's exit status once it has ended, 128 + the signal's number when a signal
    /// ended it (as a shell reports it); nil while it runs.
    public func exitStatus() async throws -> Int? {
        let fields = try await tmux(["display-message", "-p", "-t", target, "#{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}"])
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0] == "1" else { return nil }
        if let status = Int(fields[1]) { return status }
        return Int(fields[2]).map { 128 + $0 }
    }

    /// Waits up to `timeout` for the program to end; its exit status.
    public func waitForExit(timeout: Duration = patience) async throws -> Int {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if let status = try await exitStatus() { return status }
            try await Task.sleep(for: .milliseconds(50))
        }
        // What tmux sees in the pane, to tell a program that hangs from one tmux has not reaped.
        let pane =
            (try? await tmux(["display-message", "-p", "-t", target, "dead=#{pane_dead} pid=#{pane_pid} command=#{pane_current_command}"]))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
        throw TmuxError(
            description: "the program did not end within \(timeout) (\(pane)); the screen was:\n"
                + (try await screen()).joined(separator: "\n"))
    }

    /// Whether the program shows the alternate screen (a full-screen program does while it runs).
    public func alternateScreenOn() async throws -> Bool {
        try await tmux(["display-message", "-p", "-t", target, "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// The process id of the program in the pane.
    public func programPID() async throws -> Int32? {
        Int32(try await tmux(["display-message", "-p", "-t", target, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Ends the session and its tmux server.
    public func close() {
        _ = try? tmuxNow(["kill-server"])
        Lifeline.releaseTmuxServer(socket: socket)
    }
}

/// A tmux command that failed, or a screen that did not come.
public struct TmuxError: Error, CustomStringConvertible {
    public let description: String
}
