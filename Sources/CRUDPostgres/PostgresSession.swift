import CRUDSpec
import Foundation

/// One plain connection to a PostgreSQL server, for code that runs SQL it did not write:
/// the grader of the PostgreSQL exercise runs a student's statements through it.
///
/// It is the store's own connection (statements prepared once, every value a bound text
/// parameter, rows read as text) without any of the store's tables. Every failure is a
/// `CRUDError` that carries the server's own message, so a student sees why SQL was refused.
///
/// Not thread-safe: one owner uses it at a time, and closes it.
///
/// ```swift
/// let session = try PostgresSession(connection: "host=/tmp/pg user=student", schema: "check_1")
/// try session.execute("CREATE TABLE IF NOT EXISTS tasks (seq BIGSERIAL PRIMARY KEY, title TEXT)")
/// let changed = try session.run("INSERT INTO tasks (title) VALUES ($1)", ["Renew passport"])
/// let rows = try session.query("SELECT title FROM tasks ORDER BY seq")  // [["Renew passport"]]
/// session.close()
/// ```
public final class PostgresSession {
    private let db: PostgresConnection

    /// "PostgreSQL at HOST:PORT (database DB)", as messages name the server.
    public var endpoint: String { db.endpoint }

    /// Connects to the server `connection` names (a libpq connection string or a
    /// `postgres://` URL) and, with `schema`, puts that schema first on the session's
    /// `search_path` (it is not created).
    ///
    /// - Throws: ``LibPQError`` when libpq cannot be loaded; `CRUDError.network(reason:)`
    ///   when the server cannot be reached or refuses the login.
    public init(connection: String, schema: String? = nil) throws {
        let lib = try LibPQ.shared.get()
        do {
            db = try PostgresConnection(connection, lib: lib)
        } catch {
            throw Self.crudError(error, endpoint: "PostgreSQL")
        }
        guard let schema else { return }
        do {
            try db.addSessionSetup("SET search_path TO \(try quoted(schema))")
        } catch {
            db.close()
            throw error
        }
    }

    /// `name` quoted as an SQL identifier by the server (`quote_ident`), safe to put in SQL text.
    public func quoted(_ name: String) throws(CRUDError) -> String {
        guard let quoted = try query("SELECT quote_ident($1)", [name]).first?.first ?? nil else {
            throw .storeUnavailable(path: "\(endpoint): quote_ident gave no answer")
        }
        return quoted
    }

    /// Runs SQL without parameters: one or more statements, such as DDL or `BEGIN`.
    public func execute(_ sql: String) throws(CRUDError) {
        do {
            try db.execute(sql)
        } catch {
            throw Self.crudError(error, endpoint: endpoint)
        }
    }

    /// The rows of one statement, each value as text or `nil` for NULL; `$1`, `$2`… are
    /// bound to `parameters`, in order.
    public func query(_ sql: String, _ parameters: [String?] = []) throws(CRUDError) -> [[String?]] {
        do {
            return try db.query(sql, parameters)
        } catch {
            throw Self.crudError(error, endpoint: endpoint)
        }
    }

    /// Runs one statement with `parameters` bound to `$1`, `$2`… and returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ parameters: [String?] = []) throws(CRUDError) -> Int {
        do {
            return try db.run(sql, parameters)
        } catch {
            throw Self.crudError(error, endpoint: endpoint)
        }
    }

    /// Ends the session; it is not used after this.
    public func close() {
        db.close()
    }

    /// A failure as a `CRUDError`: a refused statement keeps the server's SQLSTATE and
    /// message (`storeUnavailable`), which say what was wrong with the SQL.
    private static func crudError(_ error: PostgresFailure, endpoint: String) -> CRUDError {
        switch error {
        case .crud(let error): error
        case .server(let state, let message): .storeUnavailable(path: "\(endpoint) refused the SQL (SQLSTATE \(state)): \(message)")
        case .closed: .storeUnavailable(path: "\(endpoint): the session is closed")
        }
    }
}
