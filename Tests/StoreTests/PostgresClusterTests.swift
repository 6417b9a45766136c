import CRUDBackends
import CRUDPostgres
import CRUDTestSupport
import Foundation
import Testing
import ThreadExecutors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The throwaway PostgreSQL cluster: it starts (as an unprivileged user when we are root),
/// serves over its socket, makes databases, and is gone after stop() or a SIGKILL of its owner.
@Suite("PostgreSQL cluster", .serialized)
struct PostgresClusterTests {
    /// The server programs, or why there are none (printed once, so a run without them says so).
    static let binaries: Result<PostgresBinaries, PostgresUnavailable> = {
        let found = PostgresBinaries.locate()
        if case .failure(let unavailable) = found {
            print("PostgreSQL cluster tests not run: \(unavailable)")
        }
        return found
    }()

    /// Whether the cluster tests run: where the programs are installed, or where CI requires
    /// them (CRUDKIT_REQUIRE_POSTGRES=1), so that there they fail with the install message
    /// rather than being skipped. Elsewhere a skip is reported as a skip, never as a pass.
    static let runs: Bool = {
        if case .success = binaries { return true }
        return ProcessInfo.processInfo.environment["CRUDKIT_REQUIRE_POSTGRES"] == "1"
    }()

    // Skipped, not passed, where the server programs are missing: install them with
    // `apt-get install postgresql` (Debian/Ubuntu) or `brew install postgresql@16` (macOS).
    @Test("A cluster starts, answers SELECT 1 over its socket, makes two databases, and is gone after stop()", .enabled(if: runs))
    func startQueryStop() async throws {
        let binaries = try Self.binaries.get()
        let started = ContinuousClock.now
        let cluster = try await offThePool { () throws(PostgresUnavailable) in try PostgresCluster.start(binaries: binaries) }
        print("PostgreSQL cluster started in \(ContinuousClock.now - started) (\(binaries.folder), \(cluster.folder))")
        let pid = try #require(cluster.serverPID, "no postmaster.pid in \(cluster.dataFolder) after the start")
        #expect(isRunning(pid), "the server (pid \(pid)) is not running after the start")
        // An abstract socket where libpq reaches one (no file then), else a file in the folder.
        let socketFile = FileManager.default.fileExists(atPath: cluster.folder + "/.s.PGSQL.\(cluster.port)")
        if PostgresClientLibrary.reachesAbstractSockets {
            #expect(cluster.socketHost == "@" + (cluster.folder as NSString).lastPathComponent && !socketFile, "\(cluster.socketHost)")
        } else {
            #expect(cluster.socketHost == cluster.folder && socketFile, "no socket in \(cluster.folder)")
        }
        #expect(!FileManager.default.fileExists(atPath: cluster.folder + "/password"), "initdb's password file was left behind")
        if geteuid() == 0 {
            // initdb refuses root: the data folder must belong to another user.
            let owner = try FileManager.default.attributesOfItem(atPath: cluster.dataFolder)[.ownerAccountID] as? Int
            #expect(owner != nil && owner != 0, "the data folder belongs to uid \(owner.map(String.init) ?? "?"), expected a non-root user")
        }

        #expect(try await psql(binaries, cluster.connectionString(), "SELECT 1") == "1")
        // Without the password, the superuser is refused: another user of the machine cannot
        // take the cluster over.
        let withoutPassword = cluster.connectionString().replacingOccurrences(
            of: #"password='[0-9a-f]+'"#, with: "", options: .regularExpression)
        #expect(withoutPassword != cluster.connectionString())
        let refused = try await ChildProcess(binaries.tool("psql"), ["-X", "-w", "-A", "-t", "-d", withoutPassword, "-c", "SELECT 1"])
            .finished()
        #expect(
            refused.ending != .exited(0) && refused.err.contains("password"),
            "the superuser logged in without the password: \(refused.ending), \(refused.err)")
        let timed = ContinuousClock.now
        let first = try cluster.createDatabase()
        print("PostgreSQL createdb took \(ContinuousClock.now - timed)")
        let second = try cluster.createDatabase()
        #expect(first != second, "two fresh databases got one connection string: \(first)")
        #expect(try await psql(binaries, first, "SELECT current_database()") == "check_1")
        #expect(try await psql(binaries, second, "SELECT current_database()") == "check_2")
        // The databases are apart: a table made in one is not in the other.
        _ = try await psql(binaries, first, "CREATE TABLE only_here (id int)")
        #expect(try await psql(binaries, second, "SELECT count(*) FROM pg_tables WHERE tablename = 'only_here'") == "0")

        cluster.stop()
        #expect(!FileManager.default.fileExists(atPath: cluster.folder), "\(cluster.folder) is still there after stop()")
        #expect(!isRunning(pid), "the server (pid \(pid)) still runs after stop()")
        cluster.stop()  // a second stop does nothing
    }

