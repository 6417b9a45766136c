import CRUDHTTP
import CRUDMemory
import CRUDServer
import CRUDSpec
import CRUDTestSupport
import Foundation
import ParseWire
import Testing

/// A server that returns fewer results than a find asks for, as Parse Server does with its
/// `maxLimit` option (and with its default limit of 100 when a find gives none).
@Suite("The HTTP client over a server that caps results")
struct HTTPStorePagingTests {
    /// Runs `body` with a client on a server over `store` that returns at most `maxLimit` results.
    static func withCappedServer<T>(
        _ store: MemoryStore, maxLimit: Int = 100, _ body: (HTTPStore, URL) async throws -> T
    ) async throws -> T {
        try await TestServer.run(over: store, .init(port: 0, maxLimit: maxLimit)) { served in try await body(served.client, served.url) }
    }

    @Test("Lists longer than the server's cap come back whole and in order, with and without a limit")
    func listsArePaged() async throws {
        // A clock that moves on every read: no two records share an instant, so the order is
        // the same whatever breaks ties.
        let clock = ManualClock()
        clock.startStepping(by: 0.001)
        let store = MemoryStore(clock: clock)
        for index in 1...250 { _ = try await store.createTask(title: "task \(index)", notes: nil) }
        for index in 1...130 { _ = try await store.createContact(name: "person \(index)", email: "p\(index)@example.com", phone: nil) }
        try await Self.withCappedServer(store) { client, _ in
            for query in [TaskQuery(), TaskQuery(sort: .title), TaskQuery(limit: 150, offset: 20), TaskQuery(search: "task 1", offset: 5)] {
                let expected = try await store.tasks(query).map(\.id)
                #expect(expected.count > 100 || query.search != nil)
                #expect(try await client.tasks(query).map(\.id) == expected, "\(query)")
            }
            for query in [ContactQuery(), ContactQuery(limit: 120, offset: 3)] {
                #expect(try await client.contacts(query).map(\.id) == (try await store.contacts(query).map(\.id)), "\(query)")
            }
        }
    }

    @Test("The server cuts a find down to its cap, as Parse Server's maxLimit does, and still counts every match")
    func serverCaps() async throws {
        let store = MemoryStore(clock: SystemClock())
        _ = try await store.importTasks(titles: (1...30).map { "task \($0)" })
        try await Self.withCappedServer(store, maxLimit: 10) { _, url in
            let client = ParseClient(port: UInt16(url.port ?? 0), headers: ["X-Parse-Application-Id": "crudkit"])
            for parameters: [(String, JSON)] in [[("limit", 25), ("count", 1)], [("count", 1)]] {
                let answer = try await client.find("Task", parameters)
                #expect(answer.json?["results"]?.array?.count == 10, "\(parameters): \(answer)")
                #expect(answer.json?["count"]?.int == 30, "\(parameters): \(answer)")
            }
        }
    }

    @Test("deleteEveryRecord empties both classes past the cap and says how many it deleted")
    func deleteEveryRecord() async throws {
        let store = MemoryStore(clock: SystemClock())
        _ = try await store.importTasks(titles: (1...130).map { "task \($0)" })
        for index in 1...60 { _ = try await store.createContact(name: "person \(index)", email: "p\(index)@example.com", phone: nil) }
        let deleted = try await Self.withCappedServer(store) { client, _ in try await client.deleteEveryRecord() }
        #expect(deleted == 190)
        #expect(try await store.countTasks(TaskQuery()) == 0)
        #expect(try await store.contacts(ContactQuery()).isEmpty)
    }

    @Test("Records that tie on the order are each listed once across pages, whatever breaks the ties")
    func tiesAcrossPages() async throws {
        let store = MemoryStore(clock: SystemClock())
        let made = try await store.importTasks(titles: Array(repeating: "same", count: 150))
        let byObjectID = made.map(\.id).sorted { ParseObjects.objectID($0) < ParseObjects.objectID($1) }
        try await Self.withCappedServer(store) { client, _ in
            // Equal titles: the client adds objectId to the order once one page is not all.
            // Equal createdAt: the kit's server breaks those ties by creation, as the store does.
            let cases: [(TaskQuery, [UUID])] = [
                (TaskQuery(sort: .title), byObjectID), (TaskQuery(sort: .title, offset: 40), Array(byObjectID.dropFirst(40))),
                (TaskQuery(), try await store.tasks(TaskQuery()).map(\.id)),
                (TaskQuery(offset: 40), try await store.tasks(TaskQuery(offset: 40)).map(\.id)),
            ]
            for (query, expected) in cases {
                let listed = try await client.tasks(query).map(\.id)
                #expect(listed.count == expected.count && Set(listed).count == listed.count, "\(query): \(listed.count) listed")
                #expect(listed == expected, "\(query): not in the expected order")
            }
        }
    }
}
