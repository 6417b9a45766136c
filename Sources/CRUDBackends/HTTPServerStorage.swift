import CRUDConformance
import CRUDHTTP
import CRUDSQLite
import CRUDServer
import CRUDSpec
import Foundation

/// Storage for the `http` backend: an in-process mock server on an ephemeral port, backed
/// by an SQLite file. Every open stops the previous server and starts a new one on the
/// same file, so reopening really restarts the server.
final class HTTPServerStorage: BackendStorage, @unchecked Sendable {
    private let folder: String
    private let lock = NSLock()
    private var running: (server: MockServer, store: SQLiteStore)?

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folder = url.path
    }

    func open(clock: any CRUDClock) async throws -> any CRUDSpec {
        await stopServer()
        let store = try SQLiteStore(path: folder + "/server.sqlite", clock: clock)
        let local = try LocalServer.start(over: store, clientStopsServer: false)
        lock.withLock { running = (local.server, store) }
        return local.client
    }

    /// Another client of the server that runs now (one is started if none runs).
    func openAnother(clock: any CRUDClock) async throws -> any CRUDSpec {
        guard let server = lock.withLock({ running?.server }) else { return try await open(clock: clock) }
        return HTTPStore(configuration: .init(baseURL: server.baseURL, applicationID: server.configuration.applicationID))
    }

    func dispose() async {
        await stopServer()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func stopServer() async {
        guard
            let previous = lock.withLock({ () -> (server: MockServer, store: SQLiteStore)? in
                defer { running = nil }
                return running
            })
        else { return }
        await previous.server.shutdown()
        await previous.store.close()
    }
}
