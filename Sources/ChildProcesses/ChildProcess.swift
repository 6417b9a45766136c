import CProcessControl
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program this process starts, with `posix_spawn`: the kit's one way to start one (the
/// exercise host, `swift build`, the tests' children). Each stream is /dev/null, a pipe,
/// this process's own, or (errors) the output's; see ``Options``. The child inherits no other
/// descriptor and starts with no signal blocked.
///
/// Not Foundation's `Process`: on Linux its `run()` crashed (a bad memmove inside it) in full
/// test runs, while other threads opened and closed sockets and pipes by the hundred.
///
/// ```swift
/// let build = try ChildProcess("swift", ["build"], options: .init(directory: kit, errors: .output))
/// let (ending, text, _) = build.finish()
/// ```
public final class ChildProcess: @unchecked Sendable {
    /// The child's process id (and, with ``Options/newProcessGroup``, its group's).
    public let pid: pid_t
    /// The write end of the child's standard input, when it is a pipe.
    public let input: FileHandle?
    /// The read end of the child's standard output, when it is a pipe.
    public let output: FileHandle?
    /// The read end of the child's standard error, when it is a pipe of its own.
    public let errors: FileHandle?
    private let leadsGroup: Bool
    /// Its entry in the ``Lifeline``, which ends it if this process ends first.
    private let lifelineKey: String?
    // Guarded by `lock`: how the child ended, once it has been reaped.
    private let lock = NSLock()
    private var recorded: Ending?

    /// Starts `executable` with `arguments` in `environment` (this process's when nil):
    /// standard input from /dev/null, output and errors into pipes of their own.
    public convenience init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        try self.init(executable, arguments, options: Options(environment: environment))
    }

    /// Starts `executable` with `arguments` as `options` say. A name without a slash is looked
    /// up in `PATH`, as a shell would; a relative path is taken from this process's folder.
    /// Throws ``SpawnError`` when it cannot start (no such program, no such folder).
    public init(_ executable: String, _ arguments: [String], options: Options) throws {
        // The watchdog first: a child that is to end with this process is covered from its start.
        if !options.outlivesThisProcess { Lifeline.prepare() }
        var plan = try SpawnPlan(options)
        defer { plan.release() }
        let path =
            executable.contains("/") && !executable.hasPrefix("/")
            ? FileManager.default.currentDirectoryPath + "/" + executable : executable
        let variables = options.environment ?? ProcessInfo.processInfo.environment
        var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = SpawnThread.run {
            executable.contains("/")
                ? posix_spawn(&child, path, &plan.actions, &plan.attributes, &argv, &envp)
                : posix_spawnp(&child, path, &plan.actions, &plan.attributes, &argv, &envp)
        }
        plan.closeChildEnds()
        guard status == 0 else {
            plan.closeParentEnds()
            let place = options.directory.map { " in \($0)" } ?? ""
            throw SpawnError(description: "could not start \(executable)\(place): \(String(cString: strerror(status)))")
        }
        pid = child
        input = plan.inputEnd.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        output = plan.outputEnd.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        errors = plan.errorEnd.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        leadsGroup = options.newProcessGroup
        lifelineKey = options.outlivesThisProcess ? nil : Lifeline.hold(child: child, leadsGroup: leadsGroup)
    }

    /// Sends `signal` to the child, or with `wholeGroup` to its process group when it leads one
    /// (``Options/newProcessGroup``). To the child alone, nothing once it has been reaped, so
    /// a process that reused its id is never signalled.
    public func kill(_ signal: Int32, wholeGroup: Bool = false) {
        lock.withLock {
            // A group outlives its leader while its members run, and its id is not reused meanwhile.
            if wholeGroup && leadsGroup {
                _ = sendSignal(-pid, signal)
            } else if recorded == nil {
                _ = sendSignal(pid, signal)
            }
        }
    }

    /// How the child ended, without waiting: nil while it runs.
    public func ended() -> Ending? {
        let (ending, reapedNow) = lock.withLock { () -> (Ending?, Bool) in
            if let recorded { return (recorded, false) }
            var status: Int32 = 0
            var waited: pid_t
            repeat { waited = waitpid(pid, &status, WNOHANG) } while waited < 0 && errno == EINTR
            if waited == pid {
                recorded = Ending(waitStatus: status)
            } else if waited < 0 {
                recorded = .unknown(errno: errno)
            }
            return (recorded, recorded != nil)
        }
        // Reaped: its id may be another process's from now on.
        if reapedNow, let lifelineKey { Lifeline.release(lifelineKey) }
        return ending
    }

    /// Waits until the child ends (later calls give the same answer at once).
    @discardableResult
    @available(*, noasync, message: "it blocks a thread of Swift's cooperative pool; use finished() or offThePool")
    public func wait() -> Ending {
        while true {
            if let ending = ended() { return ending }
            // Wait without reaping, then reap under the lock in ended(): until then the
            // process id stays the child's, so kill() cannot reach another process.
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno != EINTR {
                let error = errno
                if let ending = ended() { return ending }
                let ending = lock.withLock { recordUnknown(error) }
                if let lifelineKey { Lifeline.release(lifelineKey) }
                return ending
            }
        }
    }

    private func recordUnknown(_ error: Int32) -> Ending {
        let ending = recorded ?? .unknown(errno: error)
        recorded = ending
        return ending
    }
}

/// `kill(2)`, under a name the method of the same name does not hide.
private func sendSignal(_ pid: pid_t, _ signal: Int32) -> Int32 {
    kill(pid, signal)
}
