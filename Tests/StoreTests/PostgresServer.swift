import CRUDBackends
import CRUDConformance
import CRUDTestSupport
import Foundation

@testable import CRUDPostgres

/// The PostgreSQL server the store's tests use: `CRUDKIT_POSTGRES_URL`, or the process's
/// throwaway cluster (``PostgresServer``), the same one `compare` and the suite use.
///
/// Where libpq or the server programs are missing, the tests are disabled, shown as skipped
/// with the reason, never passed; in CI (`CRUDKIT_REQUIRE_POSTGRES=1`) they run and fail
/// (``PostgresAvailability``).
enum PostgresTestServer {
    /// Whether the tests run: see ``PostgresAvailability``.
    static var runs: Bool { PostgresAvailability.runs }

    /// The connection string of the server's database.
    static func url() async throws -> String {
        try await PostgresServer.resolve().connectionString
    }

    /// A plain session on the server, beside the stores, to look at or change what they keep.
    static func session() async throws -> PostgresConnection {
        try PostgresConnection(try await url(), lib: LibPQ.shared.get())
    }

    /// A schema name of its own for one test.
    static func freshSchema(_ purpose: String) -> String {
        "crudkit_\(purpose)_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
    }
}
