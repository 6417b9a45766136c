import CRUDHTTP
import CRUDMemory
import CRUDServer
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

@Suite("Faults")
struct FaultToleranceTests {
    /// The acknowledged state: what the client was told happened.
    struct Model {
        var tasks: [UUID: (title: String, done: Bool)] = [:]
        /// The ids of `tasks` in creation order: a dictionary's order changes from run to run,
        /// so a seeded pick comes from here.
        var ids: [UUID] = []
        var contacts = 0
    }

    @Test("With 20% injected 503s and dropped connections, 500 mixed writes end in exactly the acknowledged state")
    func faultyServer() async throws {
        // One seed fixes the server's faults and the mix of operations: a fresh one each run,
        // printed on failure (CRUDKIT_TEST_SEED repeats it).
        let seed = try TestSeed()
        var random = seed.generator()
        let store = MemoryStore()
        let faults = MockServer.Configuration(port: 0, failRate: 0.1, dropRate: 0.1, seed: random.next())
        var model = Model()
        try await seed.naming {
            try await TestServer.run(over: store, faults, client: Self.patient) { served in
                let client = served.client
                for step in 0..<500 {
                    let existing = model.ids.isEmpty ? nil : model.ids[Int.random(in: 0..<model.ids.count, using: &random)]
                    switch (Int.random(in: 0..<100, using: &random), existing) {
                    case (0..<45, _), (_, nil):
                        let task = try await client.createTask(title: "task \(step)", notes: nil)
                        #expect(model.tasks[task.id] == nil, "\(seed), step \(step): a create returned an id already in use")
                        model.tasks[task.id] = (task.title, false)
                        model.ids.append(task.id)
                    case (45..<65, let id?):
                        // What was asked for is expected, not what the client read back: a rename
                        // answered but never applied would read back the old title.
                        let task = try await client.renameTask(id: id, to: "renamed \(step)")
                        #expect(task.title == "renamed \(step)", "\(seed), step \(step): the rename answered \(task.title)")
                        model.tasks[id]?.title = "renamed \(step)"
                    case (65..<80, let id?):
                        let task = try await client.toggleTask(id: id)
                        #expect(task.isCompleted == !(model.tasks[id]?.done ?? true), "\(seed), step \(step): toggle lost or doubled")
                        model.tasks[id]?.done = task.isCompleted
                    case (80..<95, let id?):
                        try await client.deleteTask(id: id)
                        model.tasks[id] = nil
                        model.ids.removeAll { $0 == id }
                    default:
                        _ = try await client.createContact(name: "Contact \(step)", email: "c\(step)@example.com", phone: nil)
                        model.contacts += 1
                    }
                }
            }
        }
        // The store itself, without the faulty wire in between, must hold exactly the model.
        let stored = try await store.tasks(TaskQuery())
        #expect(
            stored.count == model.tasks.count,
            "\(seed): duplicates or lost writes: \(stored.count) stored, \(model.tasks.count) acknowledged")
        for task in stored {
            let expected = model.tasks[task.id]
            #expect(
                expected?.title == task.title && expected?.done == task.isCompleted,
                "\(seed): task \(task.id) differs from what was acknowledged")
        }
        #expect(try await store.contacts(ContactQuery()).count == model.contacts, "\(seed): contacts stored and acknowledged differ")
    }

    @Test("Without retries left, a dead server is a network error, never a success")
    func deadServer() async throws {
        // A port nothing listens on, held so that no other test's server can take it (the
        // address of a stopped server can be reused by the next server the run starts).
        let address = try RefusingAddress()
        defer { address.release() }
        var configuration = TestServer.clientConfiguration(address.url)
        configuration.timeout = .seconds(1)
        configuration.maxAttempts = 2
        let client = HTTPStore(configuration: configuration)
        await #expect {
            try await client.createTask(title: "Nobody hears this", notes: nil)
        } throws: { error in
            guard case CRUDError.network = error else { return false }
            return true
        }
    }

    @Test("A wrong key, where the server has a REST key, is unauthorized")
    func wrongKeys() async throws {
        try await TestServer.run(.init(port: 0, restKey: TestServer.restKey), client: { $0.restKey = "wrong" }) { served in
            await #expect(throws: CRUDError.unauthorized) { try await served.client.tasks(TaskQuery()) }
        }
    }

    /// A client that waits out the injected faults: many quick retries.
    static func patient(_ configuration: inout HTTPStore.Configuration) {
        configuration.timeout = .seconds(5)
        configuration.maxAttempts = 15
        configuration.initialBackoff = .milliseconds(1)
    }
}

@Suite("HTTP client configuration")
struct HTTPConfigurationTests {
    @Test("Keys come from CRUDKIT_APP_ID, CRUDKIT_REST_KEY and CRUDKIT_CLIENT_KEY; without them, the mock's application id and no key")
    func environment() throws {
        let url = try #require(URL(string: "http://127.0.0.1:9/parse"))
        let custom = HTTPStore.Configuration.fromEnvironment(
            baseURL: url, environment: ["CRUDKIT_APP_ID": "app", "CRUDKIT_REST_KEY": "key", "CRUDKIT_CLIENT_KEY": "client"])
        #expect(custom.applicationID == "app" && custom.restKey == "key" && custom.clientKey == "client" && custom.baseURL == url)
        let defaults = HTTPStore.Configuration.fromEnvironment(baseURL: url, environment: [:])
        #expect(defaults.applicationID == "crudkit" && defaults.restKey == nil && defaults.clientKey == nil)
    }
}
