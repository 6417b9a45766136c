import CRUDBackends
import CRUDConformance
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

@testable import CRUDPostgres

// Skipped, not passed, where libpq or a server is missing (PostgresTestServer says which);
// in CI, CRUDKIT_REQUIRE_POSTGRES=1 makes them run and fail instead.
@Suite("PostgreSQL store", .enabled(if: PostgresAvailability.runs, "needs libpq and a PostgreSQL server (see the printed reason)"))
struct PostgresStoreTests {
    @Test("Every rule of the suite passes, the durability and shared-storage ones included")
    func conformance() async throws {
        let results = await ConformanceRunner().run(Rules.all, on: [BuiltInBackends.postgres])
        let failures = results.compactMap(\.failureReport)
        #expect(failures.isEmpty, "\(failures.count) rules failed:\n\(failures.joined(separator: "\n"))")
        let passed = results.filter(\.passed).map(\.rule.id)
        let expectedToRun = Rules.all.filter { $0.requires.isSubset(of: [.durability, .sharedStorage, .injectedClock]) }.map(\.id)
        #expect(Set(passed) == Set(expectedToRun), "rules passed: \(passed.count) of \(expectedToRun.count) applicable")
        for id in ["SHARED-001", "SHARED-002", "SHARED-003", "DURABILITY-001"] {
            #expect(passed.contains(id), "\(id) should have run and passed")
        }
        print("postgres: \(passed.count) of \(Rules.all.count) rules passed, \(results.count - passed.count) not applicable")
    }

    @Test("A server that cannot be reached is a network error naming host and port, never the password")
    func unreachableServer() throws {
        let secret = "s3cret-\(UUID().uuidString.prefix(8))"
        do {
            _ = try PostgresStore(connection: "host=127.0.0.1 port=1 dbname=nothing user=nobody password=\(secret) connect_timeout=5")
            Issue.record("expected a network error for a server on port 1, but the store opened")
        } catch let error as CRUDError {
            guard case .network(let reason) = error else {
                Issue.record("expected .network, got \(error)")
                return
            }
            #expect(reason.contains("PostgreSQL at 127.0.0.1:1 (database nothing)"), "reason: \(reason)")
            #expect(!error.message.contains(secret), "the message shows the password: \(error.message)")
        }
        // The same through a URL with the password in it.
        do {
            _ = try PostgresStore(connection: "postgres://nobody:\(secret)@127.0.0.1:1/nothing?connect_timeout=5")
            Issue.record("expected a network error for a URL to port 1, but the store opened")
        } catch let error as CRUDError {
            #expect(error.code == "network" && error.message.contains("127.0.0.1:1"), "got \(error)")
            #expect(!error.message.contains(secret), "the message shows the password: \(error.message)")
        }
    }

    @Test("A schema of a newer version, or holding another application's tables, is corruptStore and left untouched")
    func foreignAndNewerSchemas() async throws {
        let (url, schema, location, task, db) = try await PostgresTestServer.schemaWithKeptTask("version")
        defer { PostgresTestServer.remove(schema, closing: db) }
        try db.execute("UPDATE crudkit_schema SET version = 99")
        #expect(throws: CRUDError.corruptStore(path: location)) {
            try PostgresStore(connection: url, schema: schema)
        }
        #expect(try db.query("SELECT version FROM crudkit_schema") == [["99"]])
        #expect(try db.query("SELECT id, title FROM tasks") == [[task.id.uuidString.lowercased(), "Kept"]])

