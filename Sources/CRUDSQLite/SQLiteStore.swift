import CRUDSpec
import Foundation

/// A store in an SQLite database file, through the system's SQLite library.
///
/// - Every value is bound as a parameter; no SQL is ever built from user text.
/// - Statements are prepared once per connection and reused.
/// - The journal is WAL with `synchronous = NORMAL`: a commit is atomic and survives the
///   process crashing; after a power cut or an OS crash, the last few commits may be
///   lost (never half-applied), in exchange for far fewer disk flushes than `FULL`.
/// - Several stores, in this process or others, may have the file open at once and see each
///   other's writes. Every write is one `BEGIN IMMEDIATE` transaction or one statement, so
///   a writer never upgrades a read to a write (which SQLite refuses at once); a writer
///   that finds another writing waits up to its lock wait (`LockWait.standard`), then
///   fails with `CRUDError.storeLocked(path:)`.
/// - Unicode-correct order and search use folded keys stored beside each title and name
///   (see `SQLiteSchema`).
///
/// The file is readable with standard tools: `sqlite3 tasks.sqlite 'SELECT title FROM tasks'`.
///
/// ```swift
/// let store = try SQLiteStore(path: "tasks.sqlite")
/// let task = try await store.createTask(title: "Renew passport", notes: nil)
/// try await store.close()
/// ```
public actor SQLiteStore: CRUDSpec {
    /// The absolute path of the database file.
    public nonisolated let path: String
    private let clock: any CRUDClock
    private var db: SQLiteConnection?

    /// Opens (creating or upgrading if needed) the database at `path`, waiting up to
    /// `lockWait` whenever another connection holds a lock on it.
    ///
    /// - Throws: `CRUDError.corruptStore(path:)` for a file that is not an SQLite database,
    ///   or is one of another application or of a newer version; the file is not modified.
    ///   `CRUDError.storeLocked(path:)` when another connection kept it locked past `lockWait`.
    public init(path: String, clock: any CRUDClock = SystemClock(), lockWait: Duration = LockWait.standard) throws(CRUDError) {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        self.path = absolute
        self.clock = clock
        do {
            try FileManager.default.createDirectory(
                atPath: (absolute as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw .storeUnavailable(path: absolute)
        }
        try Self.checkIdentity(absolute, lockWait: lockWait)
        let db = try SQLiteConnection(path: absolute, lockWait: lockWait)
        do {
            try SQLiteSchema.prepare(db)
            try Self.useWriteAheadLog(db, lockWait: lockWait)
            try db.execute("PRAGMA synchronous = NORMAL")
            try db.execute("PRAGMA cache_size = \(Self.pageCacheKiB)")
        } catch {
            db.close()
            throw error
        }
        self.db = db
    }

    /// Looks at an existing file before anything may write to it: it must start with
    /// SQLite's header, and, read-only, carry CRUDKit's application id (or be empty).
    /// Puts the database in WAL mode, which the file keeps once set. Switching needs the
    /// file to itself, and SQLite answers "busy" at once rather than wait for readers (a
    /// second opener checking the file's identity), so this tries again until `lockWait`.
    private static func useWriteAheadLog(_ db: SQLiteConnection, lockWait: Duration) throws(CRUDError) {
        let deadline = ContinuousClock.now + lockWait
        var pause = Duration.milliseconds(1)
        while try db.query("PRAGMA journal_mode", [], { $0.text(0) }).first?.lowercased() != "wal" {
            do {
                try db.execute("PRAGMA journal_mode = WAL")
            } catch .storeLocked(let path) {
                guard ContinuousClock.now < deadline else { throw .storeLocked(path: path) }
                Thread.sleep(forTimeInterval: pause.seconds)
                pause = min(pause * 2, .milliseconds(25))
            }
        }
    }

    private static func checkIdentity(_ path: String, lockWait: Duration) throws(CRUDError) {
        // A file another opener creates between the two looks is a new file too.
        guard let handle = FileHandle(forReadingAtPath: path) ?? FileHandle(forReadingAtPath: path) else {
            if FileManager.default.fileExists(atPath: path) { throw .storeUnavailable(path: path) }
            return
        }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        try? handle.close()
        if header.isEmpty { return }
        guard header == Data("SQLite format 3\0".utf8) else { throw .corruptStore(path: path) }
        let reader = try SQLiteConnection(path: path, readOnly: true, lockWait: lockWait)
        defer { reader.close() }
        let applicationID = try reader.query("PRAGMA application_id") { $0.integer(0) }.first ?? 0
        let tables = try reader.query("SELECT count(*) FROM sqlite_master") { $0.integer(0) }.first ?? 0
        guard applicationID == SQLiteSchema.applicationID || (applicationID == 0 && tables == 0) else {
            throw .corruptStore(path: path)
        }
    }

    /// The page cache of the store's connection, in KiB as `PRAGMA cache_size` takes it
    /// (negative): 32 MiB, filled only as pages are read. SQLite's default of 2 MiB holds a
    /// fifth of a store of 100,000 tasks, so every list read the file again from the
    /// system, page by page; the bench's C baseline uses the same size.
    static let pageCacheKiB = -32_768

    private func connection() throws(CRUDError) -> SQLiteConnection {
        guard let db else { throw .storeUnavailable(path: path) }
        return db
    }

    // MARK: Tasks

    private static let taskColumns = "id, title, notes, is_completed, created_at, updated_at"

    /// A task from a row of ``taskColumns``. Not isolated to the actor: a closure that calls
    /// an isolated method checks, on every row, that it runs on the actor.
    private static func readTask(_ row: SQLiteConnection.Row, path: String) throws(CRUDError) -> TaskItem {
        guard let id = row.uuid(0) else { throw .corruptStore(path: path) }
        return TaskItem(
            id: id, title: row.text(1), notes: row.optionalText(2), isCompleted: row.integer(3) != 0,
            createdAt: Timestamp.date(milliseconds: row.integer(4)), updatedAt: Timestamp.date(milliseconds: row.integer(5)))
    }

    private func insert(_ task: TaskItem, into db: SQLiteConnection) throws(CRUDError) {
        try db.run(
            """
            INSERT INTO tasks (id, title, notes, is_completed, created_at, updated_at, title_key, title_search)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(task.id.lowercasedString), .text(task.title), task.notes.map { .text($0) } ?? .null,
                .integer(task.isCompleted ? 1 : 0), .integer(Timestamp.milliseconds(task.createdAt)),
                .integer(Timestamp.milliseconds(task.updatedAt)), .text(TextKey.folded(task.title)),
                .text(TextKey.searchKey(task.title)),
            ])
    }

    public func createTask(title: String, notes: String?) throws -> TaskItem {
        let db = try connection()
        let now = clock.timestamp()
        let task = TaskItem(
            id: UUID.random(), title: try Validation.title(title), notes: try Validation.notes(notes), isCompleted: false, createdAt: now,
            updatedAt: now)
        try insert(task, into: db)
        return task
    }

    public func task(id: UUID) throws -> TaskItem {
        try fetchTask(id: id)
    }

    private func fetchTask(id: UUID) throws(CRUDError) -> TaskItem {
        let db = try connection()
        let found = try db.query("SELECT \(Self.taskColumns) FROM tasks WHERE id = ?", [.text(id.lowercasedString)]) {
            [path] row throws(CRUDError) in try Self.readTask(row, path: path)
        }
        guard let task = found.first else { throw .notFound(id: id) }
        return task
    }

    /// The WHERE clause and values of a task query. Only fixed SQL fragments are joined;
    /// the search term travels as a bound value.
    private static func filter(_ query: TaskQuery) -> (sql: String, values: [SQLiteConnection.Value]) {
        var conditions: [String] = []
        var values: [SQLiteConnection.Value] = []
        switch query.filter {
        case .all: break
        case .completed: conditions.append("is_completed = 1")
        case .incomplete: conditions.append("is_completed = 0")
        }
        if let term = query.effectiveSearch {
            conditions.append("instr(title_search, ?) > 0")
            values.append(.text(TextKey.searchKey(term)))
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), values)
    }

    public func tasks(_ query: TaskQuery) throws -> [TaskItem] {
        try query.validate()
        let db = try connection()
        let (whereClause, values) = Self.filter(query)
        let order =
            switch query.sort {
            case .newestFirst: "created_at DESC, seq DESC"
            case .title: "title_key, title, seq"
            }
        let sql = "SELECT \(Self.taskColumns) FROM tasks\(whereClause) ORDER BY \(order) LIMIT ? OFFSET ?"
        let page: [SQLiteConnection.Value] = [.integer(Int64(query.limit ?? -1)), .integer(Int64(query.offset))]
        return try db.query(sql, values + page) { [path] row throws(CRUDError) in try Self.readTask(row, path: path) }
    }

    public func countTasks(_ query: TaskQuery) throws -> Int {
        try query.validate()
        let db = try connection()
        let (whereClause, values) = Self.filter(query)
        return Int(try db.query("SELECT count(*) FROM tasks\(whereClause)", values) { $0.integer(0) }.first ?? 0)
    }

    /// Reads a task, applies `change`, and writes every mutable column back.
    private func updateTask(id: UUID, _ change: (inout TaskItem) -> Void) throws(CRUDError) -> TaskItem {
        let db = try connection()
        var task = try fetchTask(id: id)
        change(&task)
        task.updatedAt = clock.timestamp()
        try db.run(
            """
            UPDATE tasks SET title = ?, notes = ?, is_completed = ?, updated_at = ?, title_key = ?, title_search = ?
            WHERE id = ?
            """,
            [
                .text(task.title), task.notes.map { .text($0) } ?? .null, .integer(task.isCompleted ? 1 : 0),
                .integer(Timestamp.milliseconds(task.updatedAt)), .text(TextKey.folded(task.title)),
                .text(TextKey.searchKey(task.title)), .text(id.lowercasedString),
            ])
        return task
    }

    public func renameTask(id: UUID, to title: String) throws -> TaskItem {
        let title = try Validation.title(title)
        return try updateTask(id: id) { $0.title = title }
    }

    public func editTaskNotes(id: UUID, notes: String?) throws -> TaskItem {
        let notes = try Validation.notes(notes)
        return try updateTask(id: id) { $0.notes = notes }
    }

    public func setTaskCompleted(id: UUID, _ isCompleted: Bool) throws -> TaskItem {
        try updateTask(id: id) { $0.isCompleted = isCompleted }
    }

    public func toggleTask(id: UUID) throws -> TaskItem {
        try updateTask(id: id) { $0.isCompleted.toggle() }
    }

    public func deleteTask(id: UUID) throws {
        let changed = try connection().run("DELETE FROM tasks WHERE id = ?", [.text(id.lowercasedString)])
        guard changed > 0 else { throw CRUDError.notFound(id: id) }
    }

    /// Validates every title first, then inserts them all in one transaction.
    public func importTasks(titles: [String]) throws -> [TaskItem] {
        let db = try connection()
        let titles = try Validation.titles(titles)
        let now = clock.timestamp()
        let tasks = TaskItem.imported(titles: titles, at: now)
        try db.transaction { () throws(CRUDError) in
            for task in tasks { try insert(task, into: db) }
        }
        return tasks
    }

    // MARK: Contacts

    private static let contactColumns = "id, name, email, phone, created_at, updated_at"

    /// A contact from a row of ``contactColumns``, not isolated to the actor (see ``readTask(_:path:)``).
    private static func readContact(_ row: SQLiteConnection.Row, path: String) throws(CRUDError) -> Contact {
        guard let id = row.uuid(0) else { throw .corruptStore(path: path) }
        return Contact(
            id: id, name: row.text(1), email: row.text(2), phone: row.optionalText(3),
            createdAt: Timestamp.date(milliseconds: row.integer(4)), updatedAt: Timestamp.date(milliseconds: row.integer(5)))
    }

    /// The id of the contact holding `email`, if any.
    private func holder(of email: String, in db: SQLiteConnection) throws(CRUDError) -> String? {
        try db.query("SELECT id FROM contacts WHERE email = ?", [.text(email)]) { $0.text(0) }.first
    }

    public func createContact(name: String, email: String, phone: String?) throws -> Contact {
        let db = try connection()
        let now = clock.timestamp()
        let contact = Contact(
            id: UUID.random(), name: try Validation.name(name), email: try Validation.email(email), phone: try Validation.phone(phone),
            createdAt: now, updatedAt: now)
        guard try holder(of: contact.email, in: db) == nil else { throw CRUDError.duplicate(field: .email) }
        // The unique index still guards against another process inserting the same email.
        try db.run(
            """
            INSERT INTO contacts (id, name, email, phone, created_at, updated_at, name_key, name_search)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(contact.id.lowercasedString), .text(contact.name), .text(contact.email),
                contact.phone.map { .text($0) } ?? .null, .integer(Timestamp.milliseconds(now)), .integer(Timestamp.milliseconds(now)),
                .text(TextKey.folded(contact.name)), .text(TextKey.searchKey(contact.name)),
            ], uniqueViolation: .duplicate(field: .email))
        return contact
    }

    public func contact(id: UUID) throws -> Contact {
        try fetchContact(id: id)
    }

    private func fetchContact(id: UUID) throws(CRUDError) -> Contact {
        let db = try connection()
        let found = try db.query("SELECT \(Self.contactColumns) FROM contacts WHERE id = ?", [.text(id.lowercasedString)]) {
            [path] row throws(CRUDError) in try Self.readContact(row, path: path)
        }
        guard let contact = found.first else { throw .notFound(id: id) }
        return contact
    }

    public func contacts(_ query: ContactQuery) throws -> [Contact] {
        try query.validate()
        let db = try connection()
        var sql = "SELECT \(Self.contactColumns) FROM contacts"
        var values: [SQLiteConnection.Value] = []
        if let term = query.effectiveSearch {
            sql += " WHERE instr(name_search, ?) > 0"
            values.append(.text(TextKey.searchKey(term)))
        }
        sql += " ORDER BY name_key, email, seq LIMIT ? OFFSET ?"
        values += [.integer(Int64(query.limit ?? -1)), .integer(Int64(query.offset))]
        return try db.query(sql, values) { [path] row throws(CRUDError) in try Self.readContact(row, path: path) }
    }

    public func updateContact(id: UUID, _ changes: ContactChanges) throws -> Contact {
        let db = try connection()
        var contact = try fetchContact(id: id)
        if let name = changes.name { contact.name = try Validation.name(name) }
        if let email = changes.email { contact.email = try Validation.email(email) }
        if let phone = changes.phone { contact.phone = try Validation.phone(phone) }
        if let other = try holder(of: contact.email, in: db), other != id.lowercasedString {
            throw CRUDError.duplicate(field: .email)
        }
        contact.updatedAt = clock.timestamp()
        try db.run(
            "UPDATE contacts SET name = ?, email = ?, phone = ?, updated_at = ?, name_key = ?, name_search = ? WHERE id = ?",
            [
                .text(contact.name), .text(contact.email), contact.phone.map { .text($0) } ?? .null,
                .integer(Timestamp.milliseconds(contact.updatedAt)), .text(TextKey.folded(contact.name)),
                .text(TextKey.searchKey(contact.name)), .text(id.lowercasedString),
            ], uniqueViolation: .duplicate(field: .email))
        return contact
    }

    public func deleteContact(id: UUID) throws {
        let changed = try connection().run("DELETE FROM contacts WHERE id = ?", [.text(id.lowercasedString)])
        guard changed > 0 else { throw CRUDError.notFound(id: id) }
    }

    /// Finalizes statements and closes the connection, which checkpoints the WAL.
    public func close() {
        db?.close()
        db = nil
    }
}
