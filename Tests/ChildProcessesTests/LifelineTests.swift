import CRUDTestSupport
import Foundation
import Testing

@testable import ChildProcesses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process killed with SIGKILL runs no code of its own: what it started must still end.
@Suite("Lifeline: what a process starts ends with it")
struct LifelineTests {
    /// Whether `pid` runs as the process that started at `start` (a zombie does not run).
    static func runs(_ pid: pid_t, started start: String?) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        let state = stat.split(separator: ")").last?.split(separator: " ").first
        return state != "Z" && ProcessStart.of(pid) == start
    }

    /// Waits up to `limit` for `condition`; whether it came.
    static func eventually(within limit: Duration = .seconds(30), _ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    static func owner() throws -> String {
        try #require(BuiltProduct.path("lifeline-owner"), "lifeline-owner was not built beside the tests")
    }

    @Test(
        "SIGKILL the owner: its child, its child's process group and its tmux server end within seconds",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "needs /proc to tell a process by its start time"))
    func killedOwner() async throws {
        let socket = "crudkit-lifeline-test-\(UUID().uuidString.prefix(8))"
        let withTmux = TmuxSession.runs
        let owner = try ChildProcess(try Self.owner(), ["hold"] + (withTmux ? [socket] : []), options: .init(errors: .pipe))
        let ownerLedger = "\(Lifeline.folder)/\(owner.pid)-\(ProcessStart.of(owner.pid) ?? "?").ledger"
        let line = await owner.firstLine()
        let ids = line.split(separator: " ").compactMap { pid_t($0) }
        try #require(ids.count == 3, "expected \"<sleep> <group> <member>\" from lifeline-owner, got \"\(line)\"")
        let starts = ids.map { ProcessStart.of($0) }
        for (pid, start) in zip(ids, starts) { #expect(Self.runs(pid, started: start), "helper \(pid) should run before the kill") }
        if withTmux { #expect(Self.tmuxServerAnswers(socket), "the tmux server on \(socket) should run before the kill") }

        owner.kill(SIGKILL)
        #expect(await owner.finished().ending == .signalled(SIGKILL))
        let gone = try await Self.eventually {
            !zip(ids, starts).contains { Self.runs($0, started: $1) } && !(withTmux && Self.tmuxServerAnswers(socket))
        }
        let left = zip(ids, starts).filter { Self.runs($0, started: $1) }.map(\.0)
        #expect(
            gone,
            "30 s after the owner was killed, still running: \(left)\(withTmux && Self.tmuxServerAnswers(socket) ? " and the tmux server" : "")"
        )
        #expect(
            try await Self.eventually { !FileManager.default.fileExists(atPath: ownerLedger) },
            "the owner's ledger \(ownerLedger) should be removed once carried out")
    }

    @Test(
        "The next process sweeps the ledger of a process that died with its watchdog, and leaves a living owner's alone",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "needs /proc to tell a process by its start time"))
    func sweep() async throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-\(UUID().uuidString)").path
        let folder = temporary + "/crudkit-lifelines-\(getuid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        // A process that ended, and one that runs: the owners of two ledgers.
        let ended = try ChildProcess("/bin/true", [], options: .init(output: .nullDevice, errors: .nullDevice))
        let endedStart = ProcessStart.of(ended.pid) ?? "1"
        _ = await ended.finished()
        let orphan = try ChildProcess("/bin/sleep", ["600"], options: .init(output: .nullDevice, errors: .nullDevice))
        let kept = try ChildProcess("/bin/sleep", ["600"], options: .init(output: .nullDevice, errors: .nullDevice))
        defer {
            orphan.kill(SIGKILL)
            kept.kill(SIGKILL)
        }
        let orphanStart = try #require(ProcessStart.of(orphan.pid))
        let keptStart = try #require(ProcessStart.of(kept.pid))
        let ownStart = try #require(ProcessStart.of(getpid()))
        // A dead owner whose watchdog is gone (its id is the ended process's too).
        let deadLedger = "\(folder)/\(ended.pid)-\(endedStart).ledger"
        try "watchdog \(ended.pid) \(endedStart)\nprocess \(orphan.pid) \(orphanStart)\n".write(
            toFile: deadLedger, atomically: true, encoding: .utf8)
        // A living owner (this process): nothing of its ledger is touched.
        let livingLedger = "\(folder)/\(getpid())-\(ownStart).ledger"
        try "process \(kept.pid) \(keptStart)\n".write(toFile: livingLedger, atomically: true, encoding: .utf8)
        // A dead owner whose ledger names a process id with another start time: a process that
        // got the id later is not the one recorded, and lives.
        let reusedLedger = "\(folder)/\(ended.pid)-0.ledger"
        try "process \(kept.pid) 1\n".write(toFile: reusedLedger, atomically: true, encoding: .utf8)

        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        let sweeper = try ChildProcess(try Self.owner(), ["start-one"], options: .init(environment: environment, errors: .pipe))
        let (ending, _, err) = await sweeper.finished()
        #expect(ending == .exited(0), "lifeline-owner start-one \(ending): \(err)")
        let swept = try await Self.eventually {
            !Self.runs(orphan.pid, started: orphanStart) && !FileManager.default.fileExists(atPath: deadLedger)
                && !FileManager.default.fileExists(atPath: reusedLedger)
        }
        #expect(swept, "the dead owner's process \(orphan.pid) should be killed and both its ledgers removed")
        #expect(Self.runs(kept.pid, started: keptStart), "a process of a living owner, or one whose start time differs, must not be killed")
        #expect(FileManager.default.fileExists(atPath: livingLedger), "a living owner's ledger must stay")
    }

    /// Whether a tmux server answers on `socket`.
    static func tmuxServerAnswers(_ socket: String) -> Bool {
        guard
            let probe = try? ChildProcess(
                "tmux", ["-L", socket, "list-sessions"], options: .init(output: .nullDevice, errors: .nullDevice))
        else { return false }
        return probe.wait() == .exited(0)
    }
}
