import CRUDConformance
import Foundation

@testable import CRUDPostgres

/// The PostgreSQL server the tests use, named by `CRUDKIT_POSTGRES_URL`.
///
/// Without it the PostgreSQL tests are disabled (shown as skipped, with this reason), never
/// passed: a throwaway cluster made by the tests themselves is still to come.
enum PostgresServer {
    static let connection = ProcessInfo.processInfo.environment["CRUDKIT_POSTGRES_URL"]

    static let howToEnable =
        "PostgreSQL tests are off: set CRUDKIT_POSTGRES_URL to a server the tests may create schemas in, e.g. CRUDKIT_POSTGRES_URL='postgres://me@localhost:5432/postgres' swift test --filter Postgres"

    /// Whether a server is named; says how to name one when not.
    static var isConfigured: Bool {
        if connection == nil { print(howToEnable) }
        return connection != nil
    }

    /// The configured server; only called from tests enabled by ``isConfigured``.
    static var url: String { connection ?? "" }

    /// A plain session on the server, beside the stores, to look at or change what they keep.
    static func session() throws -> PostgresConnection {
        try PostgresConnection(url, lib: LibPQ.shared.get())
    }

    /// A schema name of its own for one test or check.
    static func freshSchema(_ purpose: String) -> String {
        "crudkit_\(purpose)_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
    }

    /// The suite's view of the store: one schema per check, dropped afterwards, and a second
    /// connection on the same schema for the shared-storage rules.
    static var backend: Backend {
        Backend(name: "postgres", capabilities: [.durability, .sharedStorage]) { SchemaStorage(schema: freshSchema("check")) }
    }

    /// One schema on the server: each open is a new connection to it.
    struct SchemaStorage: BackendStorage {
        let schema: String

        func open(clock: any CRUDClock) async throws -> any CRUDSpec {
            try PostgresStore(connection: PostgresServer.url, schema: schema, clock: clock)
        }

        func dispose() async {
            try? PostgresStore.removeSchema(schema, connection: PostgresServer.url)
        }
    }
}
