import CProcessControl
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The exercise host program: reads calls on standard input, answers each on its original
/// standard output, and runs the submission's parts for them. Anything student code prints
/// goes to standard error instead, which the grader never reads as an answer.
public enum ExerciseHostMain {
    /// Checks the sandbox (``HostSandbox``) and applies ``HostLimits``, says on the channel
    /// whether the sandbox is on, and only then makes `parts` (student code runs from here
    /// on) and serves calls until standard input ends.
    public static func run(parts makeParts: @autoclosure () -> ExerciseParts) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let sandbox = HostSandbox.entered()
        if sandbox.mustStop {
            FileHandle.standardError.write(Data("exercise host: the sandbox could not be set up: \(sandbox.report.reason ?? "")\n".utf8))
            return 71
        }
        HostLimits.standard.apply()
        // Orphans of processes the submission starts stay below the host, so the grader can
        // find and kill them when it kills the host.
        _ = crudkit_become_subreaper()
        // The host never outlives the grader, even one killed without a chance to stop it.
        if crudkit_die_with_parent() != 0 { return 70 }
        if let folder = environment[HostFolder.variable] { _ = chdir(folder) }
        // The channel is the standard output the host was started with; from now on fd 1 is
        // standard error, so a print() in student code cannot write into the channel.
        let channel = dup(1)
        guard channel >= 0, dup2(2, 1) >= 0 else { return 70 }
        let link = HostLink(output: channel)
        guard link.send(HostReply(number: 0, sandbox: sandbox.report)) else { return 74 }
        let dispatcher = HostDispatcher(parts: makeParts(), link: link)
        while let line = link.receive() {
            let request: HostRequest
            do {
                request = try JSONDecoder().decode(HostRequest.self, from: Data(line.utf8))
            } catch {
                FileHandle.standardError.write(Data("exercise host: a call it cannot read (\(error))\n".utf8))
                return 65
            }
            let answer = await dispatcher.answer(request.call, number: request.number)
            guard link.send(HostReply(number: request.number, answer: answer)) else { return 74 }
        }
        return 0
    }
}

/// The scratch folder the grader gives each host: its working directory, HOME and TMPDIR.
enum HostFolder {
    static let variable = "CRUDKIT_HOST_FOLDER"
}

/// The resource limits an exercise host puts on itself before it runs any student code
/// (setrlimit): CPU time, memory, open files, the size of files it writes, no core dumps.
/// A wall-clock deadline per call is the grader's (``ExerciseHost/callLimit``).
public struct HostLimits: Sendable {
    /// Seconds of CPU time for the host's whole life (SIGXCPU, then SIGKILL).
    public var cpuSeconds: UInt64
    /// Bytes of address space: an allocation past it fails and the host traps.
    public var memoryBytes: UInt64
    /// Open file descriptors.
    public var openFiles: UInt64
    /// The largest file the host may write (SIGXFSZ past it).
    public var fileBytes: UInt64

    /// The limits `crudkit grade` and `crudkit exercises` use.
    public static let standard = HostLimits(
        cpuSeconds: 120, memoryBytes: 1 << 30, openFiles: 256, fileBytes: 64 << 20)

    func apply() {
        #if canImport(Glibc)
            Self.set(__rlimit_resource_t(RLIMIT_CPU.rawValue), cpuSeconds)
            Self.set(__rlimit_resource_t(RLIMIT_AS.rawValue), memoryBytes)
            Self.set(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), openFiles)
            Self.set(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), fileBytes)
            Self.set(__rlimit_resource_t(RLIMIT_CORE.rawValue), 0)
        #else
            Self.set(RLIMIT_CPU, cpuSeconds)
            Self.set(RLIMIT_AS, memoryBytes)
            Self.set(RLIMIT_NOFILE, openFiles)
            Self.set(RLIMIT_FSIZE, fileBytes)
            Self.set(RLIMIT_CORE, 0)
        #endif
    }

    #if canImport(Glibc)
        private static func set(_ resource: __rlimit_resource_t, _ value: UInt64) {
            var limit = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
            _ = setrlimit(resource, &limit)
        }
    #else
        private static func set(_ resource: Int32, _ value: UInt64) {
            var limit = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
            _ = setrlimit(resource, &limit)
        }
    #endif
}
