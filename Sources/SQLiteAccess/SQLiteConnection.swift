import CRUDModels
import CSQLite
import Foundation

/// A thin wrapper around one SQLite connection: statements prepared once and reused,
/// values always bound as parameters, transactions, and SQLite's result codes turned into
/// `CRUDError`s.
///
/// Not thread-safe on its own: own it from one actor, as ``SQLiteStore`` does.
///
/// ```swift
/// let db = try SQLiteConnection(path: "tasks.sqlite")
/// try db.execute("CREATE TABLE IF NOT EXISTS notes (body TEXT NOT NULL)")
/// try db.run("INSERT INTO notes (body) VALUES (?)", ["It's \"quoted\"; DROP TABLE notes; --"])
/// let bodies = try db.query("SELECT body FROM notes") { row in row.text(0) }
/// ```
public final class SQLiteConnection {
    /// A value to bind to a `?` parameter.
    public enum Value: Sendable, Equatable {
        /// An SQLite INTEGER.
        case integer(Int64)
        /// An SQLite TEXT, as UTF-8.
        case text(String)
        /// SQL NULL.
        case null
    }

    /// The path of the database file.
    public let path: String
    private var handle: OpaquePointer?
    private var cache: [String: OpaquePointer] = [:]

    /// Opens (creating if needed) the database at `path`, read-write, or read-only. A
    /// statement that finds the database locked by another connection retries for up to
    /// `lockWait` before it fails with `CRUDError.storeLocked(path:)`.
    public init(path: String, readOnly: Bool = false, lockWait: Duration = LockWait.standard) throws(CRUDError) {
        self.path = path
        var handle: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw Self.error(code, path: path)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        // On every connection, the read-only ones too: without it, any lock another
        // connection holds for a moment (while it creates the schema, say) fails at once.
        sqlite3_busy_timeout(handle, Int32(clamping: lockWait.milliseconds))
    }

    /// Runs SQL without parameters (schema, pragmas). Never pass user text here.
    public func execute(_ sql: String) throws(CRUDError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw Self.error(code, path: path) }
    }

    /// Runs one statement with bound values and returns how many rows it changed.
    /// `uniqueViolation` is the error to throw if the statement breaks a UNIQUE constraint.
    @discardableResult
    public func run(_ sql: String, _ values: [Value] = [], uniqueViolation: CRUDError? = nil) throws(CRUDError) -> Int {
        let statement = try prepared(sql, values)
        defer { sqlite3_reset(statement) }
        let code = sqlite3_step(statement)
        if code == Self.constraintUnique, let uniqueViolation { throw uniqueViolation }
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw Self.error(code, path: path) }
        return Int(sqlite3_changes(handle))
    }

    /// Runs a query with bound values and maps each row. Inlinable, so that it is specialized
    /// for each row type in the caller's module: unspecialized, every row paid a generic
    /// metadata lookup.
    @inlinable
    public func query<T>(_ sql: String, _ values: [Value] = [], _ map: (Row) throws(CRUDError) -> T) throws(CRUDError) -> [T] {
        let statement = try prepared(sql, values)
        defer { sqlite3_reset(statement) }
        var results: [T] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return results }
            guard code == SQLITE_ROW else { throw Self.error(code, path: path) }
            results.append(try map(Row(statement: statement)))
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction: committed if it returns, rolled
    /// back if it throws.
    public func transaction<T>(_ body: () throws(CRUDError) -> T) throws(CRUDError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Finalizes every cached statement and closes the connection; later calls do nothing.
    public func close() {
        for statement in cache.values { sqlite3_finalize(statement) }
        cache.removeAll()
        sqlite3_close_v2(handle)
        handle = nil
    }

    deinit { close() }

    /// A prepared statement from the cache (preparing it the first time), reset and bound.
    @usableFromInline
    func prepared(_ sql: String, _ values: [Value]) throws(CRUDError) -> OpaquePointer {
        guard handle != nil else { throw .storeUnavailable(path: path) }
        let statement: OpaquePointer
        if let cached = cache[sql] {
            statement = cached
            sqlite3_reset(cached)
            sqlite3_clear_bindings(cached)
        } else {
            var fresh: OpaquePointer?
            let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &fresh, nil)
            guard code == SQLITE_OK, let fresh else { throw Self.error(code, path: path) }
            cache[sql] = fresh
            statement = fresh
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(statement, index, number)
            case .null: code = sqlite3_bind_null(statement, index)
            case .text(let text):
                // SQLITE_TRANSIENT: SQLite copies the bytes, which live only for this call.
                var text = text
                code = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        guard let start = chars.baseAddress else { return sqlite3_bind_text(statement, index, "", 0, Self.transient) }
                        return sqlite3_bind_text(statement, index, start, Int32(chars.count), Self.transient)
                    }
                }
            }
            guard code == SQLITE_OK else { throw Self.error(code, path: path) }
        }
        return statement
    }

    /// SQLITE_CONSTRAINT_UNIQUE, a C macro Swift does not import.
    private static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Maps an SQLite result code to the kit's errors, without SQLite's own wording.
    @usableFromInline
    static func error(_ code: Int32, path: String) -> CRUDError {
        switch code & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_FORMAT: .corruptStore(path: path)
        case SQLITE_BUSY, SQLITE_LOCKED: .storeLocked(path: path)
        default: .storeUnavailable(path: path)
        }
    }

    /// One row of a query result, read by column index.
    public struct Row {
        @usableFromInline let statement: OpaquePointer

        @usableFromInline init(statement: OpaquePointer) { self.statement = statement }

        /// The text in column `index`, exactly as stored (byte-for-byte UTF-8).
        @inlinable
        public func text(_ index: Int32) -> String {
            guard let bytes = sqlite3_column_text(statement, index) else { return "" }
            let count = Int(sqlite3_column_bytes(statement, index))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }

        /// The UUID in column `index`, stored as 36 characters of text; `nil` if it is not one.
        @inlinable
        public func uuid(_ index: Int32) -> UUID? {
            guard let bytes = sqlite3_column_text(statement, index), sqlite3_column_bytes(statement, index) == 36 else { return nil }
            return UUID.parse(utf8: UnsafeBufferPointer(start: bytes, count: 36))
        }

        /// The text in column `index`, or `nil` when it is NULL.
        @inlinable
        public func optionalText(_ index: Int32) -> String? {
            sqlite3_column_type(statement, index) == SQLITE_NULL ? nil : text(index)
        }

        /// The integer in column `index`.
        @inlinable
        public func integer(_ index: Int32) -> Int64 {
            sqlite3_column_int64(statement, index)
        }
    }
}
