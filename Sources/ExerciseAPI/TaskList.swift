import Foundation

/// The tasks of an exercise store: a plain array in creation order, oldest first.
///
/// In the exercises a store is this array and a few functions that change it, the way a
/// Core Data context is a set of objects and the operations on them.
public struct TaskList: Sendable, Equatable, Codable {
    /// Every task, oldest-created first. The position breaks ties in order.
    public var tasks: [TaskItem]

    /// An empty list, or one holding `tasks`.
    public init(tasks: [TaskItem] = []) {
        self.tasks = tasks
    }
}

/// Exercise 1: turn what a person typed into a title worth storing, or refuse it.
public protocol TitleRules: Sendable {
    /// The title to store: trimmed, 1 to 200 Characters, no control characters.
    /// Throws `CRUDError.validation` for anything else.
    func validatedTitle(_ raw: String) throws -> String
}

/// Exercise 2: create a task and read it back.
public protocol TaskCreating: Sendable {
    /// Appends a new task made from an already validated title and notes, at `now`.
    func create(title: String, notes: String?, now: Date, in list: inout TaskList) throws -> TaskItem
    /// The task with `id`, or `CRUDError.notFound(id:)`.
    func task(id: UUID, in list: TaskList) throws -> TaskItem
    /// Every task, newest `createdAt` first; at the same instant, the later-created first.
    func newestFirst(_ list: TaskList) throws -> [TaskItem]
}

/// Exercise 3: change a task in place.
public protocol TaskUpdating: Sendable {
    /// Applies `change` to the task with `id`, stamps `updatedAt = now`, and returns it;
    /// `CRUDError.notFound(id:)` (changing nothing) when there is no such task.
    func update(id: UUID, now: Date, in list: inout TaskList, _ change: (inout TaskItem) -> Void) throws -> TaskItem
}

/// Exercise 4: delete a task.
public protocol TaskDeleting: Sendable {
    /// Removes the task with `id`; `CRUDError.notFound(id:)` when there is none.
    func delete(id: UUID, in list: inout TaskList) throws
}

/// Exercise 5: answer a list query.
public protocol TaskQuerying: Sendable {
    /// The tasks of `query`: filter and search, then order, then skip `offset`, then take
    /// `limit`. The query is already checked (no negative limit or offset).
    func run(_ query: TaskQuery, on list: TaskList) throws -> [TaskItem]
}

/// Exercise 13: import many titles at once, all or nothing.
public protocol TaskImporting: Sendable {
    /// Creates one task per title, in order, all at `now`, or none at all: run `validate`
    /// on every title first; if one throws a validation error, throw it with the title's
    /// 1-based `position` set, and leave `list` untouched.
    func importTitles(_ titles: [String], now: Date, validate: (String) throws -> String, into list: inout TaskList) throws -> [TaskItem]
}

/// One implementation of every part: the student's, the reference, or a mix.
public struct ExerciseParts: Sendable {
    public var titleRules: any TitleRules
    public var creating: any TaskCreating
    public var updating: any TaskUpdating
    public var deleting: any TaskDeleting
    public var querying: any TaskQuerying
    public var contactRules: any ContactRules
    public var contactSaving: any ContactSaving
    public var contactSearching: any ContactSearching
    public var storeFile: any StoreFile
    public var taskTable: any TaskTable
    public var replyDecoding: any ReplyDecoding
    public var taskRepository: any TaskRepository
    public var importing: any TaskImporting
    public var ownChecks: any OwnChecks

    public init(
        titleRules: any TitleRules, creating: any TaskCreating, updating: any TaskUpdating, deleting: any TaskDeleting,
        querying: any TaskQuerying, contactRules: any ContactRules, contactSaving: any ContactSaving,
        contactSearching: any ContactSearching, storeFile: any StoreFile, taskTable: any TaskTable,
        replyDecoding: any ReplyDecoding, taskRepository: any TaskRepository, importing: any TaskImporting,
        ownChecks: any OwnChecks
    ) {
        self.titleRules = titleRules
        self.creating = creating
        self.updating = updating
        self.deleting = deleting
        self.querying = querying
        self.contactRules = contactRules
        self.contactSaving = contactSaving
        self.contactSearching = contactSearching
        self.storeFile = storeFile
        self.taskTable = taskTable
        self.replyDecoding = replyDecoding
        self.taskRepository = taskRepository
        self.importing = importing
        self.ownChecks = ownChecks
    }
}
