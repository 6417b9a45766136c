import CProcessControl
import CRUDSpec
import ChildProcesses
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The grader's end of the channel to an exercise host: a child process, built from the
/// submission's `Exercises/`, that runs student parts and nothing else.
///
/// Each call is one JSON line out and one JSON line back, within a deadline. The child runs
/// in a process group of its own under resource limits (see ``HostLimits``); on a deadline,
/// a crash, an exit or an answer that is not one, the whole group is killed, the call fails
/// with a plain reason, and the next call starts a fresh child. Nothing the child prints is
/// read as a verdict: its standard error is only kept (the last few kilobytes) to explain a
/// crash.
///
/// ```swift
/// let host = ExerciseHost(executable: ".build/debug/exercise-host")
/// let grader = Grader(submission: RemoteParts.all(on: host))
/// ```
public final class ExerciseHost: @unchecked Sendable {
    /// Why a call got no answer.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// For example "exercise 2 timed out after 10 s".
        public let description: String
    }

    /// The host program.
    public let executable: String
    /// The arguments it is started with.
    public let arguments: [String]
    /// How long one call may take before the child is killed.
    public let callLimit: Duration
    /// A folder the host may write, besides its scratch folder: the grader keeps the stores
    /// of file-based exercises here. Removed with this object.
    public let workFolder: String

    // Guarded by `lock`: the child calls go to, and whether a call is running on it.
    private let lock = NSLock()
    private var child: Child?
    private var busy = false
    private var nextNumber = 0
    private var lastSandbox: SandboxReport?

    /// Whether the last host started runs in a sandbox, as it said before any student code
    /// ran; nil before one has answered.
    public var sandbox: SandboxReport? { lock.withLock { lastSandbox } }

    /// Whether the host is asked to run in its sandbox (``HostSandbox``).
    public let sandboxed: Bool

    /// A host that runs `executable`, started on the first call; in its sandbox unless
    /// `sandboxed` is false (or `CRUDKIT_HOST_SANDBOX=off` is set).
    public init(executable: String, arguments: [String] = [], callLimit: Duration = .seconds(10), sandboxed: Bool = true) {
        // A host that stops reading must not kill the grader with SIGPIPE; and processes a
        // host starts and leaves behind are re-parented to the grader, where kill() finds them.
        signal(SIGPIPE, SIG_IGN)
        _ = crudkit_become_subreaper()
        self.executable = executable
        self.arguments = arguments
        self.callLimit = callLimit
        self.sandboxed = sandboxed
        workFolder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-exchange-\(UUID().uuidString)").path
    }

    deinit {
        child?.kill()
        try? FileManager.default.removeItem(atPath: workFolder)
    }

    /// Sends `call` and waits for the answer, at most ``callLimit``.
    public func call(_ call: HostCall) throws(Failure) -> HostAnswer {
        let (child, request) = try checkOut(call)
        do throws(Child.Reason) {
            let answer = try child.ask(request, within: callLimit)
            checkIn()
            return answer
        } catch {
            throw failed(child, call, error)
        }
    }

    /// Sends `call` and waits for the answer, at most ``callLimit``, answering the store calls
    /// the host makes meanwhile with `store` (Exercise 14's checks, on the grader's store).
    public func call(_ call: HostCall, serving store: any CRUDSpec) async throws(Failure) -> HostAnswer {
        let (child, request) = try checkOut(call)
        do throws(Child.Reason) {
            let answer = try await child.ask(request, within: callLimit, serving: store)
            checkIn()
            return answer
        } catch {
            throw failed(child, call, error)
        }
    }

    /// The running child (started if there is none) for one call, and the call numbered.
    /// Calls go one at a time; the child is the caller's until ``checkIn(_:)``.
    private func checkOut(_ call: HostCall) throws(Failure) -> (Child, HostRequest) {
        lock.lock()
        defer { lock.unlock() }
        guard !busy else { throw Failure(description: "exercise \(call.exercise): the exercise host is answering another call") }
        let child: Child
        if let running = self.child {
            child = running
        } else {
            do {
                try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true)
                child = try Child.start(executable, arguments: arguments, writable: [workFolder], sandboxed: sandboxed)
            } catch {
                throw Failure(description: "the exercise host could not be started: \(error)")
            }
            self.child = child
        }
        busy = true
        nextNumber += 1
        return (child, HostRequest(number: nextNumber, call: call))
    }

    private func checkIn() {
        lock.withLock {
            busy = false
            if let said = child?.sandbox { lastSandbox = said }
        }
    }

    /// Kills the child after a call that got no answer; the next call starts a fresh one.
    private func failed(_ child: Child, _ call: HostCall, _ reason: Child.Reason) -> Failure {
        child.kill()
        lock.withLock {
            if self.child === child { self.child = nil }
            busy = false
            if let said = child.sandbox { lastSandbox = said }
        }
        return Failure(description: "exercise \(call.exercise) \(Self.printable(reason.description))")
    }

    /// Text from the host, safe to print and to put in a report: no control characters (an
    /// escape sequence, a NUL that ends XML), at most 500 characters.
    static func printable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.map { $0.properties.generalCategory == .control ? " " : $0 }.prefix(500))
        return String(scalars) + (text.unicodeScalars.count > 500 ? "…" : "")
    }

    /// Kills the child and everything it started; the next call starts a fresh one.
    public func stop() {
        lock.withLock {
            child?.kill()
            child = nil
            busy = false
        }
    }
}

