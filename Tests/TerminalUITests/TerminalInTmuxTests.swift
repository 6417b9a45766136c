import CRUDTestSupport
import ChildProcesses
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal-probe program in a real terminal (tmux): keys as typed, redraws on a
/// resize, and the terminal exactly as it was after q, Ctrl-C and SIGTERM.
@Suite(
    "TerminalUI in a real terminal",
    .enabled(if: TmuxSession.runs, "needs tmux: apt-get install tmux (CI sets CRUDKIT_REQUIRE_TMUX=1)"))
struct TerminalInTmuxTests {
    /// The probe's path, or a failure that says it was not built.
    private func probe() throws -> String {
        try #require(BuiltProduct.path("terminal-probe"), "terminal-probe was not built beside the tests")
    }

    /// A shell line in a fresh folder that records `stty -g` before and after the probe, and
    /// its exit status; the probe's own pid goes to `pid` (the inner shell execs it).
    private func recordingSession(_ folder: URL) throws -> TmuxSession {
        let script = """
            trap true HUP; stty -g > before; sh -c 'echo $$ > pid; exec "$0"' "$1"; echo "probe status $?"; stty -g > after; sleep 30
            """
        return try TmuxSession(["sh", "-c", script, "sh", try probe()], rows: 24, columns: 80, directory: folder.path)
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("terminal-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Waits for the script to print the probe's status, then checks the terminal is back:
    /// main screen, and the same `stty -g` as before the probe started.
    private func expectRestored(_ session: TmuxSession, in folder: URL, status: Int) async throws {
        try await session.waitFor("probe status \(status)")
        let after = folder.appendingPathComponent("after")
        try await session.waitForScreen(timeout: .seconds(5), "the after file") { _ in FileManager.default.fileExists(atPath: after.path) }
        #expect(try await session.alternateScreenOn() == false, "the alternate screen should be off once the probe ended")
        let before = try String(contentsOf: folder.appendingPathComponent("before"), encoding: .utf8)
        // The file may be seen before stty finished writing it.
        var afterText = ""
        for _ in 0..<50 {
            afterText = try String(contentsOf: after, encoding: .utf8)
            if !afterText.isEmpty { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!before.isEmpty, "stty -g printed nothing before the probe")
        #expect(before == afterText, "stty -g before the probe was \(before), after it \(afterText)")
    }

    @Test("Keys arrive as typed: letters, arrows, Tab, Backspace, Enter, a non-ASCII character")
    func keys() async throws {
        let session = try TmuxSession([try probe()], rows: 24, columns: 80)
        defer { session.close() }
        try await session.waitFor("probe 24x80")
        #expect(try await session.alternateScreenOn(), "the probe should draw on the alternate screen")
        try await session.type("aZ")
        try await session.press("Up", "Down", "Left", "Right", "Tab", "BSpace", "Enter")
        try await session.type("é")
        try await session.waitFor(#"keys: "a" "Z" Up Down Left Right Tab Backspace Enter "é""#)
    }

    @Test("A resize redraws at the new size")
    func resize() async throws {
        let session = try TmuxSession([try probe()], rows: 24, columns: 80)
        defer { session.close() }
        try await session.waitFor("probe 24x80")
        try await session.resize(rows: 30, columns: 100)
        let screen = try await session.waitFor("probe 30x100")
        // The help line moves to the new last row.
        #expect(
            screen.count >= 30 && screen[29].contains("q or Ctrl-C ends"),
            "the help line should be on row 30:\n\(screen.joined(separator: "\n"))")
        try await session.resize(rows: 12, columns: 40)
        try await session.waitFor("probe 12x40")
    }

    @Test("q and Ctrl-C end the probe with the terminal as it was", arguments: ["q", "C-c"])
    func endsRestored(key: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try recordingSession(folder)
        defer { session.close() }
        try await session.waitFor("probe 24x80")
        #expect(try await session.alternateScreenOn())
        try await session.type("x")
        try await session.waitFor(#"keys: "x""#)
        try await session.press(key)
        try await expectRestored(session, in: folder, status: 0)
        try await session.waitFor("probe ended after 1 keys")
    }

    @Test("SIGTERM from outside ends the probe with the terminal as it was")
    func terminatedRestored() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try recordingSession(folder)
        defer { session.close() }
        try await session.waitFor("probe 24x80")
        let pidText = try String(contentsOf: folder.appendingPathComponent("pid"), encoding: .utf8)
        let pid = try #require(Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)), "the pid file held '\(pidText)'")
        #expect(kill(pid, SIGTERM) == 0, "could not signal the probe (pid \(pid))")
        // The shell reports a death by SIGTERM as 128 + 15.
        try await expectRestored(session, in: folder, status: 128 + Int(SIGTERM))
    }
}

@Suite("TerminalUI without a terminal")
struct TerminalMissingTests {
    @Test("Without a terminal the probe says so and exits 64")
    func noTerminal() async throws {
        let probe = try #require(BuiltProduct.path("terminal-probe"), "terminal-probe was not built beside the tests")
        let child = try ChildProcess(probe, [], options: .init(input: .pipe))
        let (ending, out, err) = await child.finished()
        #expect(ending == .exited(64), "expected exit 64 without a terminal, got \(ending)")
        #expect(err.contains("this needs a terminal"), "standard error was: \(err)")
        #expect(!out.contains("\u{1B}[?1049h"), "nothing should switch screens without a terminal")
    }
}
