import ChildProcesses
import Foundation
import Testing

#if os(Linux)
    @Suite("Children that die with their parent")
    struct SpawnThreadTests {
        @Test("A child set to die with its parent outlives the short-lived thread that started it")
        func childOutlivesTheStartingThread() async throws {
            // setpriv (util-linux) asks for SIGKILL when the parent *thread* ends, as the
            // exercise host does for itself.
            let setpriv = "/usr/bin/setpriv"
            try #require(
                FileManager.default.isExecutableFile(atPath: setpriv),
                "this test needs setpriv: apt-get install util-linux")
            let started = ChildStarted()
            let thread = Thread {
                started.result = Result {
                    let child = try ChildProcess(setpriv, ["--pdeathsig", "KILL", "/bin/sh", "-c", "echo ready; exec sleep 600"])
                    // The thread ends only once the child has asked for the signal: a parent
                    // that ended before that would not count.
                    _ = child.output?.availableData
                    return child
                }
                started.done.signal()
            }
            thread.start()
            started.done.wait()
            let child = try started.result?.get()
            let running = try #require(child, "the thread did not start the child")
            defer { running.kill(SIGKILL) }
            // The thread has returned from its block; give it time to end and any death
            // signal time to arrive, then ask.
            try await Task.sleep(for: .milliseconds(300))
            #expect(
                running.ended() == nil,
                "expected the child still running after its starting thread ended, but it ended: \(String(describing: running.ended()))")
            running.kill(SIGKILL)
            _ = await running.finished()
        }
    }

    private final class ChildStarted: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var result: Result<ChildProcess, any Error>?
    }
#endif
