import CRUDHTTP
import CRUDMemory
import CRUDServer
import CRUDSpec
import Foundation

/// Exercise 11's store: the kit's HTTP client, reading answers with the student's
/// decoding, against a mock server on a free port over a memory store. Closing the client
/// stops the server.
enum ExerciseServer {
    static func start(parts: ExerciseParts, clock: any CRUDClock) throws -> any CRUDSpec {
        let server = MockServer(store: MemoryStore(clock: clock), configuration: .init(port: 0))
        let url = try server.start()
        return HTTPStore(
            configuration: .init(baseURL: url, applicationID: "crudkit", maxAttempts: 1),
            decoding: parts.replyDecoding, onClose: { await server.shutdown() })
    }
}
