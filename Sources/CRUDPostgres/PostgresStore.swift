import CRUDSpec
import Foundation
import ThreadExecutors

/// A store in a PostgreSQL database, through the system's libpq loaded while the program runs.
///
/// - It takes a libpq connection string (`host=localhost port=5432 dbname=crud user=me`)
///   or a `postgres://` / `postgresql://` URL, and optionally a schema of its own, made if
///   missing and put first on the connection's `search_path`.
/// - Every value is bound as a parameter; statements are prepared once per connection
///   and reused.
/// - Each operation is one transaction; an import is one transaction for all its tasks.
///   A transaction that loses a race with another (a serialization failure or a deadlock)
///   is retried up to ``maxAttempts`` times in all, then reported as `CRUDError.storeLocked(path:)`.
/// - Emails are unique through a unique index: two stores creating the same email at once
///   get one contact and one `CRUDError.duplicate(field: .email)`.
/// - Order and search are Unicode-correct whatever the server's collation: folded keys are
///   computed in Swift and compared byte-wise (`COLLATE "C"`).
/// - A refused or broken connection is `CRUDError.network(reason:)`, naming the server as
///   "PostgreSQL at HOST:PORT (database DB)", never the password. A broken connection is
///   opened again at the next operation.
///
/// ```swift
/// let store = try PostgresStore(connection: "postgres://me@localhost/crud", schema: "tasks_app")
/// let task = try await store.createTask(title: "Renew passport", notes: nil)
/// try await store.close()
/// ```
public actor PostgresStore: CRUDSpec {
    /// How many times in all an operation is tried when it loses a race with another.
    public static let maxAttempts = 5

    /// "PostgreSQL at HOST:PORT (database DB, schema S)": where the store keeps its data,
    /// as its error messages name it.
    public nonisolated let location: String
    let endpoint: String
    let clock: any CRUDClock
    private var db: PostgresConnection?
    /// Its own thread: every call waits for the server, and must not hold a thread of the
    /// cooperative pool meanwhile.
    private let executor = ThreadExecutor(name: "crudkit-postgres")

    /// The store's own thread (see `executor`).
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    deinit { executor.shutdown() }
    /// How many times an operation was tried again after a serialization failure or deadlock.
    private(set) var retries = 0

    /// Connects and prepares the schema: creates the tables in a new one, upgrades an older
    /// version, and leaves anything else alone.
    ///
    /// - Parameters:
    ///   - connection: a libpq connection string or a `postgres://` URL.
    ///   - schema: the schema to keep the tables in, made if missing; `nil` uses the first
    ///     schema of the server's `search_path` (usually `public`).
    ///   - clock: where every date comes from.
    /// - Throws: ``LibPQError`` when libpq cannot be loaded. `CRUDError.network(reason:)`
    ///   when the server cannot be reached; `CRUDError.corruptStore(path:)` when the schema
    ///   holds tables that are not CRUDKit's or are of a newer version (nothing is changed).
    public init(connection: String, schema: String? = nil, clock: any CRUDClock = SystemClock()) throws {
        let lib = try LibPQ.shared.get()
        let db: PostgresConnection
        do {
            db = try PostgresConnection(connection, lib: lib)
        } catch {
            throw Self.crudError(error, location: "PostgreSQL")
        }
        let endpoint = db.endpoint
        let location = schema.map { "\(endpoint.dropLast()), schema \($0))" } ?? endpoint
        do {
            if let schema {
                guard let quoted = try db.query("SELECT quote_ident($1)", [schema]).first?.first ?? nil else {
                    throw PostgresFailure.crud(.storeUnavailable(path: location))
                }
                try db.execute("CREATE SCHEMA IF NOT EXISTS \(quoted)")
                try db.addSessionSetup("SET search_path TO \(quoted)")
            }
            try PostgresSchema.prepare(db, lockName: schema ?? "", location: location)
        } catch {
            db.close()
            throw Self.crudError(error, location: location)
        }
        self.endpoint = endpoint
        self.location = location
        self.clock = clock
        self.db = db
    }

    /// Loads libpq if it is not loaded yet, so a caller can tell before connecting whether
    /// PostgreSQL stores can work on this machine at all.
    ///
    /// - Throws: ``LibPQError``, saying what is missing and how to install it.
    public static func loadClientLibrary() throws(LibPQError) {
        _ = try LibPQ.shared.get()
    }

    /// Drops a schema and everything in it: for throwaway stores, such as the conformance
    /// suite's one schema per check. Dropping a schema that does not exist does nothing.
    ///
    /// - Throws: ``LibPQError`` when libpq cannot be loaded; `CRUDError.network(reason:)`
    ///   when the server cannot be reached.
    public static func removeSchema(_ schema: String, connection: String) throws {
        let db: PostgresConnection
        do {
            db = try PostgresConnection(connection, lib: try LibPQ.shared.get())
        } catch let error as PostgresFailure {
            throw crudError(error, location: "PostgreSQL")
        }
        defer { db.close() }
        do {
            guard let quoted = try db.query("SELECT quote_ident($1)", [schema]).first?.first ?? nil else { return }
            try db.execute("DROP SCHEMA IF EXISTS \(quoted) CASCADE")
        } catch {
            throw crudError(error, location: db.endpoint)
        }
    }

    /// The process id of the server session the store talks to, for tests that end it.
    func serverProcessID() throws(CRUDError) -> String? {
        try perform { db in try db.query("SELECT pg_backend_pid()").first?.first ?? nil }
    }

    /// How many statements the store's connection has prepared so far.
    var preparedStatements: Int { db?.prepareCount ?? 0 }

    /// Closes the connection. The store is not used after this.
    public func close() {
        db?.close()
        db = nil
    }

    // MARK: Running operations

    /// Runs `body` as one transaction (or, when `transaction` is false, as the single
    /// statement it runs), trying again when it loses a race with another transaction.
    @discardableResult
    func perform<T>(transaction: Bool = false, _ body: (PostgresConnection) throws -> T) throws(CRUDError) -> T {
        guard let db else { throw .storeUnavailable(path: location) }
        var attempt = 1
        while true {
            do {
                if transaction { try db.execute("BEGIN ISOLATION LEVEL REPEATABLE READ") }
                let value = try body(db)
                if transaction { try db.execute("COMMIT") }
                return value
            } catch {
                if transaction { try? db.execute("ROLLBACK") }
                guard case .server(let state, _) = error as? PostgresFailure, ["40001", "40P01"].contains(state),
                    attempt < Self.maxAttempts
                else { throw Self.crudError(error, location: location) }
                retries += 1
                // A short pause that grows, so racing transactions do not meet again at once.
                usleep(UInt32.random(in: 1_000...5_000) * UInt32(attempt))
                attempt += 1
            }
        }
    }

    /// What an error on the connection means for the store's user.
    static func crudError(_ error: any Error, location: String) -> CRUDError {
        switch error {
        case let error as CRUDError: return error
        case PostgresFailure.crud(let error): return error
        case PostgresFailure.server(let state, _):
            switch state {
            case "23505": return .duplicate(field: .email)
            case "40001", "40P01": return .storeLocked(path: location)
            // The tables or columns are gone or changed: not the layout this store made.
            case "42P01", "42703", "42804": return .corruptStore(path: location)
            default: return .storeUnavailable(path: location)
            }
        default: return .storeUnavailable(path: location)
        }
    }
}
