import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// PostgreSQL's client library, libpq, found and loaded while the program runs.
///
/// The kit neither links libpq nor needs its headers to build: the functions it calls are
/// declared here as C function types and looked up by name with `dlsym`. Loading happens
/// once per process, on first use; a missing library or function is a ``LibPQError``.
final class LibPQ: @unchecked Sendable {  // Immutable after init: C function pointers only.
    typealias Connect = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    typealias ConnectionStatus = @convention(c) (OpaquePointer?) -> Int32
    typealias ConnectionText = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    typealias ConnectionAction = @convention(c) (OpaquePointer?) -> Void
    typealias Prepare =
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?) -> OpaquePointer?
    typealias ExecutePrepared =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?, Int32
        ) -> OpaquePointer?
    typealias Execute = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias ResultStatus = @convention(c) (OpaquePointer?) -> Int32
    typealias ResultField = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    typealias ResultText = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    typealias ResultCount = @convention(c) (OpaquePointer?) -> Int32
    typealias Value = @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafePointer<CChar>?
    typealias IsNull = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    typealias Clear = @convention(c) (OpaquePointer?) -> Void
    typealias ParseOptions =
        @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> UnsafeMutableRawPointer?
    typealias FreeOptions = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias FreeMemory = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias LibraryVersion = @convention(c) () -> Int32
    typealias SendPrepared =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?, Int32
        ) -> Int32
    typealias ConnectionCall = @convention(c) (OpaquePointer?) -> Int32
    typealias NextResult = @convention(c) (OpaquePointer?) -> OpaquePointer?

    /// libpq's pipeline mode (libpq 14 and later): many statements sent before their
    /// results are read, so a batch costs one round trip instead of one per statement.
    struct Pipeline {
        let enter: ConnectionCall
        let exit: ConnectionCall
        let sync: ConnectionCall
        let sendPrepared: SendPrepared
        let nextResult: NextResult
    }

    // Values of libpq's enums and constants that the kit reads.
    static let connectionOK: Int32 = 0
    static let commandOK: Int32 = 1
    static let tuplesOK: Int32 = 2
    static let pipelineSync: Int32 = 10
    static let pipelineAborted: Int32 = 11
    /// `PG_DIAG_SQLSTATE`: the five-character SQLSTATE of an error result.
    static let sqlStateField: Int32 = 67  // 'C'

    let connectdb: Connect
    let status: ConnectionStatus
    let errorMessage: ConnectionText
    let finish: ConnectionAction
    let reset: ConnectionAction
    let host: ConnectionText
    let port: ConnectionText
    let db: ConnectionText
    let prepare: Prepare
    let execPrepared: ExecutePrepared
    let exec: Execute
    let resultStatus: ResultStatus
    let resultErrorField: ResultField
    let resultErrorMessage: ResultText
    let ntuples: ResultCount
    let nfields: ResultCount
    let getvalue: Value
    let getisnull: IsNull
    let getlength: IsNull
    let cmdTuples: ResultText
    let clear: Clear
    let conninfoParse: ParseOptions
    let conninfoFree: FreeOptions
    let freemem: FreeMemory
    let libVersion: LibraryVersion
    /// `nil` before libpq 14; statements then go one round trip each.
    let pipeline: Pipeline?

    /// The library names tried in order: the system's, then where Homebrew and Postgres.app
    /// put it on macOS. `CRUDKIT_LIBPQ`, when set, is tried first.
    static var standardCandidates: [String] {
        #if os(macOS)
            let names = [
                "libpq.5.dylib", "/opt/homebrew/opt/libpq/lib/libpq.5.dylib", "/usr/local/opt/libpq/lib/libpq.5.dylib",
                "/Applications/Postgres.app/Contents/Versions/latest/lib/libpq.5.dylib",
            ]
        #else
            let names = ["libpq.so.5"]
        #endif
        let chosen = ProcessInfo.processInfo.environment["CRUDKIT_LIBPQ"].map { [$0] } ?? []
        return chosen + names
    }

    /// The library of this process, loaded on first use.
    static let shared: Result<LibPQ, LibPQError> = Result { () throws(LibPQError) in try load(candidates: standardCandidates) }

    /// Opens the first of `candidates` that loads and looks up every function the kit calls.
    static func load(candidates: [String]) throws(LibPQError) -> LibPQ {
        guard let (handle, name) = candidates.lazy.compactMap({ name in dlopen(name, RTLD_NOW | RTLD_LOCAL).map { ($0, name) } }).first
        else { throw .libraryNotFound(tried: candidates) }
        do {
            return try LibPQ(handle: handle, name: name)
        } catch {
            dlclose(handle)
            throw error
        }
    }

    private init(handle: UnsafeMutableRawPointer, name library: String) throws(LibPQError) {
        func look<Function>(_ name: String) throws(LibPQError) -> Function {
            guard let address = dlsym(handle, name) else { throw .functionMissing(name, library: library) }
            return unsafeBitCast(address, to: Function.self)
        }
        connectdb = try look("PQconnectdb")
        status = try look("PQstatus")
        errorMessage = try look("PQerrorMessage")
        finish = try look("PQfinish")
        reset = try look("PQreset")
        host = try look("PQhost")
        port = try look("PQport")
        db = try look("PQdb")
        prepare = try look("PQprepare")
        execPrepared = try look("PQexecPrepared")
        exec = try look("PQexec")
        resultStatus = try look("PQresultStatus")
        resultErrorField = try look("PQresultErrorField")
        resultErrorMessage = try look("PQresultErrorMessage")
        ntuples = try look("PQntuples")
        nfields = try look("PQnfields")
        getvalue = try look("PQgetvalue")
        getisnull = try look("PQgetisnull")
        getlength = try look("PQgetlength")
        cmdTuples = try look("PQcmdTuples")
        clear = try look("PQclear")
        conninfoParse = try look("PQconninfoParse")
        conninfoFree = try look("PQconninfoFree")
        freemem = try look("PQfreemem")
        libVersion = try look("PQlibVersion")
        pipeline = try? Pipeline(
            enter: look("PQenterPipelineMode"), exit: look("PQexitPipelineMode"), sync: look("PQpipelineSync"),
            sendPrepared: look("PQsendQueryPrepared"), nextResult: look("PQgetResult"))
    }

    /// The value of `keyword` in a connection string or URL, as libpq reads it; `nil` when
    /// absent, and `.unreadable` when libpq cannot read the string at all.
    func option(_ keyword: String, in conninfo: String) -> ConnectionOption {
        var problem: UnsafeMutablePointer<CChar>?
        guard let options = conninfoParse(conninfo, &problem) else {
            freemem(problem)
            return .unreadable
        }
        defer { conninfoFree(options) }
        // PQconninfoOption: six `char *` (keyword, envvar, compiled, val, label, dispchar) and
        // an `int`, padded to pointer alignment; an entry with a NULL keyword ends the array.
        let pointer = MemoryLayout<UnsafeRawPointer>.stride
        let stride = 7 * pointer
        var entry = UnsafeRawPointer(options)
        while let key = entry.load(as: UnsafePointer<CChar>?.self) {
            if String(cString: key) == keyword {
                return .value(entry.load(fromByteOffset: 3 * pointer, as: UnsafePointer<CChar>?.self).map { String(cString: $0) })
            }
            entry += stride
        }
        return .value(nil)
    }

    /// An option read from a connection string.
    enum ConnectionOption: Equatable {
        /// The option's value, `nil` when the string does not set it.
        case value(String?)
        /// libpq cannot read the string.
        case unreadable
    }
}
