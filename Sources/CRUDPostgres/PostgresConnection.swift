import CRUDSpec
import Foundation

/// One libpq connection: statements prepared once and reused, rows read as text.
///
/// Not thread-safe; a ``PostgresStore`` owns one and uses it from its actor only. Every
/// value travels as a bound text parameter, never inside the SQL.
final class PostgresConnection {
    /// "PostgreSQL at HOST:PORT (database DB)": names the server without the password.
    let endpoint: String
    /// How many statements this connection has prepared, for the tests of reuse.
    private(set) var prepareCount = 0
    private let lib: LibPQ
    private var handle: OpaquePointer?
    private var prepared: [String: String] = [:]
    private let password: String?
    /// Statements that set the session up, run again after a reconnect.
    private var sessionSetup: [String] = ["SET client_min_messages TO error", "SET client_encoding TO 'UTF8'"]

    /// Connects to the server `conninfo` names: a libpq connection string or a
    /// `postgres://` / `postgresql://` URL.
    init(_ conninfo: String, lib: LibPQ) throws(PostgresFailure) {
        self.lib = lib
        guard !conninfo.utf8.contains(0) else { throw .crud(.network(reason: "the PostgreSQL connection string contains a NUL character")) }
        guard case .value(let password) = lib.option("password", in: conninfo) else {
            throw .crud(
                .network(
                    reason:
                        "libpq cannot read the PostgreSQL connection string; give `host=… port=… dbname=… user=…` or a URL such as postgres://user@host:5432/database"
                ))
        }
        self.password = password
        let handle = lib.connectdb(conninfo)
        endpoint = Self.endpoint(of: handle, lib: lib)
        guard let handle, lib.status(handle) == LibPQ.connectionOK else {
            let detail = handle.map { Self.text(lib.errorMessage($0)) } ?? "libpq could not allocate a connection"
            lib.finish(handle)
            throw .crud(.network(reason: "\(endpoint) cannot be reached: \(Self.oneLine(detail, hiding: password))"))
        }
        self.handle = handle
        try runSessionSetup()
    }

    private static func endpoint(of handle: OpaquePointer?, lib: LibPQ) -> String {
        let host = handle.map { text(lib.host($0)) } ?? ""
        let port = handle.map { text(lib.port($0)) } ?? ""
        let database = handle.map { text(lib.db($0)) } ?? ""
        return "PostgreSQL at \(host.isEmpty ? "localhost" : host):\(port.isEmpty ? "5432" : port) (database \(database))"
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// libpq's message on one line, with the password masked should the text ever hold it.
    private static func oneLine(_ message: String, hiding password: String?) -> String {
        var line = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        if let password, !password.isEmpty { line = line.replacingOccurrences(of: password, with: "********") }
        return line
    }

    /// Adds a statement that every session runs after connecting, and runs it now.
    func addSessionSetup(_ sql: String) throws(PostgresFailure) {
        sessionSetup.append(sql)
        try execute(sql)
    }

    private func runSessionSetup() throws(PostgresFailure) {
        for sql in sessionSetup { try execute(sql) }
    }

    /// The live connection, reconnecting once if the previous one broke: prepared
    /// statements are gone with the old session and are prepared again.
    private func live() throws(PostgresFailure) -> OpaquePointer {
        guard let handle else { throw .closed }
        if lib.status(handle) == LibPQ.connectionOK { return handle }
        lib.reset(handle)
        prepared = [:]
        guard lib.status(handle) == LibPQ.connectionOK else { throw lost(handle) }
        try runSessionSetup()
        return handle
    }

    private func lost(_ handle: OpaquePointer) -> PostgresFailure {
        .crud(
            .network(
                reason: "\(endpoint): the connection was lost (\(Self.oneLine(Self.text(lib.errorMessage(handle)), hiding: password)))"))
    }

    /// Runs SQL without parameters (one or more statements), such as `BEGIN` or DDL.
    func execute(_ sql: String) throws(PostgresFailure) {
        let handle = try live()
        let result = lib.exec(handle, sql)
        defer { lib.clear(result) }
        try check(result, handle)
    }

    /// The rows of a statement, each value as text or `nil` for NULL.
    func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresFailure) -> [[String?]] {
        try rows(sql, parameters) { rows in
            (0..<rows.count).map { row in (0..<rows.columns).map { column in rows.text(row, column) } }
        }
    }

    /// Runs a statement and hands its rows to `read` in place, before they are freed:
    /// the way to read many rows without a String per value.
    func rows<T>(_ sql: String, _ parameters: [String?] = [], read: (PostgresRows) throws(PostgresFailure) -> T)
        throws(PostgresFailure) -> T
    {
        try perform(sql, parameters) { result throws(PostgresFailure) in try read(PostgresRows(result: result, lib: lib)) }
    }

