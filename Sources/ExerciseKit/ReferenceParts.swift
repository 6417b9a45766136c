import CRUDSQLite
import CRUDSpec
import Foundation

/// The kit's answers to the exercise protocols, used for every part not under test.
struct ReferenceParts: TitleRules, TaskCreating, TaskUpdating, TaskDeleting, TaskQuerying, ContactRules, ContactSaving, ContactSearching,
    StoreFile, TaskTable, TaskRepository, TaskImporting
{
    func validatedTitle(_ raw: String) throws -> String {
        try Validation.title(raw)
    }

    func create(title: String, notes: String?, now: Date, in list: inout TaskList) throws -> TaskItem {
        let task = TaskItem(id: UUID(), title: title, notes: notes, isCompleted: false, createdAt: now, updatedAt: now)
        list.tasks.append(task)
        return task
    }

    func task(id: UUID, in list: TaskList) throws -> TaskItem {
        guard let task = list.tasks.first(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        return task
    }

    func newestFirst(_ list: TaskList) throws -> [TaskItem] {
        RecordOrder.tasks(list.tasks, sortedBy: .newestFirst)
    }

    func update(id: UUID, now: Date, in list: inout TaskList, _ change: (inout TaskItem) -> Void) throws -> TaskItem {
        guard let index = list.tasks.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        change(&list.tasks[index])
        list.tasks[index].updatedAt = now
        return list.tasks[index]
    }

    func delete(id: UUID, in list: inout TaskList) throws {
        guard let index = list.tasks.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        list.tasks.remove(at: index)
    }

    func run(_ query: TaskQuery, on list: TaskList) throws -> [TaskItem] {
        let term = query.effectiveSearch
        let found = list.tasks.filter { query.filter.includes($0) && TextKey.matches($0.title, search: term) }
        let page = RecordOrder.tasks(found, sortedBy: query.sort).dropFirst(query.offset)
        return Array(page.prefix(query.limit ?? page.count))
    }

    func validatedName(_ raw: String) throws -> String { try Validation.name(raw) }
    func validatedEmail(_ raw: String) throws -> String { try Validation.email(raw) }
    func validatedPhone(_ raw: String?) throws -> String? { try Validation.phone(raw) }

    func create(name: String, email: String, phone: String?, now: Date, in list: inout ContactList) throws -> Contact {
        guard !list.contacts.contains(where: { $0.email == email }) else { throw CRUDError.duplicate(field: .email) }
        let contact = Contact(id: UUID(), name: name, email: email, phone: phone, createdAt: now, updatedAt: now)
        list.contacts.append(contact)
        return contact
    }

    func contact(id: UUID, in list: ContactList) throws -> Contact {
        guard let contact = list.contacts.first(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        return contact
    }

    func update(id: UUID, _ changes: ValidatedContactChanges, now: Date, in list: inout ContactList) throws -> Contact {
        guard let index = list.contacts.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        var contact = list.contacts[index]
        if let name = changes.name { contact.name = name }
        if let email = changes.email { contact.email = email }
        if let phone = changes.phone { contact.phone = phone }
        if list.contacts.contains(where: { $0.id != id && $0.email == contact.email }) { throw CRUDError.duplicate(field: .email) }
        contact.updatedAt = now
        list.contacts[index] = contact
        return contact
    }

    func delete(id: UUID, in list: inout ContactList) throws {
        guard let index = list.contacts.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        list.contacts.remove(at: index)
    }

    func run(_ query: ContactQuery, on list: ContactList) throws -> [Contact] {
        let term = query.effectiveSearch
        let page = RecordOrder.contacts(list.contacts.filter { TextKey.matches($0.name, search: term) }).dropFirst(query.offset)
        return Array(page.prefix(query.limit ?? page.count))
    }

    /// The reference keeps a JSON file of the two arrays, written atomically.
    struct Document: Codable {
        var tasks: [TaskItem]
        var contacts: [Contact]
    }

    func save(_ snapshot: StoreSnapshot, to path: String) throws {
        let data = try JSONEncoder().encode(Document(tasks: snapshot.tasks.tasks, contacts: snapshot.contacts.contacts))
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    func load(from path: String) throws -> StoreSnapshot {
        guard let data = FileManager.default.contents(atPath: path) else { return StoreSnapshot() }
        let document = try JSONDecoder().decode(Document.self, from: data)
        return StoreSnapshot(tasks: TaskList(tasks: document.tasks), contacts: ContactList(contacts: document.contacts))
    }

    private static let columns = "id, title, notes, is_completed, created_at, updated_at"

    func createTable(in db: SQLiteConnection) throws {
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS tasks (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, title TEXT NOT NULL,
                notes TEXT, is_completed INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)
            """)
    }

    func insert(_ task: TaskItem, into db: SQLiteConnection) throws {
        try db.run("INSERT INTO tasks (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?)", Self.values(task))
    }

    func all(in db: SQLiteConnection) throws -> [TaskItem] {
        try db.query("SELECT \(Self.columns) FROM tasks ORDER BY seq") { row throws(CRUDError) in
            guard let id = row.uuid(0) else { throw .corruptStore(path: db.path) }
            return TaskItem(
                id: id, title: row.text(1), notes: row.optionalText(2), isCompleted: row.integer(3) != 0,
                createdAt: Timestamp.date(milliseconds: row.integer(4)), updatedAt: Timestamp.date(milliseconds: row.integer(5)))
        }
    }

    func update(_ task: TaskItem, in db: SQLiteConnection) throws {
        let values = Self.values(task)
        let changed = try db.run(
            "UPDATE tasks SET title = ?, notes = ?, is_completed = ?, created_at = ?, updated_at = ? WHERE id = ?",
            Array(values.dropFirst()) + [values[0]])
        guard changed > 0 else { throw CRUDError.notFound(id: task.id) }
    }

    func delete(id: UUID, in db: SQLiteConnection) throws {
        guard try db.run("DELETE FROM tasks WHERE id = ?", [.text(id.uuidString.lowercased())]) > 0 else {
            throw CRUDError.notFound(id: id)
        }
    }

    private static func values(_ task: TaskItem) -> [SQLiteConnection.Value] {
        [
            .text(task.id.uuidString.lowercased()), .text(task.title), task.notes.map { .text($0) } ?? .null,
            .integer(task.isCompleted ? 1 : 0), .integer(Timestamp.milliseconds(task.createdAt)),
            .integer(Timestamp.milliseconds(task.updatedAt)),
        ]
    }

    func save(_ task: TaskItem, in blobs: BlobStore) throws {
        blobs.put(try JSONEncoder().encode(task), forKey: task.id.uuidString)
    }

    func load(id: UUID, from blobs: BlobStore) throws -> TaskItem {
        do {
            return try JSONDecoder().decode(TaskItem.self, from: try blobs.get(id.uuidString))
        } catch BlobStore.Failure.missing {
            throw CRUDError.notFound(id: id)
        } catch {
            throw CRUDError.corruptStore(path: "blob \(id.uuidString)")
        }
    }

    func remove(id: UUID, from blobs: BlobStore) throws {
        do {
            try blobs.remove(id.uuidString)
        } catch {
            throw CRUDError.notFound(id: id)
        }
    }

    func importTitles(_ titles: [String], now: Date, validate: (String) throws -> String, into list: inout TaskList) throws -> [TaskItem] {
        var valid: [String] = []
        for (index, title) in titles.enumerated() {
            do {
                valid.append(try validate(title))
            } catch CRUDError.validation(var failure) {
                failure.position = index + 1
                throw CRUDError.validation(failure)
            }
        }
        let tasks = valid.map { TaskItem(id: UUID(), title: $0, notes: nil, isCompleted: false, createdAt: now, updatedAt: now) }
        list.tasks += tasks
        return tasks
    }
}
