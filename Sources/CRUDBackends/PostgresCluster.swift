import CRUDPostgres
import ChildProcesses
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A throwaway PostgreSQL server this process starts for its checks: a new cluster in a
/// temporary folder, reachable only over a Unix socket, with a password for its superuser
/// that only this process knows. A watchdog stops it and removes the folder when this
/// process ends, however it ends; ``stop()`` does so at once.
///
/// The socket is closed to student code that an exercise host runs in its sandbox: on Linux
/// it is an abstract socket (`@crudkit-pg-…`), which exists only in this process's network
/// namespace, and the sandbox has a network namespace of its own. A superuser can run
/// programs on the server's machine (`COPY … FROM PROGRAM`), so reaching it would be a way
/// out of the sandbox. The password keeps out other users of the machine, who share the
/// network namespace. Where abstract sockets do not exist (macOS, or a libpq older than
/// 14), the socket is a file in the temporary folder, open to its owner only.
///
/// Most callers want the process's one shared cluster, through ``PostgresServer/resolve(environment:)``.
///
/// ```swift
/// let cluster = try PostgresCluster.start(binaries: PostgresBinaries(folder: "/usr/lib/postgresql/15/bin"))
/// let check = try cluster.createDatabase()  // "host='/tmp/crudkit-pg-…' port='…' user='crudkit' dbname='check_1'"
/// cluster.stop()
/// ```
public final class PostgresCluster: @unchecked Sendable {
    /// The server's programs.
    public let binaries: PostgresBinaries
    /// The temporary folder: the socket, the data folder (`data`) and the server's log (`server.log`).
    public let folder: String
    /// The port number, which for a Unix socket only names the socket file (`.s.PGSQL.<port>`).
    public let port: Int
    /// The superuser clients connect as.
    public let superuser: String
    /// Where the socket is, as libpq's `host`: `@crudkit-pg-…` for an abstract socket, else
    /// the temporary folder.
    public let socketHost: String
    /// The superuser's password, made at random for this cluster.
    let password: String
    let account: Account
    private let watchdog: ChildProcess
    // Guarded by `lock`: the last database number handed out, and whether stop() ran.
    private let lock = NSLock()
    private var databases = 0
    private var stopped = false

    private init(
        binaries: PostgresBinaries, folder: String, socketHost: String, port: Int, superuser: String, password: String, account: Account,
        watchdog: ChildProcess
    ) {
        self.binaries = binaries
        self.folder = folder
        self.socketHost = socketHost
        self.port = port
        self.superuser = superuser
        self.password = password
        self.account = account
        self.watchdog = watchdog
    }

    /// The cluster's data folder.
    public var dataFolder: String { folder + "/data" }

    /// The libpq connection string of `database` on this cluster (keyword/value form), as
    /// its superuser, password included: keep it out of command lines and logs.
    public func connectionString(database: String = "postgres") -> String {
        [("host", socketHost), ("port", String(port)), ("user", superuser), ("password", password), ("dbname", database)]
            .map { key, value in
                key + "='" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
            }
            .joined(separator: " ")
    }

    /// The server's process id, from its `postmaster.pid`; nil when it is not running.
    public var serverPID: pid_t? {
        guard let text = try? String(contentsOfFile: dataFolder + "/postmaster.pid", encoding: .utf8),
            let first = text.split(separator: "\n").first
        else { return nil }
        return pid_t(first.trimmingCharacters(in: .whitespaces))
    }

    /// Starts a new cluster with `binaries`, its superuser named `superuser`, and waits until
    /// it accepts connections. Throws, with the programs' output, when it cannot.
    public static func start(binaries: PostgresBinaries, superuser: String = "crudkit") throws(PostgresUnavailable) -> PostgresCluster {
        let account = try Account.forServer()
        let folder = try makeFolder()
        let data = folder + "/data"
        // First, so that whatever happens from here on, the folder is removed.
        let watchdog = try startWatchdog(
            folder: folder, stopServer: account.command([binaries.tool("pg_ctl"), "stop", "-D", data, "-m", "immediate", "-w", "-t", "30"]))
        let password = makePassword()
        let socket: (host: String, port: Int)
        do {
            try account.own(folder)
            try initialize(binaries: binaries, account: account, folder: folder, superuser: superuser, password: password)
            socket = try startServer(binaries: binaries, account: account, folder: folder)
        } catch {
            closeAndWait(watchdog)
            throw error
        }
        return PostgresCluster(
            binaries: binaries, folder: folder, socketHost: socket.host, port: socket.port, superuser: superuser, password: password,
            account: account, watchdog: watchdog)
    }

