import ChildProcesses
import Foundation
import ThreadExecutors

// A process that starts helpers and is then killed, for the tests of the Lifeline:
//
//   lifeline-owner hold [TMUX-SOCKET]
//     starts `sleep 600`, a process group (a shell and its own `sleep 600`) and, with a
//     socket, a tmux server on it; prints "<sleep pid> <group id> <group member pid>" and
//     waits to be killed.
//   lifeline-owner start-one
//     starts /bin/true, waits for it and exits 0: the first child starts the lifeline,
//     which sweeps the ledgers of processes that ended without their watchdog.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "hold":
    do {
        let sleeper = try ChildProcess("/bin/sleep", ["600"], options: .init(output: .nullDevice, errors: .nullDevice))
        // The shell prints its member's id, then waits for it.
        let group = try ChildProcess("/bin/sh", ["-c", "sleep 600 & echo $!; wait"], options: .init(newProcessGroup: true))
        let member = await group.firstLine()
        if arguments.count > 1 {
            let socket = arguments[1]
            Lifeline.holdTmuxServer(socket: socket)
            let tmux = try ChildProcess(
                "tmux", ["-L", socket, "-f", "/dev/null", "new-session", "-d", "sleep 600"],
                options: .init(output: .nullDevice, errors: .nullDevice))
            let ending = await offThePool { tmux.wait() }
            guard ending == .exited(0) else { fail("tmux new-session \(ending)") }
        }
        FileHandle.standardOutput.write(Data("\(sleeper.pid) \(group.pid) \(member)\n".utf8))
        while true { sleep(60) }
    } catch {
        fail("could not start the helpers: \(error)")
    }
case "start-one":
    do {
        let child = try ChildProcess("/bin/true", [], options: .init(output: .nullDevice, errors: .nullDevice))
        let ending = await offThePool { child.wait() }
        guard ending == .exited(0) else { fail("/bin/true \(ending)") }
    } catch {
        fail("could not start /bin/true: \(error)")
    }
default:
    fail("usage: lifeline-owner hold [TMUX-SOCKET] | start-one")
}
