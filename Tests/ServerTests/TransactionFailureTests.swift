import CRUDConformance
import CRUDMemory
import CRUDServer
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

/// A transaction whose requests all pass on the server's copy of the store, but whose real
/// run fails part way: a storage failure the copy cannot foresee.
@Suite("A transaction that fails part way")
struct TransactionFailureTests {
    /// A memory store whose task creates fail from the `failFrom`-th one on, as a full disk
    /// would, and whose setTaskCompleted fails when `completing` is false.
    final class FailingCreates: ForwardingStore, @unchecked Sendable {
        let inner: MemoryStore
        private let failFrom: Int
        private let completing: Bool
        private let lock = NSLock()
        private var creates = 0

        init(failFrom: Int, completing: Bool = true) {
            inner = MemoryStore(clock: SystemClock())
            self.failFrom = failFrom
            self.completing = completing
        }

        func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem {
            guard completing else { throw CRUDError.storeUnavailable(path: "/full/disk") }
            return try await inner.setTaskCompleted(id: id, isCompleted)
        }

        var createCalls: Int { lock.withLock { creates } }

        func createTask(title: String, notes: String?) async throws -> TaskItem {
            let number = lock.withLock {
                creates += 1
                return creates
            }
            guard number < failFrom else { throw CRUDError.storeUnavailable(path: "/full/disk") }
            return try await inner.createTask(title: title, notes: notes)
        }
    }

    static let batch: JSON = [
        "transaction": true,
        "requests": [
            ["method": "POST", "path": "/parse/classes/Task", "body": ["title": "first", "notes": "n"]],
            ["method": "POST", "path": "/parse/classes/Task", "body": ["title": "second", "notes": "n"]],
            ["method": "POST", "path": "/parse/classes/Contact", "body": ["name": "Ada", "email": "ada@example.com"]],
        ],
    ]

    /// Sends `batch` to a server over `store` twice with one request id: the first answer and the retry's.
    static func sendTwice(_ batch: JSON, to store: FailingCreates) async throws -> (first: ParseResponse, retry: ParseResponse) {
        try await TestServer.run(over: store) { served in
            let client = ParseClient(port: served.port, headers: ["X-Parse-Application-Id": TestServer.applicationID])
            let headers = ["X-Parse-Request-Id": UUID().uuidString]
            let first = try await client.send("POST", "/parse/batch", json: batch, headers: headers)
            let retry = try await client.send("POST", "/parse/batch", json: batch, headers: headers)
            return (first, retry)
        }
    }

    @Test(
        "The answer is a 500 that names the failing request and what stayed applied; a retry with its request id gets it again and applies nothing twice"
    )
    func partialFailure() async throws {
        let store = FailingCreates(failFrom: 2)
        let (first, retry) = try await Self.sendTwice(Self.batch, to: store)
        #expect(first.status == 500, "\(first)")
        #expect(first.json?["code"]?.int == 1)
        let message = first.json?["error"]?.string ?? ""
        #expect(
            message.contains("request 2 of 3 (POST /parse/classes/Task)")
                && message.contains("requests 1 to 1, and maybe part of request 2, stayed applied"),
            "\(message)")
        #expect(retry.status == 500 && retry.text == first.text, "\(retry)")
        #expect(try await store.inner.tasks(TaskQuery()).map(\.title) == ["first"])
        #expect(try await store.inner.contacts(ContactQuery()).isEmpty)
    }

    @Test("When the first request already fails, nothing stayed applied, and a retry runs again")
    func failureAtTheStart() async throws {
        let store = FailingCreates(failFrom: 1)
        let (first, retry) = try await Self.sendTwice(Self.batch, to: store)
        #expect(first.status == 500 && (first.json?["error"]?.string ?? "").contains("nothing stayed applied"), "\(first)")
        #expect(retry.status == 500)
        #expect(try await store.inner.countTasks(TaskQuery()) == 0)
        #expect(store.createCalls == 2, "the retry did not run again")
    }

    @Test(
        "A request that is several store writes and fails half way counts as applied: the answer says so and a retry applies nothing twice")
    func halfAppliedRequest() async throws {
        let store = FailingCreates(failFrom: 100, completing: false)
        let batch: JSON = [
            "transaction": true,
            "requests": [
                ["method": "POST", "path": "/parse/classes/Task", "body": ["title": "done already", "isCompleted": true]],
                ["method": "POST", "path": "/parse/classes/Task", "body": ["title": "second"]],
            ],
        ]
        let (first, retry) = try await Self.sendTwice(batch, to: store)
        #expect(first.status == 500 && (first.json?["error"]?.string ?? "").contains("part of it stayed applied"), "\(first)")
        #expect(retry.text == first.text)
        #expect(try await store.inner.tasks(TaskQuery()).map(\.title) == ["done already"])
    }
}
