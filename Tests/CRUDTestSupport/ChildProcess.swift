import CProcessControl
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program the tests start, with `posix_spawn`: standard input from /dev/null, output and
/// errors into pipes, and no other descriptor of the test process.
///
/// Not Foundation's `Process`: on Linux its `run()` crashed (a bad memmove inside it) in full
/// test runs, while other tests opened and closed sockets and pipes by the hundred.
public final class ChildProcess: @unchecked Sendable {
    /// How a child ended.
    public enum Ending: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        public var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            }
        }
    }

    public let pid: pid_t
    /// The read ends of the child's standard output and standard error.
    public let output: FileHandle
    public let errors: FileHandle
    private let lock = NSLock()
    private var ending: Ending?

    /// Starts `executable` with `arguments`, in `environment` (the test process's own when nil).
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        var out: [Int32] = [0, 0]
        var err: [Int32] = [0, 0]
        guard pipe(&out) == 0 else { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&err) == 0 else {
            out.forEach { _ = close($0) }
            throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
        }
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        if crudkit_spawn_close_from(&actions, 3) != 0 {
            for fd in out + err { posix_spawn_file_actions_addclose(&actions, fd) }
        }
        let variables = environment ?? ProcessInfo.processInfo.environment
        var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, &argv, &envp)
        close(out[1])
        close(err[1])
        guard status == 0 else {
            close(out[0])
            close(err[0])
            throw SpawnError(description: "\(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        output = FileHandle(fileDescriptor: out[0], closeOnDealloc: true)
        errors = FileHandle(fileDescriptor: err[0], closeOnDealloc: true)
    }

    /// Sends `signal` to the child.
    public func kill(_ signal: Int32) {
        _ = sendSignal(pid, signal)
    }

    /// Waits until the child ends (once; later calls give the same answer).
    @discardableResult
    public func wait() -> Ending {
        lock.withLock {
            if let ending { return ending }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            // The macros of <sys/wait.h>, which Swift does not import.
            let signal = status & 0x7f
            let result: Ending = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
            ending = result
            return result
        }
    }

    /// The first line the child writes to its standard output (without the newline), or what
    /// it wrote before ending without one. Read on a thread of its own, so the wait holds no
    /// thread of Swift's cooperative pool.
    public func firstLine() async -> String {
        await withCheckedContinuation { continuation in
            Thread {
                var text = ""
                while !text.contains("\n") {
                    let chunk = self.output.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                }
                continuation.resume(returning: text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "")
            }.start()
        }
    }

    /// Reads both pipes to their end (errors on a thread of its own, so a child that fills
    /// one pipe while the other is read cannot stall), then waits for the child.
    public func finish() -> (ending: Ending, out: String, err: String) {
        let errorText = LockedText()
        let reader = Thread { errorText.set(String(decoding: self.errors.readDataToEndOfFile(), as: UTF8.self)) }
        reader.start()
        let out = String(decoding: output.readDataToEndOfFile(), as: UTF8.self)
        let ending = wait()
        return (ending, out, errorText.waitForValue())
    }
}

/// `kill(2)`, under a name the method of the same name does not hide.
private func sendSignal(_ pid: pid_t, _ signal: Int32) -> Int32 {
    kill(pid, signal)
}

/// Why a child could not be started.
public struct SpawnError: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

/// A text one thread sets and another waits for.
private final class LockedText: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: String?

    func set(_ text: String) {
        condition.withLock {
            value = text
            condition.broadcast()
        }
    }

    func waitForValue() -> String {
        condition.withLock {
            while value == nil { condition.wait() }
            return value ?? ""
        }
    }
}