    /// 32 hex digits from the system's generator.
    private static func makePassword() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt32, radix: 16) }.map { String(repeating: "0", count: 8 - $0.count) + $0 }
            .joined()
    }

    /// Runs initdb with password authentication. initdb reads the password from a file, so it
    /// is written to one only the server's user may read, and removed as soon as initdb ends.
    private static func initialize(
        binaries: PostgresBinaries, account: Account, folder: String, superuser: String, password: String
    ) throws(PostgresUnavailable) {
        let passwordFile = folder + "/password"
        guard
            FileManager.default.createFile(
                atPath: passwordFile, contents: Data((password + "\n").utf8), attributes: [.posixPermissions: 0o600])
        else { throw PostgresUnavailable(description: "PostgreSQL: could not write the password file in \(folder)") }
        defer { unlink(passwordFile) }
        try account.own(passwordFile)
        try run(
            account.command([
                binaries.tool("initdb"), "-D", folder + "/data", "-U", superuser, "-A", "scram-sha-256", "--pwfile=" + passwordFile, "-E",
                "UTF8", "--locale=C", "--no-sync",
            ]),
            in: folder, doing: "initdb")
    }

    /// Creates a new, empty database on the cluster with `createdb` and returns its connection
    /// string. Without a name, it is `check_1`, `check_2`…
    ///
    /// One `createdb` takes some 40 ms here; a schema of its own per check (`CREATE SCHEMA`
    /// on one connection) takes about a millisecond, so a store that can work in a schema
    /// should prefer that.
    public func createDatabase(named name: String? = nil) throws(PostgresUnavailable) -> String {
        let database =
            name
            ?? lock.withLock {
                databases += 1
                return "check_\(databases)"
            }
        try Self.run(
            [binaries.tool("createdb"), "-h", socketHost, "-p", String(port), "-U", superuser, database], in: nil,
            doing: "createdb \(database)", password: password)
        return connectionString(database: database)
    }

    /// Stops the server and removes its folder, and waits until both are done. Later calls do nothing.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        if first { Self.closeAndWait(watchdog) }
    }

    /// Lets the watchdog do its work: closes our end of its pipe and waits for it.
    private static func closeAndWait(_ watchdog: ChildProcess) {
        try? watchdog.input?.close()
        watchdog.wait()
    }

    /// A new folder under /tmp (short, so the socket's path fits in the 104 bytes a socket
    /// address holds on macOS; and open to the server's user when we are root).
    private static func makeFolder() throws(PostgresUnavailable) -> String {
        var isFolder: ObjCBool = false
        let parent =
            FileManager.default.fileExists(atPath: "/tmp", isDirectory: &isFolder) && isFolder.boolValue
            ? "/tmp" : NSTemporaryDirectory()
        var template =
            Array((parent.hasSuffix("/") ? parent : parent + "/").utf8CString.dropLast()) + Array("crudkit-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw PostgresUnavailable(description: "PostgreSQL: could not make a folder in \(parent): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    /// Starts the server on a random port number, trying another number when a start fails,
    /// on an abstract socket where libpq reaches one, else (and after a failed start on one)
    /// on a socket file in `folder`. Returns the socket's libpq host and port.
    private static func startServer(
        binaries: PostgresBinaries, account: Account, folder: String
    ) throws(PostgresUnavailable) -> (host: String, port: Int) {
        let data = folder + "/data"
        var lastError = PostgresUnavailable(description: "PostgreSQL: the server did not start")
        var abstract = PostgresClientLibrary.reachesAbstractSockets
        for _ in 0..<3 {
            let port = Int.random(in: 20_000..<60_000)
            // The folder's own name, so two clusters never share an abstract socket.
            let host = abstract ? "@" + (folder as NSString).lastPathComponent : folder
            // On the command line rather than in postgresql.conf, so each try has its own port.
            // pg_ctl hands these to a shell (`exec postgres …`): hence the quotes.
            // Speed over crash safety: fsync and full-page writes are off, which loses data
            // only when the machine itself crashes, never when a connection closes and another
            // opens (each commit still reaches the server's WAL before it returns), nor when the
            // server process is killed. The cluster is thrown away with this process anyway.
            let settings = [
                "-c listen_addresses=''", "-c unix_socket_directories='\(host)'", "-c unix_socket_permissions=0700", "-p \(port)",
                "-c fsync=off", "-c full_page_writes=off", "-c max_connections=200",
            ]
            do {
                try run(
                    account.command([
                        binaries.tool("pg_ctl"), "start", "-D", data, "-l", folder + "/server.log", "-w", "-t", "60", "-o",
                        settings.joined(separator: " "),
                    ]), in: folder, doing: "pg_ctl start")
                return (host, port)
            } catch {
                let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
                lastError = PostgresUnavailable(description: error.description + (log.isEmpty ? "" : "\nserver.log:\n" + log))
                abstract = false
            }
        }
        throw lastError
    }

    /// Runs a program to its end, in `directory`, with no `PG…` variable of ours (PGHOST,
    /// PGUSER, … would change what it connects to) but the password it is given; throws its
    /// output when it fails.
    @available(*, noasync, message: "it waits for a child process; call it with offThePool")
    private static func run(
        _ arguments: [String], in directory: String?, doing what: String, password: String? = nil
    ) throws(PostgresUnavailable) {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
        environment["PGPASSWORD"] = password
        guard let program = arguments.first else { return }
        let child: ChildProcess
        do {
            child = try ChildProcess(
                program, Array(arguments.dropFirst()), options: .init(directory: directory, environment: environment, errors: .output))
        } catch {
            throw PostgresUnavailable(description: "PostgreSQL: \(what): \(error)")
        }
        let (ending, out, _) = child.finish()
        guard ending == .exited(0) else {
            throw PostgresUnavailable(description: "PostgreSQL: \(what) \(ending): \(out.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}
