import Foundation
import ThreadExecutors

/// The PostgreSQL server the kit's checks use: the one `CRUDKIT_POSTGRES_URL` names, or else
/// a throwaway cluster this process starts once, on first use, and shares (so `swift test`,
/// `crudkit compare` and `crudkit bench` each start one at most).
///
/// ```swift
/// let server = try await PostgresServer.resolve()
/// let connection = server.connectionString  // hand this to libpq
/// ```
public enum PostgresServer: Sendable {
    /// A server the user named: a libpq connection string or a `postgres://` URL. Nothing is started.
    case given(String)
    /// This process's throwaway cluster.
    case throwaway(PostgresCluster)

    /// The variable that names a server to use instead of starting one.
    public static let urlVariable = "CRUDKIT_POSTGRES_URL"

    /// The server to use: `CRUDKIT_POSTGRES_URL` of `environment` when set (and not empty),
    /// else the shared cluster, started now if it is not yet. Throws, saying how to install
    /// PostgreSQL, when the variable is unset and the programs are missing, or with the
    /// programs' output when the cluster could not start (once: later calls give the same answer).
    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) async throws(PostgresUnavailable)
        -> PostgresServer
    {
        if let url = environment[urlVariable], !url.isEmpty { return .given(url) }
        return .throwaway(try await PostgresCluster.shared())
    }

    /// The connection string of the server's `postgres` database (a throwaway cluster), or as given.
    public var connectionString: String {
        switch self {
        case .given(let url): url
        case .throwaway(let cluster): cluster.connectionString()
        }
    }
}

extension PostgresCluster {
    /// The process's one throwaway cluster, started on the first call (with the programs
    /// ``PostgresBinaries/locate(environment:places:)`` finds) and shared by every later one.
    /// Its watchdog removes it when the process ends.
    public static func shared() async throws(PostgresUnavailable) -> PostgresCluster {
        let result = await SharedCluster.one.result()
        return try result.get()
    }
}

/// The shared cluster's start: one task, whose answer every caller awaits.
private final class SharedCluster: @unchecked Sendable {
    static let one = SharedCluster()
    // Guarded by `lock`.
    private let lock = NSLock()
    private var starting: Task<Result<PostgresCluster, PostgresUnavailable>, Never>?

    func result() async -> Result<PostgresCluster, PostgresUnavailable> {
        let task = lock.withLock {
            if let starting { return starting }
            let task = Task { await Self.startOnOwnThread() }
            starting = task
            return task
        }
        return await task.value
    }

    /// Starts the cluster on a thread of its own: initdb and pg_ctl take a second or so,
    /// which must not hold a thread of Swift's small cooperative pool.
    private static func startOnOwnThread() async -> Result<PostgresCluster, PostgresUnavailable> {
        await offThePool {
            PostgresBinaries.locate().flatMap { binaries in
                Result { () throws(PostgresUnavailable) in try PostgresCluster.start(binaries: binaries) }
            }
        }
    }
}
