import CRUDBackends
import CRUDHTTP
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

@testable import CRUDPostgres

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A class's practice server on PostgreSQL: several `crudkit serve` processes on one
/// database, written to through both at once.
@Suite(
    "crudkit serve processes sharing one PostgreSQL database",
    .enabled(if: PostgresAvailability.runs, "needs libpq and a PostgreSQL server (see the printed reason)"))
struct SharedPostgresServeTests {
    @Test(
        "Two serve processes on one database: parallel creates through both all land, each sees the other's writes, one email sent to both is stored once"
    )
    func twoServersShareOneDatabase() async throws {
        let connection = try await PostgresServer.resolve().connectionString
        let schema = "crudkit_serve_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        // Made here, so the servers find the tables; dropped whatever the test's outcome.
        try await PostgresStore(connection: connection, schema: String(schema)).close()
        defer { try? PostgresStore.removeSchema(String(schema), connection: connection) }
        let store = try Self.storeURL(connection, schema: String(schema))

        let first = try await ServedProcess(store: store)
        defer { first.stop() }
        let second = try await ServedProcess(store: store)
        defer { second.stop() }
        let clients = [first, second].map { HTTPStore(configuration: TestServer.clientConfiguration($0.url)) }

        // 10 creates through each server, all 20 at once.
        let created = try await withThrowingTaskGroup(of: TaskItem.self) { group in
            for (server, client) in clients.enumerated() {
                for index in 0..<10 {
                    group.addTask { try await client.createTask(title: "server \(server + 1) task \(index)", notes: nil) }
                }
            }
            return try await group.reduce(into: [TaskItem]()) { $0.append($1) }
        }
        let expected = Set((1...2).flatMap { server in (0..<10).map { "server \(server) task \($0)" } })
        #expect(Set(created.map(\.title)) == expected && Set(created.map(\.id)).count == 20, "created: \(created.map(\.title))")
        for (server, client) in clients.enumerated() {
            let listed = try await client.tasks(TaskQuery())
            #expect(
                Set(listed.map(\.id)) == Set(created.map(\.id)),
                "server \(server + 1) lists \(listed.count) tasks: \(listed.map(\.title).sorted()), expected the 20 created through both")
        }

        // A change through one server is what the other reads next.
        let task = try #require(created.first { $0.title == "server 1 task 0" })
        _ = try await clients[1].renameTask(id: task.id, to: "renamed through server 2")
        #expect(try await clients[0].task(id: task.id).title == "renamed through server 2")
        try await clients[0].deleteTask(id: task.id)
        await #expect(throws: CRUDError.notFound(id: task.id)) { try await clients[1].task(id: task.id) }

        // One email through both servers at the same moment, in other letter case on the second.
        for round in 1...5 {
            async let one = outcome {
                try await clients[0].createContact(name: "First \(round)", email: "race\(round)@example.com", phone: nil)
            }
            async let other = outcome {
                try await clients[1].createContact(name: "Second \(round)", email: "RACE\(round)@Example.com", phone: nil)
            }
            let outcomes = await [one, other]
            let successes = outcomes.filter { (try? $0.get()) != nil }.count
            let failures = outcomes.compactMap { outcome -> String? in
                guard case .failure(let error) = outcome else { return nil }
                return (error as? CRUDError) == .duplicate(field: .email) ? nil : "\(error)"
            }
            #expect(
                successes == 1 && failures.isEmpty,
                "round \(round): expected one contact and one duplicate(email), got \(successes) successes and other errors \(failures)")
        }
        let contacts = try await [clients[0].contacts(ContactQuery()), clients[1].contacts(ContactQuery())]
        for (server, listed) in contacts.enumerated() {
            #expect(
                listed.map(\.email).sorted() == (1...5).map { "race\($0)@example.com" },
                "server \(server + 1) lists emails \(listed.map(\.email)), expected race1…race5 once each")
        }

        for client in clients { try await client.close() }
        for server in [first, second] {
            let ending = server.terminate()
            #expect(ending == .exited(0), "crudkit serve at \(server.url) ended with \(ending) after SIGTERM")
        }
    }

    /// The `postgresql://` URL `--store` takes for `connection` (a URL or key=value
    /// settings, as libpq reads them), with `schema` first on the search path.
    static func storeURL(_ connection: String, schema: String) throws -> String {
        let lib = try LibPQ.shared.get()
        var settings: [(String, String)] = []
        for keyword in ["host", "hostaddr", "port", "user", "password", "passfile", "dbname", "sslmode", "connect_timeout"] {
            if case .value(let value?) = lib.option(keyword, in: connection), !value.isEmpty { settings.append((keyword, value)) }
        }
        var options = "-csearch_path=" + schema
        if case .value(let given?) = lib.option("options", in: connection), !given.isEmpty { options = given + " " + options }
        settings.append(("options", options))
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        let query = settings.map { key, value in key + "=" + (value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value) }
        return "postgresql://?" + query.joined(separator: "&")
    }
}

/// What `operation` gave: its value or the error it threw.
private func outcome<T>(_ operation: () async throws -> T) async -> Result<T, any Error> {
    do {
        return .success(try await operation())
    } catch {
        return .failure(error)
    }
}

/// One `crudkit serve --store STORE` process on a free port, with the URL it printed.
private final class ServedProcess: Sendable {
    let process: ChildProcess
    let url: URL

    init(store: String) async throws {
        let process = try ChildProcess(try Crudkit.executableURL().path, ["serve", "--port", "0", "--quiet", "--store", store])
        let line = await process.firstLine()
        guard let address = line.split(separator: " ").last, line.hasPrefix("Serving"), let url = URL(string: String(address)) else {
            process.kill(SIGKILL)
            let (ending, _, errors) = await process.finished()
            throw SpawnError(description: "crudkit serve printed '\(line)' instead of its URL, then ended \(ending): \(errors)")
        }
        self.process = process
        self.url = url
    }

    /// Sends SIGTERM and waits for the process to end.
    func terminate() -> ChildProcess.Ending {
        process.kill(SIGTERM)
        return process.wait()
    }

    /// Ends the process if it still runs (after a failed check).
    func stop() {
        guard process.ended() == nil else { return }
        process.kill(SIGKILL)
        _ = process.wait()
    }
}
