import CRUDBackends
import CRUDMemory
import CRUDSpec
import Foundation

/// Exercise 11's store: the kit's HTTP client, reading answers with the student's
/// decoding, against a mock server on a free port over a memory store. Closing the client
/// stops the server.
enum ExerciseServer {
    static func start(parts: ExerciseParts, clock: any CRUDClock) throws -> any CRUDSpec {
        try LocalServer.start(over: MemoryStore(clock: clock), client: { $0.maxAttempts = 1 }, decoding: parts.replyDecoding).client
    }
}