/// One running host process.
private final class Child: @unchecked Sendable {
    let process: ChildProcess
    let input: Int32
    let output: Int32
    let errors: ErrorTail
    /// The folder the host works in, removed when it is killed.
    let scratch: String
    private var pending = Data()

    /// Why an answer did not come: a description that follows "exercise N ".
    struct Reason: Error, CustomStringConvertible {
        let description: String
    }

    private init(process: ChildProcess, input: Int32, output: Int32, errors: ErrorTail, scratch: String) {
        self.scratch = scratch
        self.process = process
        self.input = input
        self.output = output
        self.errors = errors
    }

    /// What the host said of its sandbox in its first line.
    private(set) var sandbox: SandboxReport?

    /// Starts `executable` in a process group of its own, with pipes for its standard input,
    /// output and error; it may write its scratch folder and the folders in `writable`.
    static func start(_ executable: String, arguments: [String], writable: [String], sandboxed: Bool) throws -> Child {
        // A scratch folder of its own: the host works there (and HOME and TMPDIR point there),
        // and it is removed with the host, so what a submission writes is discarded.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-host-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        (environment["HOME"], environment["TMPDIR"], environment[HostFolder.variable]) = (scratch, scratch, scratch)
        environment[HostSandbox.writableVariable] = ([scratch] + writable).joined(separator: "\n")
        if !sandboxed { environment[HostSandbox.switchVariable] = "off" }
        // A crash ends the host at once, with the runtime's one-line message, instead of
        // running Swift's backtracer first: symbolicating takes seconds on a loaded machine,
        // past the call's limit, and "timed out" would hide that the submission crashed.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // SIGPIPE back to its default: the grader ignores it, the host starts without that.
        let options = ChildProcess.Options(
            environment: environment, input: .pipe, output: .pipe, errors: .pipe, newProcessGroup: true, defaultSignals: [SIGPIPE])
        let process: ChildProcess
        do {
            process = try ChildProcess(executable, arguments, options: options)
        } catch {
            try? FileManager.default.removeItem(atPath: scratch)
            throw error
        }
        guard let input = process.input, let output = process.output, let errors = process.errors else {
            process.kill(SIGKILL, wholeGroup: true)
            process.wait()
            try? FileManager.default.removeItem(atPath: scratch)
            throw Reason(description: "\(executable): started without its pipes")
        }
        // Writes to the host never block: a host that stops reading is caught by the deadline.
        _ = fcntl(input.fileDescriptor, F_SETFL, fcntl(input.fileDescriptor, F_GETFL) | O_NONBLOCK)
        return Child(
            process: process, input: input.fileDescriptor, output: output.fileDescriptor, errors: ErrorTail(reading: errors),
            scratch: scratch)
    }

    /// Sends `request` and reads the answer with its number, within `limit`.
    func ask(_ request: HostRequest, within limit: Duration) throws(Reason) -> HostAnswer {
        let deadline = ContinuousClock.now + limit
        try send(request, until: deadline, limit: limit)
        let reply = try reply(to: request, until: deadline, limit: limit)
        guard let answer = reply.answer else { throw Reason(description: "made a store call, but this call has no store") }
        return answer
    }

