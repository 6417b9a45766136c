import CRUDSpec
import Foundation
import Observation
import ScreenLogic

/// The logic of a task list screen over any store: filter, search and sort, an add field
/// with its validation message, toggle, rename in place, delete after a confirmation,
/// loading and error states, and empty states.
///
/// Every write goes to the store first; after the store accepts it, the model reloads the
/// list from the store, so the rows are always what the store holds for the query. A row
/// stays on screen until the store confirms its delete. A failure shows the store's own
/// plain message in ``errorMessage``, which stays until ``dismissError()`` or the next
/// success. Changing ``filter``, ``searchText`` or ``sort`` does not reload by itself:
/// call ``load()`` (a SwiftUI view does so in `.task(id: model.query)`).
///
/// ```swift
/// let list = TaskListModel(store: store)
/// await list.load()
/// list.newTitle = "Buy milk"
/// await list.add()
/// list.requestDelete(id: list.rows[0].id)
/// await list.confirmDelete()
/// ```
@Observable
public final class TaskListModel: DeleteConfirming {
    /// The store every operation goes to.
    public let store: any CRUDSpec
    /// Where "now" comes from for "created 2 minutes ago".
    public let clock: any CRUDClock

    /// Which tasks to show, by completion.
    public var filter: TaskFilter = .all
    public var searchText = ""
    /// The order of the rows.
    public var sort: TaskSort = .newestFirst

    /// The text of the add field.
    public var newTitle = "" {
        didSet { addAttempted = false }
    }

    /// The tasks of the last load, in the query's order.
    public private(set) var tasks: [TaskItem] = []
    /// How many tasks the store held at the last load, whatever the filter and search.
    public private(set) var totalCount = 0
    public private(set) var isLoading = false
    public private(set) var hasLoaded = false
    public internal(set) var errorMessage: String?
    public var pendingDelete: Confirmation? { deleteQuestion }
    public var deletingIDs: Set<UUID> { deleteFlow.deleting }
    /// Where the deletes stand, as the logic last made it.
    public internal(set) var deleteFlow = DeleteFlowState()
    /// What decides the empty states and the delete flow: the kit's, or Exercise 17's.
    public let listLogic: any TaskListLogic
    let recordKind = "task"

    private var addAttempted = false
    private var loadGeneration = 0

    /// A model over `store`, empty until ``load()``, whose empty states and delete flow
    /// follow `logic` (the kit's by default).
    public init(store: any CRUDSpec, clock: any CRUDClock = SystemClock(), logic: any TaskListLogic = StandardTaskListLogic()) {
        self.store = store
        self.clock = clock
        self.listLogic = logic
    }

    /// The query the list shows: its filter, search and sort.
    public var query: TaskQuery {
        TaskQuery(filter: filter, search: searchText, sort: sort)
    }

    /// The rows, with times counted from the clock's now when read.
    public var rows: [TaskRow] {
        let now = clock.now()
        return tasks.map { TaskRow(task: $0, now: now, isDeleting: deletingIDs.contains($0.id)) }
    }

    /// Why the loaded list is empty, as the logic says; `nil` also when it cannot say.
    public var emptyState: EmptyState? {
        let kind = try? listLogic.emptyState(loadedCount: tasks.count, totalCount: totalCount, hasLoaded: hasLoaded)
        return kind?.emptyState
    }

    /// Reads the list and the store's total from the store. When loads overlap, the
    /// last one started wins.
    public func load() async {
        loadGeneration += 1
        let generation = loadGeneration
        let query = query
        isLoading = true
        do {
            let tasks = try await store.tasks(query)
            let total = try await store.countTasks(TaskQuery())
            guard generation == loadGeneration else { return }
            self.tasks = tasks
            totalCount = total
            hasLoaded = true
            errorMessage = nil
        } catch {
            guard generation == loadGeneration else { return }
            errorMessage = ErrorText.message(error)
        }
        isLoading = false
    }

    // MARK: Adding

    /// What is wrong with ``newTitle``, in the store's words: shown while typing when the
    /// text is not blank, and for a blank title after an add was tried.
    public var newTitleMessage: String? {
        if newTitle.isEmpty && !addAttempted { return nil }
        return ErrorText.validation { () throws(CRUDError) in _ = try Validation.title(newTitle) }
    }

    /// Whether ``add()`` would ask the store: the title is valid.
    public var canAdd: Bool {
        ErrorText.validation { () throws(CRUDError) in _ = try Validation.title(newTitle) } == nil
    }

    /// Creates a task from ``newTitle``. An invalid title shows ``newTitleMessage`` and
    /// asks nothing of the store; a store failure keeps the text and shows the message.
    /// On success the field is cleared and the list reloaded. Returns whether it created.
    @discardableResult
    public func add() async -> Bool {
        guard canAdd else {
            addAttempted = true
            return false
        }
        let title = newTitle
        do {
            _ = try await store.createTask(title: title, notes: nil)
        } catch {
            errorMessage = ErrorText.message(error)
            return false
        }
        if newTitle == title { newTitle = "" }
        errorMessage = nil
        await load()
        return true
    }

    // MARK: Changing

    /// Flips whether the task `id` is done, then reloads. Returns whether the store did it.
    @discardableResult
    public func toggle(id: UUID) async -> Bool {
        await write { try await $0.toggleTask(id: id) }
    }

    /// Renames the task `id` in place, then reloads. A title the store would reject shows
    /// its validation message in ``errorMessage`` without asking the store. Returns whether
    /// the store renamed it.
    @discardableResult
    public func rename(id: UUID, to title: String) async -> Bool {
        if let message = ErrorText.validation({ () throws(CRUDError) in _ = try Validation.title(title) }) {
            errorMessage = message
            return false
        }
        return await write { try await $0.renameTask(id: id, to: title) }
    }

    // MARK: Deleting

    public func dismissError() {
        errorMessage = nil
    }

    public func requestDelete(id: UUID) {
        askToDelete(id: id)
    }

    public func cancelDelete() {
        sendDelete(.declined)
    }

    @discardableResult
    public func confirmDelete() async -> Bool {
        await deletePending()
    }

    func deleteName(for id: UUID) -> String? {
        tasks.first { $0.id == id }?.title
    }

    func deleteFromStore(id: UUID) async throws {
        try await store.deleteTask(id: id)
    }

    func forget(_ id: UUID) {
        guard let index = tasks.firstIndex(where: { $0.id == id }) else { return }
        tasks.remove(at: index)
        totalCount = max(0, totalCount - 1)
    }

    /// Runs one write; on success clears the error and reloads, on failure shows it.
    private func write(_ operation: @Sendable (any CRUDSpec) async throws -> TaskItem) async -> Bool {
        do {
            let changed = try await operation(store)
            // The store's record stands in until the reload below replaces the list.
            if let index = tasks.firstIndex(where: { $0.id == changed.id }) { tasks[index] = changed }
        } catch {
            errorMessage = ErrorText.message(error)
            return false
        }
        errorMessage = nil
        await load()
        return true
    }
}
