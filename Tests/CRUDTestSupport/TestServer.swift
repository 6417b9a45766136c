import CRUDBackends
import CRUDHTTP
import CRUDMemory
import CRUDServer
import CRUDSpec
import Foundation

/// A mock server on a free port over a store, with the kit's HTTP client on it: the one way
/// the tests start one.
///
/// ```swift
/// try await TestServer.run(over: store) { served in
///     _ = try await served.client.createTask(title: "Buy milk", notes: nil)
/// }
/// ```
public struct TestServer: Sendable {
    /// The application id the tests' clients send: the mock server's default.
    public static let applicationID = "crudkit"
    /// The REST key the tests' clients send, and the one a test gives a server that checks it.
    public static let restKey = "crudkit-rest-key"

    /// The running server.
    public let server: MockServer
    /// The kit's HTTP client on it.
    public let client: HTTPStore

    /// The server's API base URL: `http://127.0.0.1:PORT/parse`.
    public var url: URL { server.baseURL }
    /// The server's port.
    public var port: UInt16 { server.port }

    /// A client configuration for the server at `url`, with the tests' application id and REST key.
    public static func clientConfiguration(_ url: URL) -> HTTPStore.Configuration {
        HTTPStore.Configuration(baseURL: url, applicationID: applicationID, restKey: restKey)
    }

    /// The tests' server configuration: a free port, and an idle timeout far longer than the
    /// server's 15 s. A test's steps can wait that long for a thread of the cooperative pool
    /// when the whole suite runs on two busy cores, and a connection closed as idle meanwhile
    /// would fail a test that is not about idling (those set their own).
    public static let configuration = MockServer.Configuration(port: 0, idleTimeout: .seconds(300))

    /// Starts a server over `store` with `configuration` (port 0: a free one), puts a client
    /// on it (its configuration changed by `adjust`), runs `body`, then closes the client and
    /// stops the server, whether `body` returned or threw.
    @discardableResult
    public static func run<T>(
        over store: any CRUDSpec = MemoryStore(), _ configuration: MockServer.Configuration = TestServer.configuration,
        client adjust: (inout HTTPStore.Configuration) -> Void = { _ in }, _ body: (TestServer) async throws -> T
    ) async throws -> T {
        let local = try LocalServer.start(
            over: store, configuration,
            client: {
                $0.restKey = restKey
                adjust(&$0)
            }, clientStopsServer: false)
        let served = TestServer(server: local.server, client: local.client)
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body(served))
        } catch {
            outcome = .failure(error)
        }
        try? await served.client.close()
        await served.server.shutdown()
        return try outcome.get()
    }
}
