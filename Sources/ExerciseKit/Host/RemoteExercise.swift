import CRUDHTTP
import CRUDSQLite
import CRUDSpec
import Foundation

/// Every exercise part, answered by an ``ExerciseHost``: what the grader plugs into
/// ``ExerciseParts`` so the rules run here, on the kit's side, and only the part's own work
/// happens in the host process.
public struct RemoteExercise: Sendable {
    let host: ExerciseHost
    private let blobNames = BlobNames()

    /// Parts answered by `host`.
    public init(host: ExerciseHost) {
        self.host = host
    }

    /// An error a student's part threw that is not a ``CRUDError``, by its description.
    public struct PartError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Sends `call`, throws what the part threw, and hands back the answer.
    func ask(_ call: HostCall) throws -> HostAnswer {
        let answer = try send(call)
        try rethrow(answer)
        return answer
    }

    /// Like ``ask(_:)`` for calls that change a list in place: the list the host sent back
    /// replaces `list` whether the part returned or threw, as it would in one process.
    func ask(_ call: HostCall, tasks list: inout TaskList) throws -> HostAnswer.Value {
        let answer = try send(call)
        if let tasks = answer.tasks { list = tasks }
        try rethrow(answer)
        return answer.value
    }

    func ask(_ call: HostCall, contacts list: inout ContactList) throws -> HostAnswer.Value {
        let answer = try send(call)
        if let contacts = answer.contacts { list = contacts }
        try rethrow(answer)
        return answer.value
    }

    private func send(_ call: HostCall) throws -> HostAnswer {
        // A check that ran out of time is abandoned; it must not keep the host busy.
        if Task.isCancelled { throw ExerciseHost.Failure(description: "exercise \(call.exercise): the check was stopped") }
        return try host.call(call)
    }

    func rethrow(_ answer: HostAnswer) throws {
        switch answer.thrown {
        case .crud(let error): throw error
        case .other(let description): throw PartError(description: ExerciseHost.printable(description))
        case nil: return
        }
    }

    /// An answer of the wrong kind: the host and the grader disagree, which is the host's fault.
    func unexpected(_ value: HostAnswer.Value, _ exercise: Int) -> ExerciseHost.Failure {
        ExerciseHost.Failure(description: "exercise \(exercise) answered with the wrong kind of value: \(value)")
    }
}

extension ExerciseParts {
    /// Every part answered by `host`.
    public static func remote(_ host: ExerciseHost) -> ExerciseParts {
        let part = RemoteExercise(host: host)
        return ExerciseParts(
            titleRules: part, creating: part, updating: part, deleting: part, querying: part, contactRules: part,
            contactSaving: part, contactSearching: part, storeFile: part, taskTable: part, replyDecoding: part,
            taskRepository: part, importing: part, ownChecks: part, postgresTaskTable: part, taskEditorLogic: part,
            taskListLogic: part)
    }
}

/// Names for the blob stores of Exercise 12, which live in the host.
private final class BlobNames: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [ObjectIdentifier: (store: BlobStore, name: UUID)] = [:]

    func name(of store: BlobStore) -> UUID {
        lock.withLock {
            if let known = names[ObjectIdentifier(store)], known.store === store { return known.name }
            let name = UUID()
            names[ObjectIdentifier(store)] = (store, name)
            return name
        }
    }
}

extension RemoteExercise: TitleRules, ContactRules {
    public func validatedTitle(_ raw: String) throws -> String { try text(.validatedTitle(raw)) ?? "" }
    public func validatedName(_ raw: String) throws -> String { try text(.validatedName(raw)) ?? "" }
    public func validatedEmail(_ raw: String) throws -> String { try text(.validatedEmail(raw)) ?? "" }
    public func validatedPhone(_ raw: String?) throws -> String? { try text(.validatedPhone(raw)) }

    private func text(_ call: HostCall) throws -> String? {
        let value = try ask(call).value
        guard case .text(let text) = value else { throw unexpected(value, call.exercise) }
        return text
    }
}

extension RemoteExercise: TaskCreating, TaskUpdating, TaskDeleting, TaskQuerying, TaskImporting {
    public func create(title: String, notes: String?, now: Date, in list: inout TaskList) throws -> TaskItem {
        try task(ask(.create(title: title, notes: notes, now: now, list: list), tasks: &list), 2)
    }

