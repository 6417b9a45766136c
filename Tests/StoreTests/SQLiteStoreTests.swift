import CRUDSQLite
import CRUDSpec
import Foundation
import Testing
import ThreadExecutors

@Suite("SQLite store")
struct SQLiteStoreTests {
    @Test("The database is plain SQL: standard tools read titles, and the pragmas are set")
    func readableWithStandardTools() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let store = try SQLiteStore(path: path)
        _ = try await store.createTask(title: "'); DROP TABLE tasks; --", notes: nil)
        _ = try await store.createTask(title: "Buy milk", notes: nil)
        let db = try SQLiteConnection(path: path)
        #expect(try db.query("SELECT title FROM tasks ORDER BY seq") { $0.text(0) } == ["'); DROP TABLE tasks; --", "Buy milk"])
        #expect(try db.query("PRAGMA journal_mode") { $0.text(0) } == ["wal"])
        #expect(try db.query("PRAGMA user_version") { $0.integer(0) } == [2])
        db.close()
        await store.close()
    }

    @Test("A version-1 database made by the old schema is upgraded with its data intact")
    func migration() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("v1.sqlite")
        // The version-1 fixture, made here as version 1 of the store made it.
        let old = try SQLiteConnection(path: path)
        try old.execute(
            """
            CREATE TABLE tasks (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, title TEXT NOT NULL, notes TEXT,
                is_completed INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
            CREATE TABLE contacts (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL, email TEXT NOT NULL,
                phone TEXT, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
            CREATE UNIQUE INDEX contacts_email ON contacts(email);
            PRAGMA application_id = 1129466708;
            PRAGMA user_version = 1;
            """)
        let ids = [UUID(), UUID(), UUID()]
        for (index, title) in ["Éclair", "apple", "Straße"].enumerated() {
            try old.run(
                "INSERT INTO tasks (id, title, is_completed, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
                [.text(ids[index].uuidString.lowercased()), .text(title), .integer(index == 1 ? 1 : 0), .integer(1_000), .integer(2_000)])
        }
        try old.run(
            "INSERT INTO contacts (id, name, email, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
            [.text(UUID().uuidString), .text("Ada"), .text("ada@example.com"), .integer(1_000), .integer(1_000)])
        old.close()

        let store = try SQLiteStore(path: path)
        let byTitle = try await store.tasks(TaskQuery(sort: .title))
        #expect(byTitle.map(\.title) == ["apple", "Straße", "Éclair"])
        #expect(byTitle.map(\.id) == [ids[1], ids[2], ids[0]])
        #expect(byTitle[0].isCompleted && Timestamp.milliseconds(byTitle[0].updatedAt) == 2_000)
        #expect(try await store.tasks(TaskQuery(search: "STRASSE")).map(\.title) == ["Straße"])
        #expect(try await store.tasks(TaskQuery()).map(\.id) == ids.reversed())
        await #expect(throws: CRUDError.duplicate(field: .email)) {
            try await store.createContact(name: "Copy", email: "ADA@example.com", phone: nil)
        }
        await store.close()
        let check = try SQLiteConnection(path: path)
        #expect(try check.query("PRAGMA user_version") { $0.integer(0) } == [2])
        check.close()
    }

    @Test("A file that is not CRUDKit's database is reported as corrupt and left byte for byte")
    func foreignFiles() throws {
        let folder = try TemporaryFolder()
        var paths = [
            try folder.write("this is not a database", to: "text.sqlite"),
            try folder.write(String(repeating: "\u{0}", count: 4096), to: "zeros.sqlite"),
        ]
        let other = folder.file("other-app.sqlite")
        let db = try SQLiteConnection(path: other)
        try db.execute("CREATE TABLE songs (title TEXT); INSERT INTO songs VALUES ('x'); PRAGMA application_id = 42;")
        db.close()
        paths.append(other)
        let newer = folder.file("newer.sqlite")
        let future = try SQLiteConnection(path: newer)
        try future.execute("CREATE TABLE tasks (x); PRAGMA application_id = 1129466708; PRAGMA user_version = 99;")
        future.close()
        paths.append(newer)
        for path in paths {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(throws: CRUDError.corruptStore(path: path), "\(path)") { try SQLiteStore(path: path) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(path) was modified")
        }
    }

    @Test("An empty file becomes a new store")
    func emptyFile() async throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("", to: "empty.sqlite")
        let store = try SQLiteStore(path: path)
        _ = try await store.createTask(title: "First", notes: nil)
        await store.close()
        #expect(try await SQLiteStore(path: path).countTasks(TaskQuery()) == 1)
    }
}

@Suite("SQLite id text")
struct SQLiteIDTextTests {
    @Test("Ids are written lowercase and read back exactly, and malformed id text is refused")
    func ids() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("ids.sqlite")
        let store = try SQLiteStore(path: path)
        let task = try await store.createTask(title: "Id", notes: nil)
        #expect(try await store.task(id: task.id).id == task.id)
        await store.close()
        let db = try SQLiteConnection(path: path)
        #expect(try db.query("SELECT id FROM tasks") { $0.text(0) } == [task.id.uuidString.lowercased()])
        #expect(try db.query("SELECT id FROM tasks") { $0.uuid(0) } == [task.id])
        #expect(try db.query("SELECT 'not-a-uuid-but-exactly-36-characters'") { $0.uuid(0) } == [nil])
        #expect(
            try db.query("SELECT 'ABCDEF01-2345-6789-ABCD-EF0123456789'") { $0.uuid(0) } == [
                UUID(uuidString: "ABCDEF01-2345-6789-ABCD-EF0123456789")
            ])
        db.close()
    }
}

/// Several connections on one database file at once, as several processes would open it.
@Suite("SQLite store: many openers at once")
struct SQLiteManyOpenersTests {
    /// Opens a store on a thread of its own, as a process of its own would: opening blocks
    /// while another connection holds a lock.
    static func openOnThread(_ path: String) async throws -> SQLiteStore {
        try await offThePool { try SQLiteStore(path: path) }
    }

    @Test("20 stores opening one new file at once all open, and all their writes are stored")
    func openTogether() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let stores = try await withThrowingTaskGroup(of: SQLiteStore.self) { group in
            for _ in 0..<20 { group.addTask { try await Self.openOnThread(path) } }
            return try await group.reduce(into: [SQLiteStore]()) { $0.append($1) }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    _ = try await store.createTask(title: "opener \(index)", notes: nil)
                    await store.close()
                }
            }
            try await group.waitForAll()
        }
        let store = try SQLiteStore(path: path)
        #expect(try await store.countTasks(TaskQuery()) == 20)
        await store.close()
    }
}