    /// Runs a statement and returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ parameters: [String?] = []) throws(PostgresFailure) -> Int {
        try perform(sql, parameters) { result in Int(Self.text(lib.cmdTuples(result))) ?? 0 }
    }

    /// Prepares `sql` the first time this session sees it, executes it with the parameters
    /// as text, and reads the result before clearing it.
    private func perform<T>(_ sql: String, _ parameters: [String?], read: (OpaquePointer) throws(PostgresFailure) -> T)
        throws(PostgresFailure) -> T
    {
        try Self.refuseNUL(parameters)
        let handle = try live()
        let name = try statementName(sql, parameterCount: parameters.count, on: handle)
        let result = Self.withCStrings(parameters) { values in
            lib.execPrepared(handle, name, Int32(values.count), values.baseAddress, nil, nil, 0)
        }
        defer { lib.clear(result) }
        try check(result, handle)
        guard let result else { throw lost(handle) }
        return try read(result)
    }

    /// How many statements go out before their results are read, in ``runEach(_:_:)``: a
    /// batch's statements and answers must fit the sockets' buffers, since a blocking
    /// client that writes while the server waits to write its answers would wait forever.
    static let pipelineBatch = 256

    /// Runs one statement once per parameter list, in that order, as a pipeline: each batch
    /// of ``pipelineBatch`` statements costs one round trip. The first failure is thrown
    /// once its batch is read to the end; the statements after it did not run, and the
    /// caller's transaction should be rolled back. Without pipeline mode (libpq before 14),
    /// each statement is a round trip.
    func runEach(_ sql: String, _ rows: [[String?]]) throws(PostgresFailure) {
        guard let first = rows.first else { return }
        guard let pipeline = lib.pipeline else {
            for parameters in rows { try run(sql, parameters) }
            return
        }
        for parameters in rows { try Self.refuseNUL(parameters) }
        let handle = try live()
        let name = try statementName(sql, parameterCount: first.count, on: handle)
        guard pipeline.enter(handle) == 1 else { throw lost(handle) }
        defer { _ = pipeline.exit(handle) }
        var start = 0
        while start < rows.count {
            let batch = rows[start..<min(start + Self.pipelineBatch, rows.count)]
            for parameters in batch {
                let sent = Self.withCStrings(parameters) { values in
                    pipeline.sendPrepared(handle, name, Int32(values.count), values.baseAddress, nil, nil, 0)
                }
                guard sent == 1 else { throw lost(handle) }
            }
            guard pipeline.sync(handle) == 1 else { throw lost(handle) }
            try readPipelined(batch.count, on: handle, pipeline)
            start += batch.count
        }
    }

    /// Reads the results of `count` pipelined statements and the sync after them; throws
    /// the first failure after reading them all, so the connection is ready for the next use.
    private func readPipelined(_ count: Int, on handle: OpaquePointer, _ pipeline: LibPQ.Pipeline) throws(PostgresFailure) {
        var failure: PostgresFailure?
        for _ in 0..<count {
            guard let result = pipeline.nextResult(handle) else { throw lost(handle) }
            let status = lib.resultStatus(result)
            if failure == nil, status != LibPQ.pipelineAborted {
                do { try check(result, handle) } catch { failure = error }
            }
            lib.clear(result)
            // Each statement's results end with a null.
            while let extra = pipeline.nextResult(handle) { lib.clear(extra) }
        }
        guard let sync = pipeline.nextResult(handle) else { throw lost(handle) }
        let synced = lib.resultStatus(sync) == LibPQ.pipelineSync
        lib.clear(sync)
        guard synced else { throw lost(handle) }
        if let failure { throw failure }
    }

    /// The name of `sql` prepared in this session, preparing it the first time.
    private func statementName(_ sql: String, parameterCount: Int, on handle: OpaquePointer) throws(PostgresFailure) -> String {
        if let known = prepared[sql] { return known }
        let name = "crudkit_\(prepareCount + 1)"
        let result = lib.prepare(handle, name, sql, Int32(parameterCount), nil)
        defer { lib.clear(result) }
        try check(result, handle)
        prepareCount += 1
        prepared[sql] = name
        return name
    }

    private static func refuseNUL(_ parameters: [String?]) throws(PostgresFailure) {
        guard !parameters.contains(where: { $0?.utf8.contains(0) ?? false }) else {
            throw .crud(.invalidQuery(reason: "text with a NUL character cannot be sent to PostgreSQL"))
        }
    }

    /// Calls `body` with the parameters as C strings (null pointers for NULL), freed after.
    private static func withCStrings<T>(_ parameters: [String?], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = parameters.map { $0.flatMap { strdup($0) } }
        defer { for copy in copies { free(copy) } }
        return copies.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer(body)
    }

    /// Turns an error result into a ``PostgresFailure``: its SQLSTATE and message, or a
    /// lost connection when the session broke.
    private func check(_ result: OpaquePointer?, _ handle: OpaquePointer) throws(PostgresFailure) {
        let status = result.map { lib.resultStatus($0) } ?? -1
        if status == LibPQ.commandOK || status == LibPQ.tuplesOK { return }
        if lib.status(handle) != LibPQ.connectionOK { throw lost(handle) }
        let state = result.flatMap { lib.resultErrorField($0, LibPQ.sqlStateField) }.map { String(cString: $0) } ?? ""
        let message = result.map { Self.text(lib.resultErrorMessage($0)) } ?? Self.text(lib.errorMessage(handle))
        if state.hasPrefix("08") || state.hasPrefix("57P") { throw lost(handle) }
        throw .server(state: state, message: Self.oneLine(message, hiding: password))
    }

    /// Ends the session; the connection is not used after this.
    func close() {
        lib.finish(handle)
        handle = nil
        prepared = [:]
    }

    deinit {
        lib.finish(handle)
    }
}

/// What went wrong on a connection, before the store decides what it means.
enum PostgresFailure: Error {
    /// An error the store reports as it is.
    case crud(CRUDError)
    /// The server refused a statement, with its SQLSTATE (such as `23505`) and message.
    case server(state: String, message: String)
    /// The connection was closed by the store.
    case closed
}
