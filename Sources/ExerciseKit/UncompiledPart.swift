import ExerciseAPI
import Foundation

/// What the exercise host holds for an exercise that was left out of it because it does not
/// compile. The grader never calls it (it fails those checks itself, with the compiler's
/// words); if anything did, every operation throws rather than answering for the student.
public struct UncompiledPart: Sendable {
    /// The exercise this stands for.
    public let exercise: Int

    public init(exercise: Int) {
        self.exercise = exercise
    }

    var failure: CRUDError { .storeUnavailable(path: "exercise \(exercise), which does not compile") }
}

extension ExerciseParts {
    /// Every part a stand-in that throws: the exercise host starts from this and puts in the
    /// exercises that compiled.
    public static let uncompiled = ExerciseParts(
        titleRules: UncompiledPart(exercise: 1), creating: UncompiledPart(exercise: 2), updating: UncompiledPart(exercise: 3),
        deleting: UncompiledPart(exercise: 4), querying: UncompiledPart(exercise: 5), contactRules: UncompiledPart(exercise: 6),
        contactSaving: UncompiledPart(exercise: 7), contactSearching: UncompiledPart(exercise: 8), storeFile: UncompiledPart(exercise: 9),
        taskTable: UncompiledPart(exercise: 10), replyDecoding: UncompiledPart(exercise: 11), taskRepository: UncompiledPart(exercise: 12),
        importing: UncompiledPart(exercise: 13), ownChecks: UncompiledPart(exercise: 14),
        postgresTaskTable: UncompiledPart(exercise: 15), taskEditorLogic: UncompiledPart(exercise: 16),
        taskListLogic: UncompiledPart(exercise: 17))
}

extension UncompiledPart: TitleRules, ContactRules {
    public func validatedTitle(_ raw: String) throws -> String { throw failure }
    public func validatedName(_ raw: String) throws -> String { throw failure }
    public func validatedEmail(_ raw: String) throws -> String { throw failure }
    public func validatedPhone(_ raw: String?) throws -> String? { throw failure }
}

extension UncompiledPart: TaskCreating, TaskUpdating, TaskDeleting, TaskQuerying, TaskImporting {
    public func create(title: String, notes: String?, now: Date, in list: inout TaskList) throws -> TaskItem { throw failure }
    public func task(id: UUID, in list: TaskList) throws -> TaskItem { throw failure }
    public func newestFirst(_ list: TaskList) throws -> [TaskItem] { throw failure }
    public func update(id: UUID, now: Date, in list: inout TaskList, _ change: (inout TaskItem) -> Void) throws -> TaskItem {
        throw failure
    }
    public func delete(id: UUID, in list: inout TaskList) throws { throw failure }
    public func run(_ query: TaskQuery, on list: TaskList) throws -> [TaskItem] { throw failure }
    public func importTitles(
        _ titles: [String], now: Date, validate: (String) throws -> String, into list: inout TaskList
    ) throws -> [TaskItem] { throw failure }
}

extension UncompiledPart: ContactSaving, ContactSearching {
    public func create(name: String, email: String, phone: String?, now: Date, in list: inout ContactList) throws -> Contact {
        throw failure
    }
    public func contact(id: UUID, in list: ContactList) throws -> Contact { throw failure }
    public func update(id: UUID, _ changes: ValidatedContactChanges, now: Date, in list: inout ContactList) throws -> Contact {
        throw failure
    }
    public func delete(id: UUID, in list: inout ContactList) throws { throw failure }
    public func run(_ query: ContactQuery, on list: ContactList) throws -> [Contact] { throw failure }
}

extension UncompiledPart: StoreFile, TaskTable, ReplyDecoding, TaskRepository, OwnChecks {
    public func save(_ snapshot: StoreSnapshot, to path: String) throws { throw failure }
    public func load(from path: String) throws -> StoreSnapshot { throw failure }
    public func createTable(in db: SQLiteConnection) throws { throw failure }
    public func insert(_ task: TaskItem, into db: SQLiteConnection) throws { throw failure }
    public func all(in db: SQLiteConnection) throws -> [TaskItem] { throw failure }
    public func update(_ task: TaskItem, in db: SQLiteConnection) throws { throw failure }
    public func delete(id: UUID, in db: SQLiteConnection) throws { throw failure }
    public func error(status: Int, body: [String: Any], requestedID: UUID?) throws -> CRUDError { throw failure }
    public func task(from object: [String: Any]) throws -> TaskItem { throw failure }
    public func save(_ task: TaskItem, in blobs: BlobStore) throws { throw failure }
    public func load(id: UUID, from blobs: BlobStore) throws -> TaskItem { throw failure }
    public func remove(id: UUID, from blobs: BlobStore) throws { throw failure }
    public func run(on store: any CRUDSpec) async throws { throw failure }
}

extension UncompiledPart: PostgresTaskTable {
    public func createTable() throws -> String { throw failure }
    public func insert(_ task: TaskItem) throws -> PostgresStatement { throw failure }
    public func selectAll() throws -> String { throw failure }
    public func task(from row: [String?]) throws -> TaskItem { throw failure }
    public func update(_ task: TaskItem) throws -> PostgresStatement { throw failure }
    public func delete(id: UUID) throws -> PostgresStatement { throw failure }
}

extension UncompiledPart: TaskEditorLogic, TaskListLogic {
    public func reduce(_ state: TaskEditorState, _ event: TaskEditorEvent) throws -> TaskEditorState { throw failure }
    public func emptyState(loadedCount: Int, totalCount: Int, hasLoaded: Bool) throws -> ListEmptiness? { throw failure }
    public func reduce(_ state: DeleteFlowState, _ event: DeleteFlowEvent) throws -> DeleteFlowState { throw failure }
}
