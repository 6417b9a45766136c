import CRUDBackends
import CRUDConformance
import CRUDSpec
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

    /// A fresh schema holding one task, "Kept", written by a store that is closed again, and
    /// a session whose search path is that schema, to look at or change what it keeps.
    static func schemaWithKeptTask(
        _ purpose: String
    ) async throws -> (url: String, schema: String, location: String, task: TaskItem, db: PostgresConnection) {
        let url = try await url()
        let schema = freshSchema(purpose)
        let store = try PostgresStore(connection: url, schema: schema)
        let task = try await store.createTask(title: "Kept", notes: nil)
        await store.close()
        let db = try await session()
        try db.execute("SET search_path TO \(schema)")
        return (url, schema, store.location, task, db)
    }

    /// Drops `schema` through `db`, then closes it.
    static func remove(_ schema: String, closing db: PostgresConnection) {
        try? db.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
        db.close()
    }
}