    /// Like ``ask(_:within:)``, answering each store call the host makes meanwhile by running
    /// it on `store`, here in the grader.
    func ask(_ request: HostRequest, within limit: Duration, serving store: any CRUDSpec) async throws(Reason) -> HostAnswer {
        let deadline = ContinuousClock.now + limit
        try send(request, until: deadline, limit: limit)
        while true {
            let reply = try reply(to: request, until: deadline, limit: limit)
            if let answer = reply.answer { return answer }
            guard let call = reply.storeCall else { throw Reason(description: "answered with neither an answer nor a store call") }
            try send(await call.perform(on: store), until: deadline, limit: limit)
        }
    }

    /// Writes `message` as one JSON line.
    private func send(_ message: some Encodable, until deadline: ContinuousClock.Instant, limit: Duration) throws(Reason) {
        guard var line = try? JSONEncoder().encode(message) else { throw Reason(description: "could not be sent the call") }
        line.append(10)
        try send(line, until: deadline, limit: limit)
    }

    /// The next message from the host about `request`.
    private func reply(to request: HostRequest, until deadline: ContinuousClock.Instant, limit: Duration) throws(Reason) -> HostReply {
        while true {
            guard let line = try readLine(until: deadline, limit: limit) else { continue }
            guard let decoded = try? JSONDecoder().decode(HostReply.self, from: line) else {
                throw Reason(description: "answered something that is not an answer: \(Self.preview(line))")
            }
            if decoded.number == request.number { return decoded }
            // The host's first line, before student code ran, says whether it is sandboxed;
            // only that first one counts.
            if decoded.number == 0, sandbox == nil, let said = decoded.sandbox { sandbox = said }
            // An answer to an older call (one that timed out) is stale: skip it.
        }
    }

    /// Writes `data` to the host's input, waiting for room at most until `deadline`.
    private func send(_ data: Data, until deadline: ContinuousClock.Instant, limit: Duration) throws(Reason) {
        enum Outcome { case sent, closed, late }
        let outcome = data.withUnsafeBytes { buffer -> Outcome in
            guard let base = buffer.baseAddress else { return .sent }
            var offset = 0
            while offset < buffer.count {
                let written = write(input, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                if written < 0 && errno == EINTR { continue }
                guard written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else { return .closed }
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return .late }
                var poller = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, Self.milliseconds(left))
            }
            return .sent
        }
        switch outcome {
        case .sent: return
        case .closed: throw ended()
        case .late: throw Reason(description: "timed out after \(Self.seconds(limit)) (it stopped reading its calls; the host was stopped)")
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: duration.milliseconds + 1)
    }

    /// The next complete line, nil to try again, or a reason when the child ended or the
    /// deadline passed.
    private func readLine(until deadline: ContinuousClock.Instant, limit: Duration) throws(Reason) -> Data? {
        if let newline = pending.firstIndex(of: 10) {
            let line = pending[pending.startIndex..<newline]
            pending = Data(pending[(newline + 1)...])
            return Data(line)
        }
        let left = deadline - ContinuousClock.now
        guard left > .zero else { throw Reason(description: "timed out after \(Self.seconds(limit)) (the host was stopped)") }
        var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Self.milliseconds(left))
        if ready < 0 && errno == EINTR { return nil }
        guard ready > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = read(output, &buffer, buffer.count)
        if count < 0 && errno == EINTR { return nil }
        guard count > 0 else { throw ended() }
        pending.append(contentsOf: buffer[0..<count])
        if pending.count > 64 << 20 { throw Reason(description: "answered more than 64 MiB without ending the answer") }
        return nil
    }

    /// Why the child is gone: its exit status or signal, with the last error line it wrote.
    private func ended() -> Reason {
        var ending: ChildProcess.Ending?
        for _ in 0..<100 {
            ending = process.ended()
            if ending != nil { break }
            usleep(10_000)
        }
        let said = errors.lastLines().map { ": \($0)" } ?? ""
        switch ending {
        case .exited(let status): return Reason(description: "exited with status \(status) in the middle of a call\(said)")
        case .signalled(let signal):
            let name: String =
                switch signal {
                case SIGILL, SIGTRAP: "trap"
                case SIGSEGV, SIGBUS: "memory fault"
                case SIGXCPU: "CPU time limit"
                case SIGXFSZ: "file size limit"
                case SIGKILL: "killed"
                case SIGABRT: "abort"
                default: "signal \(signal)"
                }
            return Reason(description: "crashed (\(name))\(said)")
        case .unknown, nil: return Reason(description: "closed its channel and stopped answering\(said)")
        }
    }

    /// Kills the child, its process group and every process below it, and reaps the child.
    func kill() {
        // Stop the host first, so it forks nothing more. Processes that left its group (a new
        // session, as Foundation's Process makes) are below it, the subreaper, or, if it already
        // ended, below the grader and still marked with the host's scratch folder: stop them
        // all until no new one appears, then kill them.
        let pid = process.pid
        process.kill(SIGSTOP, wholeGroup: true)
        process.kill(SIGSTOP)
        var found: Set<pid_t> = []
        for _ in 0..<10 {
            let more = Set(ProcessTree.descendants(of: pid) + ProcessTree.marked(with: scratch)).subtracting(found)
            if more.isEmpty { break }
            for other in more where other != pid { signalProcess(other, SIGSTOP) }
            found.formUnion(more)
        }
        found.remove(pid)  // the host itself (it is marked too) is signalled and reaped through `process`
        for other in found { signalProcess(other, SIGKILL) }
        process.kill(SIGKILL, wholeGroup: true)  // the whole group
        process.kill(SIGKILL)
        for other in found { _ = waitpid(other, nil, WNOHANG) }  // orphans re-parented to the grader
        process.wait()
        try? process.input?.close()
        try? process.output?.close()
        try? FileManager.default.removeItem(atPath: scratch)
    }

    private static func preview(_ data: Data) -> String {
        let text = String(decoding: data.prefix(80), as: UTF8.self)
        return "\"\(text)\(data.count > 80 ? "…" : "")\""
    }

    static func seconds(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}

