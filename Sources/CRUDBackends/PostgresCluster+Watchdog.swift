import ChildProcesses

extension PostgresCluster {
    /// A small shell process that stops the server and removes the cluster's folder once
    /// this process is gone, however it ends: a normal exit, a Ctrl-C, a SIGTERM or a SIGKILL.
    ///
    /// It reads its standard input, a pipe whose only writer is this process, and we never
    /// write: the read ends when the kernel closes our end, which it does when we end
    /// (nothing polls, and no process id can be reused in between). ``PostgresCluster/stop()``
    /// closes our end itself and waits for the cleanup. The watchdog leads a process group of
    /// its own and ignores the terminal's signals, so the Ctrl-C that stops us does not stop it.
    static func startWatchdog(folder: String, stopServer: [String]) throws(PostgresUnavailable) -> ChildProcess {
        let script = """
            trap '' HUP INT TERM QUIT PIPE
            folder=$1
            shift
            while read -r line; do :; done
            "$@" >/dev/null 2>&1
            rm -rf "$folder"
            """
        do {
            return try ChildProcess(
                "/bin/sh", ["-c", script, "crudkit-postgres-watchdog", folder] + stopServer,
                options: .init(
                    input: .pipe, output: .nullDevice, errors: .nullDevice, newProcessGroup: true, outlivesThisProcess: true))
        } catch {
            throw PostgresUnavailable(description: "PostgreSQL: could not start the cluster's watchdog: \(error)")
        }
    }
}
