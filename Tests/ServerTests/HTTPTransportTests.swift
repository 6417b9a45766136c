import CRUDHTTP
import CRUDMemory
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension HTTPStore.Configuration.Transport: CustomTestStringConvertible {
    public var testDescription: String {
        switch self {
        case .automatic: "automatic"
        case .urlSession: "URLSession"
        }
    }
}

/// Both transports of the HTTP client, side by side: the same requests, the same answers and
/// the same errors.
@Suite("The HTTP client's transports")
struct HTTPTransportTests {
    static let transports: [HTTPStore.Configuration.Transport] = [.automatic, .urlSession]

    @Test("On Linux the client's requests go over libcurl unless URLSession is asked for")
    func chosenTransport() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:9/parse"))
        let automatic = HTTPStore(configuration: .init(baseURL: url, applicationID: "crudkit"))
        let session = HTTPStore(configuration: .init(baseURL: url, applicationID: "crudkit", transport: .urlSession))
        #if os(Linux)
            #expect(automatic.transportName == "libcurl")
        #else
            #expect(automatic.transportName == "URLSession")
        #endif
        #expect(session.transportName == "URLSession")
        try await automatic.close()
        try await session.close()
    }

    @Test("Every kind of request gives the same answers over either transport", arguments: transports)
    func sameAnswers(transport: HTTPStore.Configuration.Transport) async throws {
        try await TestServer.run(client: { $0.transport = transport }) { served in
            let store = served.client
            let task = try await store.createTask(title: "  Über café ☕️  ", notes: "with notes")
            #expect(task.title == "Über café ☕️" && task.notes == "with notes")
            #expect(try await store.renameTask(id: task.id, to: "Renamed").title == "Renamed")
            #expect(try await store.toggleTask(id: task.id).isCompleted)
            #expect(try await store.editTaskNotes(id: task.id, notes: nil).notes == nil)
            let imported = try await store.importTasks(titles: ["one", "two", "three"])
            #expect(imported.map(\.title) == ["one", "two", "three"])
            #expect(try await store.tasks(TaskQuery(search: "t", sort: .title)).map(\.title) == ["three", "two"])
            await #expect(throws: CRUDError.validation(ValidationFailure(field: .title, reason: .empty))) {
                try await store.createTask(title: " ", notes: nil)
            }
            try await store.deleteTask(id: task.id)
            await #expect(throws: CRUDError.notFound(id: task.id)) { try await store.task(id: task.id) }
            let contact = try await store.createContact(name: "Ada", email: "ada@example.com", phone: nil)
            await #expect(throws: CRUDError.duplicate(field: .email)) {
                try await store.createContact(name: "Other", email: "ADA@example.com", phone: nil)
            }
            #expect(try await store.contacts(ContactQuery()).map(\.id) == [contact.id])
            #expect(try await store.countTasks(TaskQuery()) == 3)
        }
    }

    @Test("Nothing listening at the address: a network error saying so", arguments: transports)
    func refused(transport: HTTPStore.Configuration.Transport) async throws {
        let address = try RefusingAddress()
        defer { address.release() }
        let store = HTTPStore(
            configuration: .init(
                baseURL: address.url, applicationID: "crudkit", timeout: .seconds(5), maxAttempts: 1, transport: transport))
        await #expect(throws: CRUDError.network(reason: "nothing answers at that address, after 1 attempts")) {
            try await store.countTasks(TaskQuery())
        }
        try await store.close()
    }

    @Test("A server that takes the request and never answers: the request times out", arguments: transports)
    func silentServer(transport: HTTPStore.Configuration.Transport) async throws {
        let server = try SilentServer()
        defer { server.stop() }
        // Whole seconds: URLSession on Linux drops the fraction of a timeout.
        let store = server.client(timeout: .seconds(1), transport: transport)
        let started = ContinuousClock.now
        await #expect(throws: CRUDError.network(reason: "the request timed out, after 1 attempts")) {
            try await store.createTask(title: "Never answered", notes: nil)
        }
        // Not a speed check: a client that waited for URLSession's default of 60 s, or for
        // ever, would be past this bound; a test run that keeps both cores busy takes seconds.
        #expect(ContinuousClock.now - started < .seconds(55), "the timeout of 1 s took \(ContinuousClock.now - started)")
        try await store.close()
    }

    @Test("close() ends a request the server never answers, long before its timeout", arguments: transports)
    func closeEndsRequestsInFlight(transport: HTTPStore.Configuration.Transport) async throws {
        let server = try SilentServer()
        defer { server.stop() }
        // A timeout of ten minutes, and a bound of two: a close that waited for the timeout
        // is far past it, and a test run that keeps both cores busy is well within it.
        let store = server.client(timeout: .seconds(600), transport: transport)
        let started = ContinuousClock.now
        let request = Task { try await store.countTasks(TaskQuery()) }
        try await Task.sleep(for: .milliseconds(300))
        try await store.close()
        let outcome = await request.result
        #expect(throws: CRUDError.network(reason: "the client was closed")) { try outcome.get() }
        #expect(ContinuousClock.now - started < .seconds(120), "a request of a closed client ran on for \(ContinuousClock.now - started)")
    }

    @Test("A request waiting for one of the client's connections stops waiting when it is cancelled")
    func cancelledWaitEnds() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let store = server.client(timeout: .seconds(600), transport: .automatic)
        // Every connection the client keeps holds a request the server never answers.
        let holders = (0..<8).map { _ in Task { try await store.countTasks(TaskQuery()) } }
        try await Task.sleep(for: .milliseconds(300))
        let started = ContinuousClock.now
        let waiter = Task { try await store.countTasks(TaskQuery()) }
        try await Task.sleep(for: .milliseconds(200))
        waiter.cancel()
        let outcome = await waiter.result
        #expect(throws: CRUDError.network(reason: "the request was cancelled")) { try outcome.get() }
        #expect(ContinuousClock.now - started < .seconds(120), "the cancelled wait took \(ContinuousClock.now - started)")
        try await store.close()
        for holder in holders { _ = await holder.result }
    }

    @Test("A request of a client already closed is a network error, not a crash", arguments: transports)
    func requestAfterClose(transport: HTTPStore.Configuration.Transport) async throws {
        try await TestServer.run(client: { $0.transport = transport }) { served in
            _ = try await served.client.createTask(title: "Before the close", notes: nil)
            try await served.client.close()
            // URLSession on Linux ends the process when a request starts on an invalidated session.
            await #expect(throws: CRUDError.network(reason: "the client was closed")) { try await served.client.countTasks(TaskQuery()) }
        }
    }
}

/// A loopback port that takes connections into its backlog and never accepts them: a request
/// to it is sent and never answered.
private struct SilentServer {
    let descriptor: Int32
    let url: URL

    init() throws {
        let (descriptor, port) = try LoopbackSocket.make(listening: 16)
        self.descriptor = descriptor
        url = URL(string: "http://127.0.0.1:\(port)/parse") ?? URL(fileURLWithPath: "/")
    }

    /// A client of it that tries once, for at most `timeout`.
    func client(timeout: Duration, transport: HTTPStore.Configuration.Transport) -> HTTPStore {
        HTTPStore(configuration: .init(baseURL: url, applicationID: "crudkit", timeout: timeout, maxAttempts: 1, transport: transport))
    }

    func stop() { close(descriptor) }
}
