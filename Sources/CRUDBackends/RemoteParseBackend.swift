import CRUDConformance
import CRUDHTTP
import CRUDSpec
import Foundation

/// A Parse-dialect server somewhere else, such as a real Parse Server, a hosted one, or
/// another `crudkit serve`, as a backend of the suite.
///
/// The suite needs empty classes, so **every `Task` and `Contact` on that server is deleted**
/// before each check and after it: give it a server that holds nothing else. Its checks run
/// one at a time, since they share the server. The server keeps its own time, so rules
/// that set the time are not applicable; the reopen rules apply only when `durable` says
/// the server keeps what it stored (a reopen is then a new client on the same server).
///
/// ```swift
/// let parse = RemoteParseBackend.backend(
///     .init(baseURL: URL(string: "http://127.0.0.1:1337/parse")!, applicationID: "myAppId"), durable: true)
/// let results = await ConformanceRunner().run(Rules.all, on: [parse])
/// ```
public enum RemoteParseBackend {
    /// The backend, named after the server's URL.
    public static func backend(_ configuration: HTTPStore.Configuration, durable: Bool) -> Backend {
        Backend(
            name: configuration.baseURL.absoluteString, capabilities: durable ? [.durability] : [], time: .ownClock,
            maxConcurrentChecks: 1
        ) { RemoteParseStorage(configuration: configuration) }
    }
}

/// One check's use of the remote server: emptied when the first store opens and again when
/// the check is over; a reopen is a new client and empties nothing.
final class RemoteParseStorage: BackendStorage, @unchecked Sendable {
    private let configuration: HTTPStore.Configuration
    private let lock = NSLock()
    private var emptied = false

    init(configuration: HTTPStore.Configuration) {
        self.configuration = configuration
    }

    func open(clock: any CRUDClock) async throws -> any CRUDSpec {
        let store = HTTPStore(configuration: configuration)
        if !lock.withLock({ emptied }) {
            do {
                try await store.deleteEveryRecord()
            } catch {
                try? await store.close()
                throw error
            }
            lock.withLock { emptied = true }
        }
        return store
    }

    func dispose() async {
        let store = HTTPStore(configuration: configuration)
        _ = try? await store.deleteEveryRecord()
        try? await store.close()
    }
}
