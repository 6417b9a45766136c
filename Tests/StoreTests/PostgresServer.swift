import CRUDBackends
import CRUDConformance
import Foundation

@testable import CRUDPostgres

/// The PostgreSQL server the store's tests use: `CRUDKIT_POSTGRES_URL`, or the process's
/// throwaway cluster (``PostgresServer``), the same one `compare` and the suite use. Whether
/// the tests run at all is `PostgresAvailability`'s answer.
enum PostgresTestServer {
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
