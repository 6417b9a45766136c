import CRUDConformance
import CRUDPostgres
import CRUDSpec
import Foundation

/// The `postgres` backend: ``PostgresStore`` on the server ``PostgresServer/resolve(environment:)``
/// gives (`CRUDKIT_POSTGRES_URL`, or this process's throwaway cluster). Each check gets a
/// schema of its own, dropped at its end; a reopen, and every other store of a check, is a
/// new connection to that schema.
///
/// Where libpq or a server is missing, every rule is n/a with the reason (``BackendUnavailable``).
public enum PostgresBackend {
    /// The backend, as `compare`, `bench` and the suite run it.
    public static let backend = Backend(name: "postgres", capabilities: [.durability, .sharedStorage]) {
        try await PostgresSchemaStorage.make()
    }

    /// Why the backend cannot run on this machine, found without starting anything: libpq
    /// is missing, or no server is named and the server programs are missing. Nil when it
    /// can run (a server that then fails to start is a failure of every check, not n/a).
    public static func unavailableReason(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        do {
            try PostgresStore.loadClientLibrary()
        } catch {
            return error.message
        }
        if let url = environment[PostgresServer.urlVariable], !url.isEmpty { return nil }
        if case .failure(let missing) = PostgresBinaries.locate(environment: environment) { return missing.description }
        return nil
    }
}

extension PostgresBackend {
    /// The server checks run on (``PostgresServer/resolve(environment:)``), once libpq is
    /// known to load; ``BackendUnavailable`` with the reason when libpq or a server is missing,
    /// so every rule on it is n/a rather than failed.
    public static func server(environment: [String: String] = ProcessInfo.processInfo.environment) async throws(BackendUnavailable)
        -> PostgresServer
    {
        do {
            try PostgresStore.loadClientLibrary()
        } catch {
            throw BackendUnavailable(error.message)
        }
        do {
            return try await PostgresServer.resolve(environment: environment)
        } catch {
            throw BackendUnavailable(error.description)
        }
    }
}

/// One schema of its own on the server, for one check.
struct PostgresSchemaStorage: BackendStorage {
    let connection: String
    let schema: String

    /// Storage on the server, in a new schema; ``BackendUnavailable`` when libpq or a server is missing.
    static func make() async throws -> PostgresSchemaStorage {
        let server = try await PostgresBackend.server()
        let schema = "crudkit_check_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        return PostgresSchemaStorage(connection: server.connectionString, schema: String(schema))
    }

    func open(clock: any CRUDClock) async throws -> any CRUDSpec {
        try PostgresStore(connection: connection, schema: schema, clock: clock)
    }

    func dispose() async {
        try? PostgresStore.removeSchema(schema, connection: connection)
    }
}