        let other = PostgresTestServer.freshSchema("foreign")
        defer { try? PostgresStore.removeSchema(other, connection: url) }
        try db.execute("CREATE SCHEMA \(other); CREATE TABLE \(other).tasks (name text); INSERT INTO \(other).tasks VALUES ('theirs')")
        #expect(throws: CRUDError.self) { try PostgresStore(connection: url, schema: other) }
        #expect(try db.query("SELECT name FROM \(other).tasks") == [["theirs"]])
        #expect(try db.query("SELECT count(*) FROM pg_tables WHERE schemaname = $1", [other]) == [["1"]])
    }

    @Test("An older schema is migrated step by step in one transaction, keeping its rows; a failing step changes nothing")
    func migrationPath() async throws {
        let (url, schema, location, task, db) = try await PostgresTestServer.schemaWithKeptTask("migrate")
        defer { PostgresTestServer.remove(schema, closing: db) }
        // A version 2 and 3 as a later release would add them: a column, then an index.
        let steps = [
            1: "ALTER TABLE tasks ADD COLUMN priority integer NOT NULL DEFAULT 0; UPDATE crudkit_schema SET version = 2",
            2: "CREATE INDEX tasks_priority ON tasks (priority); UPDATE crudkit_schema SET version = 3",
        ]
        var broken = steps
        broken[2] = "CREATE INDEX tasks_priority ON no_such_table (priority); UPDATE crudkit_schema SET version = 3"
        #expect(throws: PostgresFailure.self) {
            try PostgresSchema.prepare(db, lockName: schema, location: schema, target: 3, steps: broken)
        }
        #expect(try db.query("SELECT version FROM crudkit_schema") == [["1"]], "a failed step must roll the first one back too")
        #expect(
            try db.query("SELECT count(*) FROM information_schema.columns WHERE table_schema = $1 AND column_name = 'priority'", [schema])
                == [["0"]])

        try PostgresSchema.prepare(db, lockName: schema, location: schema, target: 3, steps: steps)
        #expect(try db.query("SELECT version FROM crudkit_schema") == [["3"]])
        #expect(try db.query("SELECT id, title, priority FROM tasks") == [[task.id.uuidString.lowercased(), "Kept", "0"]])
        #expect(try db.query("SELECT count(*) FROM pg_indexes WHERE schemaname = $1 AND indexname = 'tasks_priority'", [schema]) == [["1"]])
        // This release knows only version 1: the migrated schema is newer, and left alone.
        #expect(throws: CRUDError.corruptStore(path: location)) { try PostgresStore(connection: url, schema: schema) }
    }

    @Test("Statements are prepared once per connection and reused")
    func preparedStatementReuse() async throws {
        let url = try await PostgresTestServer.url()
        let schema = PostgresTestServer.freshSchema("prepare")
        defer { try? PostgresStore.removeSchema(schema, connection: url) }
        let store = try PostgresStore(connection: url, schema: schema)
        let first = try await store.createTask(title: "one", notes: nil)
        _ = try await store.task(id: first.id)
        let afterFirstRound = await store.preparedStatements
        for index in 0..<20 {
            let task = try await store.createTask(title: "task \(index)", notes: nil)
            _ = try await store.task(id: task.id)
        }
        #expect(await store.preparedStatements == afterFirstRound, "prepared after 20 more creates and reads")
        #expect(try await store.countTasks(TaskQuery()) == 21)
        await store.close()
    }

    @Test("Pipelined statements: several batches land in order; a failure late in a batch is its own error, and the session goes on")
    func pipelinedStatements() async throws {
        let db = try await PostgresTestServer.session()
        defer { db.close() }
        let schema = PostgresTestServer.freshSchema("pipeline")
        try db.execute("CREATE SCHEMA \(schema); SET search_path TO \(schema)")
        defer { try? db.execute("DROP SCHEMA \(schema) CASCADE") }
        try db.execute("CREATE TABLE numbers (n integer PRIMARY KEY, label text)")
        let count = PostgresConnection.pipelineBatch * 2 + 17
        let insert = "INSERT INTO numbers (n, label) VALUES ($1, $2)"
        try db.runEach(insert, (0..<count).map { [String($0), $0 % 3 == 1 ? nil : "label \($0)"] })
        let stored = try db.query("SELECT n, label FROM numbers ORDER BY n")
        #expect(stored.count == count)
        #expect(
            stored.first == ["0", "label 0"] && stored[1] == ["1", nil] && stored.last == [String(count - 1), "label \(count - 1)"],
            "\(stored.prefix(2)) … \(stored.suffix(1))")

        // In a transaction, a duplicate key in the second batch fails the whole, and the
        // rollback keeps none of it.
        let more = (count..<(count + PostgresConnection.pipelineBatch + 10)).map { [String($0), "more"] }
        var rows = more
        rows[PostgresConnection.pipelineBatch + 5] = ["7", "duplicate"]
        try db.execute("BEGIN")
        do {
            try db.runEach(insert, rows)
            Issue.record("a duplicate key among pipelined inserts did not fail")
        } catch {
            guard case .server(let state, _) = error else {
                Issue.record("expected the server's unique-violation error, got \(error)")
                return
            }
            #expect(state == "23505", "SQLSTATE")
        }
        try db.execute("ROLLBACK")
        #expect(try db.query("SELECT count(*) FROM numbers") == [[String(count)]], "the rolled-back inserts are gone")
        // The session is out of pipeline mode and works as before.
        try db.runEach(insert, [["-1", "after"]])
        #expect(try db.query("SELECT label FROM numbers WHERE n = -1") == [["after"]])
    }

    @Test("Rows are read in place: NULLs, booleans, the whole bigint range, UUIDs and text, and junk is nil")
    func rowsReadInPlace() async throws {
        let db = try await PostgresTestServer.session()
        defer { db.close() }
        let sql = """
            SELECT NULL::text, true, false, 9223372036854775807::bigint, (-9223372036854775808)::bigint, 0::bigint,
                '123e4567-e89b-12d3-a456-426614174000'::uuid, 'Ünïcødé ✓'::text, 'x'::text, '12a'::text, ''::text
            """
        try db.rows(sql) { rows in
            #expect(rows.count == 1 && rows.columns == 11)
            #expect(rows.text(0, 0) == nil && rows.int64(0, 0) == nil && rows.bool(0, 0) == nil && rows.uuid(0, 0) == nil)
            #expect(rows.bool(0, 1) == true && rows.bool(0, 2) == false)
            #expect(rows.int64(0, 3) == .max && rows.int64(0, 4) == .min && rows.int64(0, 5) == 0)
            #expect(rows.uuid(0, 6) == UUID(uuidString: "123e4567-e89b-12d3-a456-426614174000"))
            #expect(rows.text(0, 7) == "Ünïcødé ✓")
            #expect(rows.bool(0, 8) == nil && rows.int64(0, 9) == nil && rows.int64(0, 10) == nil && rows.uuid(0, 8) == nil)
        }
    }

    @Test("A transaction that loses a race with a concurrent update is retried and succeeds")
    func serializationFailureIsRetried() async throws {
        let url = try await PostgresTestServer.url()
        let schema = PostgresTestServer.freshSchema("retry")
        defer { try? PostgresStore.removeSchema(schema, connection: url) }
        let store = try PostgresStore(connection: url, schema: schema)
        let task = try await store.createTask(title: "contended", notes: nil)
        let other = try await PostgresTestServer.session()
        defer { other.close() }
        // The other session holds the row; the store's update waits on it, and once the other
        // commits, the store's snapshot is stale: a serialization failure (40001).
        try other.execute("SET search_path TO \(schema); BEGIN; UPDATE tasks SET notes = 'theirs'")
        let holder = try #require(try other.query("SELECT pg_current_xact_id()::text").first?.first ?? nil)
        let rename = Task { try await store.renameTask(id: task.id, to: "mine") }
        let watcher = try await PostgresTestServer.session()
        defer { watcher.close() }
        var waited = 0
        let waiting = "SELECT count(*) FROM pg_locks WHERE NOT granted AND locktype = 'transactionid' AND transactionid::text = $1"
        while try watcher.query(waiting, [holder]) == [["0"]], waited < 200 {
            try await Task.sleep(for: .milliseconds(25))
            waited += 1
        }
        #expect(waited < 200, "the store's update never waited on the other session's lock")
        try other.execute("COMMIT")
        let renamed = try await rename.value
        #expect(renamed.title == "mine" && renamed.notes == "theirs", "the retried rename read the committed notes: \(renamed)")
        #expect(await store.retries >= 1, "retries after the serialization failure")
        #expect(try await store.task(id: task.id).title == "mine")
        await store.close()
    }

    @Test("A connection the server ended is a network error naming the server; the next operation connects again")
    func lostConnection() async throws {
        let url = try await PostgresTestServer.url()
        let schema = PostgresTestServer.freshSchema("lost")
        defer { try? PostgresStore.removeSchema(schema, connection: url) }
        let store = try PostgresStore(connection: url, schema: schema)
        let task = try await store.createTask(title: "before", notes: nil)
        let pid = try #require(try await store.serverProcessID())
        let admin = try await PostgresTestServer.session()
        defer { admin.close() }
        #expect(try admin.query("SELECT pg_terminate_backend($1::int)", [pid]) == [["t"]])
        do {
            _ = try await store.task(id: task.id)
            Issue.record("expected a network error from a connection the server ended, but the read succeeded")
        } catch let error as CRUDError {
            guard case .network(let reason) = error else {
                Issue.record("expected .network, got \(error)")
                return
            }
            #expect(reason.hasPrefix("PostgreSQL at ") && reason.contains("connection was lost"), "reason: \(reason)")
        }
        // Reconnected into the same schema, with its statements prepared again.
        #expect(try await store.task(id: task.id).title == "before")
        _ = try await store.createTask(title: "after", notes: nil)
        #expect(try await store.tasks(TaskQuery(sort: .title)).map(\.title) == ["after", "before"])
        #expect(try await store.serverProcessID() != pid)
        await store.close()
    }
}

// The loader needs no server: it runs everywhere.
@Suite("libpq loader")
struct LibPQLoaderTests {
    @Test("A library that is not there, or is not libpq, is an error saying what is missing and how to install it")
    func loaderErrors() {
        #expect(throws: LibPQError.libraryNotFound(tried: ["libpq-missing.so.9"])) {
            try LibPQ.load(candidates: ["libpq-missing.so.9"])
        }
        let message = LibPQError.libraryNotFound(tried: ["libpq-missing.so.9"]).message
        #expect(message.contains("libpq-missing.so.9") && message.contains("install"), "message: \(message)")
        #if os(Linux)
            // The C library loads but has no libpq functions.
            #expect(throws: LibPQError.functionMissing("PQconnectdb", library: "libc.so.6")) {
                try LibPQ.load(candidates: ["libpq-missing.so.9", "libc.so.6"])
            }
        #endif
    }
}
