import CPostgresBaseline
import CSQLiteBaseline
import Foundation
import ThreadExecutors

/// A raw C baseline of `crudkit bench`, timed in turns with the store it stands beside.
///
/// Each round of the import, and of the list by title, runs the store's and then the
/// baseline's, and each side keeps its fastest. A ratio of two figures taken minutes apart
/// measured the machine as much as the store: on the 2-core machine the same C list took
/// 59 ms in one run and 76 ms in the next, with the store's code unchanged.
///
/// The C calls block, so each baseline is an actor on a thread of its own, never one of the
/// cooperative pool's.
protocol BenchBaseline: Actor {
    /// Its name in the report: "raw C", "raw libpq".
    nonisolated var name: String { get }
    /// Inserts `size` tasks with the store's titles into fresh storage, as the store's import
    /// does, and returns the seconds that took. The list reads the last import's storage.
    func importOnce(size: Int) throws(CommandFailure) -> Double
    /// Lists every task of the last import by title, reading each value, and returns the
    /// seconds that took.
    func listByTitleOnce(expecting rows: Int) throws(CommandFailure) -> Double
    /// Removes everything the baseline made; later calls do nothing. Returns what could not
    /// be removed, for a warning, or `nil`.
    func close() -> String?
}

extension BenchBaseline {
    /// The text a C function left in `buffer`, up to its terminating zero.
    static func text(of buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The seconds of a list by title that took `nanoseconds` and read `rows`; a list that
    /// read other than all `expected` rows is a failure, not a fast list.
    nonisolated func listed(_ nanoseconds: Int64, rows: Int32, expected: Int) throws(CommandFailure) -> Double {
        guard rows == expected else {
            throw CommandFailure("the \(name) baseline's list by title read \(rows) rows, expected \(expected)", exitCode: .unavailable)
        }
        return Double(nanoseconds) / 1e9
    }
}

/// SQLite in C: the store's schema and pragmas, prepared statements, nothing on top. Each
/// import makes a new database; the list reads the last one through the connection that
/// inserted, as the store reads through its one connection.
actor SQLiteBaseline: BenchBaseline {
    nonisolated let name = "raw C"
    private let executor = ThreadExecutor(name: "crudkit-raw-c")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private let folder: String
    private var imports = 0
    private var database: OpaquePointer?

    init() throws(CommandFailure) {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-bench-c-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(
                "the raw C baseline cannot make its folder \(folder): \(error.localizedDescription)", exitCode: .unavailable)
        }
    }

    private var file: String { folder + "/baseline-\(imports).sqlite" }
    private var message = [CChar](repeating: 0, count: 512)
    private var closed = false

    /// SQLite's message of the last failure.
    private var reason: String { Self.text(of: message) }

    func importOnce(size: Int) throws(CommandFailure) -> Double {
        // The previous database is done with: closed and removed, as the store's storage is.
        crudkit_baseline_close(database)
        database = nil
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
        imports += 1
        guard let fresh = crudkit_baseline_create(file, &message, Int32(message.count)) else {
            throw CommandFailure("the raw C baseline could not create \(file): \(reason)", exitCode: .unavailable)
        }
        database = fresh
        let took = crudkit_baseline_insert(fresh, Int32(size), &message, Int32(message.count))
        guard took >= 0 else {
            throw CommandFailure("the raw C baseline could not insert \(size) tasks into \(file): \(reason)", exitCode: .unavailable)
        }
        return Double(took) / 1e9
    }

    func listByTitleOnce(expecting expected: Int) throws(CommandFailure) -> Double {
        guard let database else { throw CommandFailure("the raw C baseline was asked to list before it imported", exitCode: .unavailable) }
        var rows: Int32 = 0
        let took = crudkit_baseline_list_by_title(database, &rows, &message, Int32(message.count))
        guard took >= 0 else { throw CommandFailure("the raw C baseline's list by title failed: \(reason)", exitCode: .unavailable) }
        return try listed(took, rows: rows, expected: expected)
    }

    func close() -> String? {
        guard !closed else { return nil }
        closed = true
        crudkit_baseline_close(database)
        database = nil
        do {
            try FileManager.default.removeItem(atPath: folder)
            return nil
        } catch {
            return "the raw C baseline could not remove \(folder): \(error.localizedDescription)"
        }
    }

    deinit { executor.shutdown() }
}

/// PostgreSQL through libpq in C, on the same server as the store, in a schema of its own.
actor PostgresBaseline: BenchBaseline {
    nonisolated let name = "raw libpq"
    private let executor = ThreadExecutor(name: "crudkit-raw-pq")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private let connection: String
    private let schema = "crudkit_bench_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
    private var reader: OpaquePointer?
    private var message = [CChar](repeating: 0, count: 512)
    private var closed = false

    init(connection: String) {
        self.connection = connection
    }

    private var reason: String { Self.text(of: message) }

    func importOnce(size: Int) throws(CommandFailure) -> Double {
        crudkit_pg_baseline_close_reader(reader)
        reader = nil
        let took = crudkit_pg_baseline_insert(connection, schema, Int32(size), &message, Int32(message.count))
        guard took >= 0 else { throw CommandFailure("the raw libpq baseline failed: \(reason)", exitCode: .unavailable) }
        return Double(took) / 1e9
    }

    func listByTitleOnce(expecting expected: Int) throws(CommandFailure) -> Double {
        if reader == nil { reader = crudkit_pg_baseline_open_reader(connection, schema, &message, Int32(message.count)) }
        guard let reader else { throw CommandFailure("the raw libpq baseline failed: \(reason)", exitCode: .unavailable) }
        var rows: Int32 = 0
        let took = crudkit_pg_baseline_list_by_title(reader, &rows, &message, Int32(message.count))
        guard took >= 0 else { throw CommandFailure("the raw libpq baseline failed: \(reason)", exitCode: .unavailable) }
        return try listed(took, rows: rows, expected: expected)
    }

    func close() -> String? {
        guard !closed else { return nil }
        closed = true
        crudkit_pg_baseline_close_reader(reader)
        reader = nil
        guard crudkit_pg_baseline_drop_schema(connection, schema, &message, Int32(message.count)) != 0 else {
            return "the raw libpq baseline could not drop its schema \(schema) (it holds only bench rows): \(reason)"
        }
        return nil
    }

    deinit { executor.shutdown() }
}