    public func task(id: UUID, in list: TaskList) throws -> TaskItem { try task(ask(.task(id: id, list: list)).value, 2) }

    public func newestFirst(_ list: TaskList) throws -> [TaskItem] { try tasks(ask(.newestFirst(list)).value, 2) }

    /// The change travels as the operation it performs (``TaskChange``).
    public func update(id: UUID, now: Date, in list: inout TaskList, _ change: (inout TaskItem) -> Void) throws -> TaskItem {
        try task(ask(.update(id: id, now: now, list: list, change: TaskChange(probing: change)), tasks: &list), 3)
    }

    public func delete(id: UUID, in list: inout TaskList) throws {
        _ = try ask(.delete(id: id, list: list), tasks: &list)
    }

    public func run(_ query: TaskQuery, on list: TaskList) throws -> [TaskItem] { try tasks(ask(.query(query, list: list)).value, 5) }

    /// `validate` runs here, on the kit's side, for every title; the host gets the outcomes.
    public func importTitles(
        _ titles: [String], now: Date, validate: (String) throws -> String, into list: inout TaskList
    ) throws -> [TaskItem] {
        let outcomes = titles.map { title -> TitleOutcome in
            do {
                return .valid(try validate(title))
            } catch let error as CRUDError {
                return .invalid(error)
            } catch {
                return .invalid(.validation(ValidationFailure(field: .title, reason: .invalidCharacters)))
            }
        }
        return try tasks(ask(.importTitles(titles, now: now, validated: outcomes, list: list), tasks: &list), 13)
    }

    private func task(_ value: HostAnswer.Value, _ exercise: Int) throws -> TaskItem {
        guard case .task(let task) = value else { throw unexpected(value, exercise) }
        return task
    }

    private func tasks(_ value: HostAnswer.Value, _ exercise: Int) throws -> [TaskItem] {
        guard case .tasks(let tasks) = value else { throw unexpected(value, exercise) }
        return tasks
    }
}

extension RemoteExercise: ContactSaving, ContactSearching {
    public func create(name: String, email: String, phone: String?, now: Date, in list: inout ContactList) throws -> Contact {
        try contact(ask(.createContact(name: name, email: email, phone: phone, now: now, list: list), contacts: &list))
    }

    public func contact(id: UUID, in list: ContactList) throws -> Contact { try contact(ask(.contact(id: id, list: list)).value) }

    public func update(id: UUID, _ changes: ValidatedContactChanges, now: Date, in list: inout ContactList) throws -> Contact {
        try contact(ask(.updateContact(id: id, changes: ContactChangeSet(changes), now: now, list: list), contacts: &list))
    }

    public func delete(id: UUID, in list: inout ContactList) throws {
        _ = try ask(.deleteContact(id: id, list: list), contacts: &list)
    }

    public func run(_ query: ContactQuery, on list: ContactList) throws -> [Contact] {
        let value = try ask(.searchContacts(query, list: list)).value
        guard case .contacts(let contacts) = value else { throw unexpected(value, 8) }
        return contacts
    }

    private func contact(_ value: HostAnswer.Value) throws -> Contact {
        guard case .contact(let contact) = value else { throw unexpected(value, 7) }
        return contact
    }
}

extension RemoteExercise: StoreFile {
    public func save(_ snapshot: StoreSnapshot, to path: String) throws { _ = try ask(.saveFile(snapshot, path: path)) }

    public func load(from path: String) throws -> StoreSnapshot {
        let value = try ask(.loadFile(path: path)).value
        guard case .snapshot(let snapshot) = value else { throw unexpected(value, 9) }
        return snapshot
    }
}

extension RemoteExercise: TaskTable {
    /// Opens the table at `path` in the host, which keeps its own connection.
    func open(path: String) throws -> TaskList {
        let value = try ask(.openTable(path: path)).value
        guard case .tasks(let tasks) = value else { throw unexpected(value, 10) }
        return TaskList(tasks: tasks)
    }

    /// Writes the change from `old` to `new` in the host, in one transaction there.
    func write(path: String, from old: TaskList, to new: TaskList) throws {
        _ = try ask(.writeTable(path: path, from: old, to: new))
    }