    @Test("A cluster whose owner is SIGKILLed is stopped and removed by its watchdog", .enabled(if: runs))
    func watchdogAfterKill() async throws {
        let owner = try #require(BuiltProduct.path("postgres-owner"), "postgres-owner was not built beside the tests")
        let child = try ChildProcess(owner, [], options: .init(errors: .inherited))
        let line = await child.firstLine()
        let words = line.split(separator: " ").map(String.init)
        try #require(words.count == 2 && !line.hasPrefix("unavailable"), "postgres-owner said \(line.debugDescription)")
        let folder = words[0]
        let pid = try #require(pid_t(words[1]), "postgres-owner gave no server pid: \(line.debugDescription)")
        #expect(FileManager.default.fileExists(atPath: folder) && isRunning(pid), "the cluster was not up before the kill")

        child.kill(SIGKILL)
        #expect(await child.finished().ending == .signalled(SIGKILL))
        let killed = ContinuousClock.now
        while ContinuousClock.now - killed < .seconds(10) && (FileManager.default.fileExists(atPath: folder) || isRunning(pid)) {
            try await Task.sleep(for: .milliseconds(50))
        }
        print("PostgreSQL watchdog cleaned up \(ContinuousClock.now - killed) after the SIGKILL")
        #expect(!isRunning(pid), "the server (pid \(pid)) still runs 10 s after its owner was killed")
        #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) is still there 10 s after its owner was killed")
    }

    @Test("The shared cluster is started once per process", .enabled(if: runs))
    func sharedOnce() async throws {
        async let one = PostgresCluster.shared()
        async let two = PostgresCluster.shared()
        let (first, second) = try await (one, two)
        #expect(first === second, "two callers got two clusters")
        let server = try await PostgresServer.resolve(environment: [:])
        guard case .throwaway(let third) = server else {
            Issue.record("without CRUDKIT_POSTGRES_URL the server should be the throwaway cluster, got \(server)")
            return
        }
        #expect(third === first)
    }

    @Test("CRUDKIT_POSTGRES_URL is used as given, and nothing is started")
    func givenURL() async throws {
        let url = "postgres://someone@db.example:5432/tasks"
        let server = try await PostgresServer.resolve(environment: [PostgresServer.urlVariable: url])
        guard case .given(let given) = server else {
            Issue.record("CRUDKIT_POSTGRES_URL was set, yet the kit chose \(server)")
            return
        }
        #expect(given == url && server.connectionString == url)
    }

    @Test("Without the programs the answer says how to install them")
    func missingBinaries() throws {
        let empty = try TemporaryFolder()
        let found = PostgresBinaries.locate(
            environment: ["PATH": empty.path],
            places: .init(versionFolders: [empty.path], homebrewFolders: [empty.path], lastResorts: [empty.path + "/bin"]))
        guard case .failure(let unavailable) = found else {
            Issue.record("an empty search found binaries: \(found)")
            return
        }
        for advice in ["apt-get install postgresql", "brew install postgresql@16", "Postgres.app", "CRUDKIT_POSTGRES_URL"] {
            #expect(unavailable.description.contains(advice), "the reason does not mention \(advice): \(unavailable)")
        }
    }

    @Test("The search takes PATH first (links followed), then the newest Debian version, then the newest Homebrew one")
    func searchOrder() throws {
        let root = try TemporaryFolder()
        func programs(in folder: String, _ names: [String] = ["initdb", "pg_ctl"]) throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in names {
                try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/" + name)
            }
        }
        for version in ["9.6", "15", "12"] { try programs(in: root.path + "/lib/postgresql/\(version)/bin") }
        try programs(in: root.path + "/lib/postgresql/notes")  // not a version: ignored
        for version in ["14", "16"] { try programs(in: root.path + "/opt/postgresql@\(version)/bin") }
        try programs(in: root.path + "/half", ["initdb"])  // no pg_ctl: not enough
        try programs(in: root.path + "/real")
        try FileManager.default.createDirectory(atPath: root.path + "/path", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.path + "/path/initdb", withDestinationPath: root.path + "/real/initdb")

        let places = PostgresBinaries.Places(
            versionFolders: [root.path + "/lib/postgresql"], homebrewFolders: [root.path + "/opt"], lastResorts: [])
        let real = URL(fileURLWithPath: root.path + "/real").resolvingSymlinksInPath().path
        #expect(
            try PostgresBinaries.locate(environment: ["PATH": root.path + "/half:" + root.path + "/path"], places: places).get().folder
                == real)
        let debian = try PostgresBinaries.locate(environment: ["PATH": root.path + "/half"], places: places).get().folder
        #expect(debian.hasSuffix("/lib/postgresql/15/bin"), "expected the newest Debian version, 15, got \(debian)")
        let homebrew = try PostgresBinaries.locate(
            environment: ["PATH": ""], places: .init(versionFolders: [], homebrewFolders: [root.path + "/opt"], lastResorts: [])
        ).get().folder
        #expect(homebrew.hasSuffix("/opt/postgresql@16/bin"), "expected Homebrew's newest, postgresql@16, got \(homebrew)")
    }

    /// The single value `psql` prints for `sql` on `connection`; throws its output when it fails.
    private func psql(_ binaries: PostgresBinaries, _ connection: String, _ sql: String) async throws -> String {
        let child = try ChildProcess(binaries.tool("psql"), ["-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", connection, "-c", sql])
        let (ending, out, err) = await child.finished()
        try #require(ending == .exited(0), "psql \(sql.debugDescription) on \(connection) \(ending): \(err)")
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `pid` is a live process (a zombie, ended but not yet collected, is not).
    private func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        #if os(Linux)
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let afterName = stat.range(of: ") ", options: .backwards)
            {
                return stat[afterName.upperBound...].first != "Z"
            }
        #endif
        return true
    }
}
