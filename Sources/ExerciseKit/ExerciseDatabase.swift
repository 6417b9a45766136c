import CRUDBackends
import CRUDConformance
import CRUDPostgres
import CRUDSpec
import Foundation

/// Where an exercise store keeps its tasks on a PostgreSQL server (Exercise 15): a schema
/// of its own, reached through a connection that may do nothing else.
///
/// On the kit's throwaway cluster the connection logs in as a role made for the check
/// (NOSUPERUSER, NOCREATEDB, NOCREATEROLE, no membership in any role) that owns the schema
/// and nothing else: a student's SQL cannot run programs (`COPY … FROM PROGRAM`), read the
/// server's files or make roles. It is a log-in, not `SET ROLE`, which the SQL could undo.
/// On a server `CRUDKIT_POSTGRES_URL` names, the SQL runs as that URL's user, with its rights.
public struct ExerciseDatabase: Sendable {
    /// The libpq connection string the student's SQL runs on.
    public let connection: String
    /// The schema the tasks are kept in, first on the session's `search_path`.
    public let schema: String

    /// Opens a session on the schema.
    func session() throws -> PostgresSession {
        try PostgresSession(connection: connection, schema: schema)
    }
}

/// The storage of one check of Exercise 15: its schema (and, on the throwaway cluster, its
/// role), made by the server's administrator and dropped at the end. Each open is a new
/// connection to the same schema, so a reopen sees what the last store committed.
struct ExerciseDatabaseStorage: BackendStorage {
    let database: ExerciseDatabase
    /// The administrator's connection string, which drops the schema and role at the end.
    let admin: String
    /// The check's own role, when the kit made one.
    let role: String?
    let opener: @Sendable (ExerciseDatabase, any CRUDClock) throws -> any CRUDSpec

    /// Storage on the server the kit checks PostgreSQL with (`CRUDKIT_POSTGRES_URL` of
    /// `environment`, or the throwaway cluster). ``BackendUnavailable`` when libpq or a
    /// server is missing, or the server cannot be reached or refuses to make the check's
    /// schema: nothing of the student's has run then, so its rules are n/a, not failed.
    static func make(
        environment: [String: String], open: @escaping @Sendable (ExerciseDatabase, any CRUDClock) throws -> any CRUDSpec
    ) async throws -> ExerciseDatabaseStorage {
        let server = try await PostgresBackend.server(environment: environment)
        do {
            return try prepare(on: server, open: open)
        } catch {
            throw BackendUnavailable("PostgreSQL: the check's schema could not be made on the server: \(error)")
        }
    }

    /// Makes the check's schema (and role) on `server` with its administrator's connection.
    private static func prepare(
        on server: PostgresServer, open: @escaping @Sendable (ExerciseDatabase, any CRUDClock) throws -> any CRUDSpec
    ) throws -> ExerciseDatabaseStorage {
        let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        let schema = "crudkit_exercise_\(suffix)"
        let admin = try PostgresSession(connection: server.connectionString)
        defer { admin.close() }
        switch server {
        case .throwaway(let cluster):
            let role = "crudkit_student_\(suffix)"
            // Hex digits only, so it needs no quoting in SQL or in the connection string.
            let password = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            // Limits a student's SQL cannot lift: it may SET statement_timeout, but only within its own check.
            try admin.execute(
                """
                CREATE ROLE \(role) LOGIN PASSWORD '\(password)' NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS CONNECTION LIMIT 4;
                ALTER ROLE \(role) SET statement_timeout = '10s';
                CREATE SCHEMA \(schema) AUTHORIZATION \(role);
                """)
            // A later keyword wins in a libpq connection string: the same server, logged in as the role.
            let connection = cluster.connectionString() + " user='\(role)' password='\(password)'"
            return ExerciseDatabaseStorage(
                database: ExerciseDatabase(connection: connection, schema: schema), admin: server.connectionString, role: role,
                opener: open)
        case .given(let url):
            try admin.execute("CREATE SCHEMA \(schema)")
            return ExerciseDatabaseStorage(
                database: ExerciseDatabase(connection: url, schema: schema), admin: url, role: nil, opener: open)
        }
    }

    func open(clock: any CRUDClock) async throws -> any CRUDSpec {
        try opener(database, clock)
    }

    func dispose() async {
        guard let admin = try? PostgresSession(connection: admin) else { return }
        defer { admin.close() }
        try? admin.execute("DROP SCHEMA IF EXISTS \(database.schema) CASCADE")
        if let role { try? admin.execute("DROP ROLE IF EXISTS \(role)") }
    }
}
