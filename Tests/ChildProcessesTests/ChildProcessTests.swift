import ChildProcesses
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Starting a child program")
struct ChildProcessTests {
    /// Runs `script` with /bin/sh as `options` say, to its end.
    static func shell(_ script: String, options: ChildProcess.Options = .init()) throws -> (
        ending: ChildProcess.Ending, out: String, err: String
    ) {
        try ChildProcess("/bin/sh", ["-c", script], options: options).finish()
    }

    @Test("The exit status, with output and errors in pipes of their own")
    func exitStatus() throws {
        let (ending, out, err) = try Self.shell("echo out; echo err >&2; exit 3")
        #expect(ending == .exited(3))
        #expect(out == "out\n")
        #expect(err == "err\n")
        #expect(try Self.shell("true").ending == .exited(0))
    }

    @Test("A child a signal ends is reported as signalled, whether it signals itself or is killed")
    func signalEnding() throws {
        #expect(try Self.shell("kill -TERM $$; sleep 5").ending == .signalled(SIGTERM))
        let sleeper = try ChildProcess("sleep", ["30"])
        #expect(sleeper.ended() == nil, "sleep 30 ended at once")
        sleeper.kill(SIGKILL)
        #expect(sleeper.wait() == .signalled(SIGKILL))
        #expect(sleeper.ended() == .signalled(SIGKILL), "a second look gives the same answer")
    }

    @Test("The child starts in the folder it is given")
    func workingDirectory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-spawn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (ending, out, _) = try Self.shell("pwd -P", options: .init(directory: folder.path))
        #expect(ending == .exited(0))
        #expect(out == folder.resolvingSymlinksInPath().path + "\n")
        #expect(FileManager.default.currentDirectoryPath != folder.path, "the test process itself moved")
    }

    @Test("Errors merged into the output arrive in one stream, in the order written")
    func mergedOutput() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "echo one; echo two >&2; echo three"], options: .init(errors: .output))
        #expect(child.errors == nil)
        let (ending, out, err) = child.finish()
        #expect(ending == .exited(0))
        #expect(out == "one\ntwo\nthree\n")
        #expect(err == "")
    }

    @Test("Standard input from a pipe, and the environment given")
    func inputAndEnvironment() throws {
        let child = try ChildProcess(
            "/bin/sh", ["-c", "printf '%s:' \"$GREETING\"; cat"], options: .init(environment: ["GREETING": "hi"], input: .pipe))
        let input = try #require(child.input, "no input pipe")
        input.write(Data("from the parent".utf8))
        try input.close()
        let (ending, out, _) = child.finish()
        #expect(ending == .exited(0))
        #expect(out == "hi:from the parent")
    }

    @Test("A program that does not exist is a clear error, not a crash", arguments: ["/no/such/program", "no-such-program-crudkit"])
    func missingExecutable(program: String) throws {
        let error = try #require(throws: SpawnError.self) { try ChildProcess(program, []) }
        #expect(error.description == "could not start \(program): No such file or directory")
    }

    @Test("A folder that does not exist is a clear error naming it")
    func missingDirectory() throws {
        let folder = "/no/such/folder-\(UUID().uuidString)"
        let error = try #require(throws: SpawnError.self) {
            try ChildProcess("/bin/sh", ["-c", "true"], options: .init(directory: folder))
        }
        #expect(error.description == "could not start /bin/sh in \(folder): No such file or directory")
    }

    #if os(Linux)
        @Test("No descriptor of the parent reaches the child: only its standard input, output and error")
        func noDescriptorLeaks() throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-leak-\(UUID().uuidString)").path
            // Neither is close-on-exec: only closing everything from 3 up keeps them out.
            let leaky = open(file, O_RDWR | O_CREAT, 0o600)
            var ends: [Int32] = [0, 0]
            #expect(leaky >= 0 && pipe(&ends) == 0, "could not open the descriptors to leak")
            defer {
                for fd in [leaky] + ends { _ = close(fd) }
                unlink(file)
            }
            let (ending, out, err) = try ChildProcess("/bin/ls", ["-l", "/proc/self/fd"]).finish()
            #expect(ending == .exited(0), "ls: \(err)")
            // "lrwx------ 1 user user 64 Jan  1 00:00 0 -> /dev/null": the descriptor and its target.
            var targets: [Int32: String] = [:]
            for line in out.split(separator: "\n") where line.contains(" -> ") {
                let parts = line.components(separatedBy: " -> ")
                if let fd = parts[0].split(separator: " ").last.flatMap({ Int32($0) }) { targets[fd] = parts[1] }
            }
            #expect(targets[0] == "/dev/null", "standard input: \(out)")
            #expect(targets[1]?.hasPrefix("pipe:") == true && targets[2]?.hasPrefix("pipe:") == true, "output and errors: \(out)")
            // Besides 0, 1 and 2, ls has only the folder it lists open.
            let others = targets.filter { $0.key > 2 && !($0.value.hasPrefix("/proc/") && $0.value.hasSuffix("/fd")) }
            #expect(others.isEmpty, "descriptors the child inherited: \(others)")
            #expect(!out.contains(file), "the parent's file reached the child: \(out)")
        }

        @Test("A new process group, and SIGPIPE and the signal mask back to their defaults")
        func groupAndSignals() async throws {
            // The kit ignores SIGPIPE wherever it starts an exercise host; a child must not inherit that.
            signal(SIGPIPE, SIG_IGN)
            // The fifth field of /proc/self/stat is the process group.
            let leader = try ChildProcess("/bin/sh", ["-c", "exec cut -d ' ' -f 5 /proc/self/stat"], options: .init(newProcessGroup: true))
            let (_, group, _) = await leader.finished()
            #expect(group == "\(leader.pid)\n", "the child's group, expected its own id \(leader.pid)")
            let member = try ChildProcess("/bin/sh", ["-c", "exec cut -d ' ' -f 5 /proc/self/stat"])
            #expect(await member.finished().out == "\(getpgrp())\n", "without a new group the child stays in the parent's")
            // Started from a task: a thread of the cooperative pool, which may block signals.
            let status = try await Task { try Self.shell("exec grep -E '^Sig(Blk|Ign)' /proc/self/status").out }.value
            let masks = Dictionary(
                uniqueKeysWithValues: status.split(separator: "\n").compactMap { line -> (String, UInt64)? in
                    let fields = line.split(separator: "\t")
                    guard fields.count == 2, let mask = UInt64(fields[1], radix: 16) else { return nil }
                    return (String(fields[0]), mask)
                })
            #expect(masks["SigBlk:"] == 0, "blocked signals: \(status)")
            let ignored = try #require(masks["SigIgn:"], "no SigIgn line in: \(status)")
            #expect(ignored & (1 << UInt64(SIGPIPE - 1)) == 0, "SIGPIPE is still ignored: \(status)")
        }
    #endif
}