/// Drains a child's standard error on a thread of its own, keeping only the last 8 KiB: a
/// child that prints without end can neither block on a full pipe nor fill the grader's memory.
private final class ErrorTail: @unchecked Sendable {
    private let lock = NSLock()
    private var tail = Data()

    /// Starts draining `handle`, which the thread holds (and so keeps open) until its end.
    init(reading handle: FileHandle) {
        let thread = Thread { [self] in
            let fd = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                lock.withLock {
                    tail.append(contentsOf: buffer[0..<count])
                    if tail.count > 8_192 { tail = Data(tail.suffix(8_192)) }
                }
            }
            try? handle.close()
        }
        thread.start()
    }

    /// The last non-empty line the child wrote to its standard error, if any, such as
    /// "Fatal error: todo".
    func lastLines() -> String? {
        usleep(20_000)  // let the drain catch up with what the child wrote before it ended
        let text = lock.withLock { String(decoding: tail, as: UTF8.self) }
        let lines = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let fatal = lines.last { $0.contains("Fatal error") || $0.contains("fatal error") }
        guard let line = fatal ?? lines.last else { return nil }
        return String(line.prefix(300))
    }
}

/// `kill(2)`, under a name that does not clash with ``Child/kill()``.
private func signalProcess(_ pid: pid_t, _ signal: Int32) {
    _ = kill(pid, signal)
}

/// The processes below one process, read from /proc (Linux; elsewhere, none).
enum ProcessTree {
    /// The processes whose environment holds `HostFolder.variable=folder`: everything a
    /// host started, unless it cleared its environment.
    static func marked(with folder: String) -> [pid_t] {
        #if os(Linux)
            let mark = Array("\(HostFolder.variable)=\(folder)".utf8)
            return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
                guard let pid = pid_t(entry), pid != getpid(),
                    let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ")
                else { return nil }
                return environment.split(separator: 0).contains { Array($0) == mark } ? pid : nil
            }
        #else
            return []
        #endif
    }

    static func descendants(of root: pid_t) -> [pid_t] {
        #if os(Linux)
            var parents: [pid_t: pid_t] = [:]
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = pid_t(entry), let stat = FileManager.default.contents(atPath: "/proc/\(entry)/stat") else { continue }
                // "pid (name) state ppid …": the name may hold spaces and parentheses.
                let text = String(decoding: stat, as: UTF8.self)
                guard let close = text.lastIndex(of: ")") else { continue }
                let fields = text[text.index(after: close)...].split(separator: " ")
                if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
            }
            var found: [pid_t] = []
            var frontier: Set<pid_t> = [root]
            while !frontier.isEmpty {
                let next = parents.filter { frontier.contains($0.value) }.map(\.key)
                found += next
                frontier = Set(next)
            }
            return found
        #else
            return []
        #endif
    }
}
