import CRUDHTTP
import CRUDServer
import CRUDSpec
import Foundation

/// A mock server on a free port of this machine over a store, with the kit's HTTP client on
/// it: the one way the kit starts one for itself (the `http` backend, the bench, Exercise 11
/// and the mutants that speak HTTP).
///
/// The server checks no keys, so the client sends only the application id, as a ParseSwift
/// app with only an application id would.
///
/// ```swift
/// let local = try LocalServer.start(over: MemoryStore())
/// _ = try await local.client.createTask(title: "Buy milk", notes: nil)
/// try await local.client.close()  // stops the server too
/// ```
public struct LocalServer: Sendable {

    /// The running server.
    public let server: MockServer
    /// The kit's HTTP client on it.
    public let client: HTTPStore

    /// Starts a server over `store` with `configuration` (port 0: a free one) and puts a
    /// client on it, its configuration changed by `adjust` and its answers read with
    /// `decoding`. Closing the client stops the server, unless `clientStopsServer` is false
    /// and the caller stops it.
    public static func start(
        over store: any CRUDSpec, _ configuration: MockServer.Configuration = .init(port: 0),
        client adjust: (inout HTTPStore.Configuration) -> Void = { _ in }, decoding: any ReplyDecoding = StandardReplyDecoding(),
        clientStopsServer: Bool = true
    ) throws -> LocalServer {
        let server = MockServer(store: store, configuration: configuration)
        var configuration = HTTPStore.Configuration(baseURL: try server.start(), applicationID: server.configuration.applicationID)
        adjust(&configuration)
        var stop: (@Sendable () async -> Void)?
        if clientStopsServer { stop = { await server.shutdown() } }
        let client = HTTPStore(configuration: configuration, decoding: decoding, onClose: stop)
        return LocalServer(server: server, client: client)
    }
}