    // The store calls open(path:) and write(path:from:to:) instead: a connection cannot
    // cross into the host, and a transaction here would lock the host's writes out.
    public func createTable(in db: SQLiteConnection) throws { _ = try open(path: db.path) }
    public func insert(_ task: TaskItem, into db: SQLiteConnection) throws { throw Self.oneByOne }
    public func all(in db: SQLiteConnection) throws -> [TaskItem] { try open(path: db.path).tasks }
    public func update(_ task: TaskItem, in db: SQLiteConnection) throws { throw Self.oneByOne }
    public func delete(id: UUID, in db: SQLiteConnection) throws { throw Self.oneByOne }

    private static let oneByOne = CRUDError.storeUnavailable(path: "the exercise host's task table takes whole changes, not single rows")
}

extension RemoteExercise: ReplyDecoding {
    public func error(status: Int, body: [String: Any], requestedID: UUID?) throws -> CRUDError {
        let value = try ask(.replyError(status: status, bodyJSON: Self.json(body), requestedID: requestedID)).value
        guard case .error(let error) = value else { throw unexpected(value, 11) }
        return error
    }

    public func task(from object: [String: Any]) throws -> TaskItem {
        let value = try ask(.replyTask(objectJSON: Self.json(object))).value
        guard case .task(let task) = value else { throw unexpected(value, 11) }
        return task
    }

    private static func json(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension RemoteExercise: TaskRepository {
    public func save(_ task: TaskItem, in blobs: BlobStore) throws {
        _ = try ask(.saveToRepository(task, blobs: blobNames.name(of: blobs)))
    }

    public func load(id: UUID, from blobs: BlobStore) throws -> TaskItem {
        let value = try ask(.loadFromRepository(id: id, blobs: blobNames.name(of: blobs))).value
        guard case .task(let task) = value else { throw unexpected(value, 12) }
        return task
    }

    public func remove(id: UUID, from blobs: BlobStore) throws {
        _ = try ask(.removeFromRepository(id: id, blobs: blobNames.name(of: blobs)))
    }
}

extension RemoteExercise: OwnChecks {
    /// Runs the submission's checks in the host on `store`, which stays here: each of its
    /// operations comes back over the channel (``StoreCall``).
    public func run(on store: any CRUDSpec) async throws {
        if Task.isCancelled { throw ExerciseHost.Failure(description: "exercise 14: the check was stopped") }
        try rethrow(try await host.call(.runOwnChecks, serving: store))
    }
}

extension RemoteExercise: PostgresTaskTable {
    public func createTable() throws -> String { try sql(.postgresCreateTable) }
    public func insert(_ task: TaskItem) throws -> PostgresStatement { try statement(.postgresInsert(task)) }
    public func selectAll() throws -> String { try sql(.postgresSelectAll) }

    public func task(from row: [String?]) throws -> TaskItem {
        let value = try ask(.postgresTask(row: row)).value
        guard case .task(let task) = value else { throw unexpected(value, 15) }
        return task
    }

    public func update(_ task: TaskItem) throws -> PostgresStatement { try statement(.postgresUpdate(task)) }
    public func delete(id: UUID) throws -> PostgresStatement { try statement(.postgresDelete(id: id)) }

    private func sql(_ call: HostCall) throws -> String {
        let value = try ask(call).value
        guard case .text(let text?) = value else { throw unexpected(value, 15) }
        return text
    }

    private func statement(_ call: HostCall) throws -> PostgresStatement {
        let value = try ask(call).value
        guard case .statement(let statement) = value else { throw unexpected(value, 15) }
        return statement
    }
}

extension RemoteExercise: TaskEditorLogic, TaskListLogic {
    public func reduce(_ state: TaskEditorState, _ event: TaskEditorEvent) throws -> TaskEditorState {
        let value = try ask(.editorReduce(state, event)).value
        guard case .editorState(let next) = value else { throw unexpected(value, 16) }
        return next
    }

    public func emptyState(loadedCount: Int, totalCount: Int, hasLoaded: Bool) throws -> ListEmptiness? {
        let value = try ask(.listEmptyState(loadedCount: loadedCount, totalCount: totalCount, hasLoaded: hasLoaded)).value
        guard case .emptiness(let emptiness) = value else { throw unexpected(value, 17) }
        return emptiness
    }

    public func reduce(_ state: DeleteFlowState, _ event: DeleteFlowEvent) throws -> DeleteFlowState {
        let value = try ask(.deleteReduce(state, event)).value
        guard case .deleteFlow(let next) = value else { throw unexpected(value, 17) }
        return next
    }
}
