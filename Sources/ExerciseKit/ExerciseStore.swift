import CRUDPostgres
import CRUDSQLite
import CRUDSpec
import Foundation

/// A whole ``CRUDSpec`` store built from exercise parts, so the conformance rules can
/// grade each part through the same operations they check on every backend.
///
/// Every operation goes through the parts: validation first, then the change, so a
/// refused value never reaches the list.
public actor ExerciseStore: CRUDSpec {
    private let parts: ExerciseParts
    private let clock: any CRUDClock
    private var list = TaskList()
    private var contactList = ContactList()

    /// Where an exercise store keeps its records: the one storage kind of the exercises,
    /// named by each ``ExerciseInfo/storage`` in the manifest.
    public enum Storage: Sendable {
        /// In memory only.
        case memory
        /// Everything in one file, `store.json`, through the store-file part (Exercise 9).
        case file
        /// Tasks in an SQLite table in `store.sqlite`, through the task-table part (Exercise 10).
        case sqlite
        /// Tasks in a blob store, through the repository part (Exercise 12): reads by id
        /// and deletes go through the repository, so its errors are the ones callers see.
        case repository
        /// Tasks in a PostgreSQL table, through the PostgreSQL task-table part (Exercise 15):
        /// the list is kept in memory, and each change written as the part's statements in
        /// one transaction on the grader's connection.
        case postgres

        /// The file the records are kept in, inside the store's folder; nil when they are
        /// kept in memory.
        public var fileName: String? {
            switch self {
            case .memory, .repository, .postgres: nil
            case .file: "store.json"
            case .sqlite: "store.sqlite"
            }
        }
    }

    private let blobs = BlobStore()

    private let storage: Storage
    /// The file of a file-backed store, in the folder it was given.
    private let path: String
    private var db: SQLiteConnection?
    private var session: PostgresSession?

    /// A store whose operations are `parts`, kept as `storage` says: a file-backed one in
    /// `folder`, a PostgreSQL one in `database`, which they need.
    public init(
        parts: ExerciseParts, clock: any CRUDClock = SystemClock(), storage: Storage = .memory, folder: String? = nil,
        database: ExerciseDatabase? = nil
    ) throws {
        self.parts = parts
        self.clock = clock
        self.storage = storage
        if let fileName = storage.fileName {
            guard let folder else { throw CRUDError.storeUnavailable(path: "no folder given for the \(fileName) of an exercise store") }
            path = folder + "/" + fileName
        } else {
            path = ""
        }
        switch storage {
        case .memory, .repository: break
        case .postgres:
            guard let database else { throw CRUDError.storeUnavailable(path: "no database given for a PostgreSQL exercise store") }
            let session = try database.session()
            do {
                list = try parts.postgresTaskTable.open(in: session)
            } catch {
                session.close()
                throw error
            }
            self.session = session
        case .file:
            let snapshot = try parts.storeFile.load(from: path)
            list = snapshot.tasks
            contactList = snapshot.contacts
        case .sqlite:
            if let remote = parts.taskTable as? RemoteExercise {
                list = try remote.open(path: path)  // the host opens its own connection
            } else {
                let db = try SQLiteConnection(path: path)
                list = try parts.taskTable.open(in: db)
                self.db = db
            }
        }
    }

    /// Runs a change on copies of the lists, saves them when the store has a file, and
    /// only then keeps them: a refused change or a failed save changes nothing.
    private func commit<T>(_ change: (inout TaskList, inout ContactList) throws -> T) throws -> T {
        var (tasks, contacts) = (list, contactList)
        let result = try change(&tasks, &contacts)
        switch storage {
        case .memory: break
        case .postgres:
            guard let session else { throw CRUDError.storeUnavailable(path: "the PostgreSQL exercise store is closed") }
            try parts.postgresTaskTable.write(from: list, to: tasks, in: session)
        case .file: try parts.storeFile.save(StoreSnapshot(tasks: tasks, contacts: contacts), to: path)
        case .repository:
            let after = Set(tasks.tasks.map(\.id))
            for task in list.tasks where !after.contains(task.id) { try parts.taskRepository.remove(id: task.id, from: blobs) }
            for task in tasks.tasks where !list.tasks.contains(task) { try parts.taskRepository.save(task, in: blobs) }
        case .sqlite:
            if let remote = parts.taskTable as? RemoteExercise {
                try remote.write(path: path, from: list, to: tasks)
            } else if let db {
                try parts.taskTable.write(from: list, to: tasks, in: db)
            }
        }
        (list, contactList) = (tasks, contacts)
        return result
    }

    public func createTask(title: String, notes: String?) throws -> TaskItem {
        let title = try parts.titleRules.validatedTitle(title)
        let notes = try Validation.notes(notes)
        let now = clock.timestamp()
        return try commit { tasks, _ in try parts.creating.create(title: title, notes: notes, now: now, in: &tasks) }
    }

    public func task(id: UUID) throws -> TaskItem {
        if case .repository = storage { return try parts.taskRepository.load(id: id, from: blobs) }
        return try parts.creating.task(id: id, in: list)
    }

    /// The plain list of Exercise 2 (every task, newest first) comes from the creating part;
    /// any other query is Exercise 5's.
    public func tasks(_ query: TaskQuery) throws -> [TaskItem] {
        try query.validate()
        if query == TaskQuery() { return try parts.creating.newestFirst(list) }
        return try parts.querying.run(query, on: list)
    }

    public func countTasks(_ query: TaskQuery) throws -> Int {
        var everything = query
        (everything.limit, everything.offset) = (nil, 0)
        return try tasks(everything).count
    }

    public func renameTask(id: UUID, to title: String) throws -> TaskItem {
        let title = try parts.titleRules.validatedTitle(title)
        return try updateTask(id) { $0.title = title }
    }

    public func editTaskNotes(id: UUID, notes: String?) throws -> TaskItem {
        let notes = try Validation.notes(notes)
        return try updateTask(id) { $0.notes = notes }
    }

    public func setTaskCompleted(id: UUID, _ isCompleted: Bool) throws -> TaskItem {
        try updateTask(id) { $0.isCompleted = isCompleted }
    }

    public func toggleTask(id: UUID) throws -> TaskItem {
        try updateTask(id) { $0.isCompleted.toggle() }
    }

    private func updateTask(_ id: UUID, _ change: (inout TaskItem) -> Void) throws -> TaskItem {
        let now = clock.timestamp()
        return try commit { tasks, _ in try parts.updating.update(id: id, now: now, in: &tasks, change) }
    }

    public func deleteTask(id: UUID) throws {
        if case .repository = storage {
            // The repository decides whether the id exists; the list follows.
            try parts.taskRepository.remove(id: id, from: blobs)
            list.tasks.removeAll { $0.id == id }
            return
        }
        try commit { tasks, _ in try parts.deleting.delete(id: id, in: &tasks) }
    }

    /// The importing part works on the live list: whether a failed import leaves nothing
    /// behind is exactly what its rules check, so no copy may hide a partial import.
    public func importTasks(titles: [String]) throws -> [TaskItem] {
        let now = clock.timestamp()
        let validate = parts.titleRules.validatedTitle
        guard case .memory = storage else {
            return try commit { tasks, _ in try parts.importing.importTitles(titles, now: now, validate: validate, into: &tasks) }
        }
        return try parts.importing.importTitles(titles, now: now, validate: validate, into: &list)
    }

    public func createContact(name: String, email: String, phone: String?) throws -> Contact {
        let rules = parts.contactRules
        let (name, email, phone) = (try rules.validatedName(name), try rules.validatedEmail(email), try rules.validatedPhone(phone))
        let now = clock.timestamp()
        return try commit { _, contacts in try parts.contactSaving.create(name: name, email: email, phone: phone, now: now, in: &contacts) }
    }

    public func contact(id: UUID) throws -> Contact {
        try parts.contactSaving.contact(id: id, in: contactList)
    }

    public func contacts(_ query: ContactQuery) throws -> [Contact] {
        try query.validate()
        return try parts.contactSearching.run(query, on: contactList)
    }

    public func updateContact(id: UUID, _ changes: ContactChanges) throws -> Contact {
        let rules = parts.contactRules
        var validated = ValidatedContactChanges()
        if let name = changes.name { validated.name = try rules.validatedName(name) }
        if let email = changes.email { validated.email = try rules.validatedEmail(email) }
        if let phone = changes.phone { validated.phone = .some(try rules.validatedPhone(phone)) }
        let now = clock.timestamp()
        return try commit { _, contacts in try parts.contactSaving.update(id: id, validated, now: now, in: &contacts) }
    }

    public func deleteContact(id: UUID) throws {
        try commit { _, contacts in try parts.contactSaving.delete(id: id, in: &contacts) }
    }

    public func close() {
        db?.close()
        db = nil
        session?.close()
        session = nil
    }
}
