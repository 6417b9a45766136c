import CRUDConformance
import CRUDMemory
import CRUDTestSupport
import CRUDViewModels
import Foundation
import Testing

@MainActor
@Suite("The task list model")
struct TaskListModelTests {
    let clock = ManualClock()

    /// The store's tasks for what the list shows (its filter, search and sort), to compare
    /// with the list; built here rather than taken from `list.query`, which is under test too.
    func stored(_ store: any CRUDSpec, _ list: TaskListModel) async throws -> [TaskItem] {
        try await store.tasks(TaskQuery(filter: list.filter, search: list.searchText, sort: list.sort))
    }

    @Test("Loading shows the store's tasks in the query's order, and both empty states come from the store")
    func loadAndEmptyStates() async throws {
        let store = MemoryStore(clock: clock)
        let list = TaskListModel(store: store, clock: clock)
        #expect(list.emptyState == nil, "before loading, the list is neither empty nor full")
        await list.load()
        #expect(list.hasLoaded && list.rows.isEmpty)
        #expect(list.emptyState == .noRecordsYet)
        #expect(list.emptyState?.taskMessage == "No tasks yet. Add one above.")

        // Created in the other order than their titles sort, so that the two orders differ.
        _ = try await store.createTask(title: "apples", notes: nil)
        clock.advance(seconds: 1)
        let milk = try await store.createTask(title: "Buy milk", notes: nil)
        await list.load()
        #expect(list.rows.map(\.task.title) == ["Buy milk", "apples"], "newest first")
        #expect(list.emptyState == nil)
        list.sort = .title
        #expect(list.query.sort == .title, "the list's query carries its sort")
        await list.load()
        #expect(list.rows.map(\.task.title) == ["apples", "Buy milk"], "by title, letter case aside")

        list.filter = .completed
        await list.load()
        #expect(list.emptyState == .noMatches)
        #expect(list.emptyState?.taskMessage == "No tasks match this filter or search.")
        list.filter = .all
        list.searchText = "  MILK "
        await list.load()
        #expect(list.rows.map(\.id) == [milk.id])
        list.searchText = "bread"
        await list.load()
        #expect(list.emptyState == .noMatches)
        #expect(list.totalCount == 2)
    }

    @Test("The add field shows the store's validation message inline, and a valid title is added and cleared")
    func add() async throws {
        let store = MemoryStore(clock: clock)
        let list = TaskListModel(store: store, clock: clock)
        await list.load()
        #expect(list.newTitleMessage == nil, "an untouched field shows no message")
        #expect(await list.add() == false)
        #expect(list.newTitleMessage == "Task title cannot be empty.")
        list.newTitle = String(repeating: "x", count: 201)
        #expect(list.newTitleMessage == "Task title cannot be longer than 200 characters.")
        #expect(!list.canAdd)
        #expect(await list.add() == false)
        #expect(try await store.countTasks(TaskQuery()) == 0)

        list.newTitle = "  Buy milk "
        #expect(list.newTitleMessage == nil)
        #expect(await list.add())
        #expect(list.newTitle.isEmpty)
        #expect(list.newTitleMessage == nil, "a cleared field after success is not an error")
        #expect(list.rows.map(\.task.title) == ["Buy milk"])
        #expect(list.rows.map(\.task) == (try await stored(store, list)))
    }

    @Test("A failed add keeps the typed title and shows the store's message until dismissed or the next success")
    func failedAdd() async throws {
        let store = FailingStore(MemoryStore(clock: clock))
        let list = TaskListModel(store: store, clock: clock)
        await list.load()
        list.newTitle = "Buy milk"
        store.failNext(1)
        #expect(await list.add() == false)
        #expect(store.injectedFailures == 1)
        #expect(list.newTitle == "Buy milk")
        #expect(list.errorMessage == CRUDError.storeUnavailable(path: "failing-store").message)
        #expect(list.rows.isEmpty)
        #expect(try await store.inner.countTasks(TaskQuery()) == 0)
        list.dismissError()
        #expect(list.errorMessage == nil)

        store.failNext(1, with: .network)
        #expect(await list.add() == false)
        #expect(list.errorMessage == "The server could not be reached: the connection was lost.")
        #expect(await list.add())
        #expect(list.errorMessage == nil, "the next success clears the error")
        #expect(list.rows.map(\.task.title) == ["Buy milk"])
    }

    @Test("A failed load shows the error and keeps the rows; the next load clears it")
    func failedLoad() async throws {
        let store = FailingStore(MemoryStore(clock: clock))
        _ = try await store.createTask(title: "kept", notes: nil)
        let list = TaskListModel(store: store, clock: clock)
        await list.load()
        store.failNext(1, of: .reads, with: .network)
        await list.load()
        #expect(store.injectedFailures(of: .reads) == 1)
        #expect(list.errorMessage == "The server could not be reached: the connection was lost.")
        #expect(list.rows.map(\.task.title) == ["kept"])
        #expect(!list.isLoading)
        await list.load()
        #expect(list.errorMessage == nil)
    }

    @Test("Toggle and rename in place go to the store and the list follows; a bad rename asks nothing")
    func toggleAndRename() async throws {
        let store = FailingStore(MemoryStore(clock: clock))
        let milk = try await store.createTask(title: "Buy milk", notes: nil)
        let list = TaskListModel(store: store, clock: clock)
        await list.load()
        #expect(await list.toggle(id: milk.id))
        #expect(list.rows.first?.task.isCompleted == true)
        #expect(try await store.task(id: milk.id).isCompleted)
        #expect(await list.rename(id: milk.id, to: "Buy oat milk"))
        #expect(list.rows.map(\.task) == (try await stored(store, list)))
        #expect(list.rows.first?.task.title == "Buy oat milk")

        #expect(await list.rename(id: milk.id, to: "   ") == false)
        #expect(list.errorMessage == "Task title cannot be empty.")
        #expect(try await store.task(id: milk.id).title == "Buy oat milk")

        store.failNext(1)
        #expect(await list.toggle(id: milk.id) == false)
        #expect(store.injectedFailures == 1)
        #expect(list.errorMessage == CRUDError.storeUnavailable(path: "failing-store").message)
        #expect(list.rows.first?.task.isCompleted == true)
        #expect(try await store.task(id: milk.id).isCompleted)
    }

    @Test("Delete asks first naming the task; declining deletes nothing; confirming deletes exactly that task")
    func deleteConfirmation() async throws {
        let store = MemoryStore(clock: clock)
        let milk = try await store.createTask(title: "Buy milk", notes: nil)
        let bread = try await store.createTask(title: "Buy bread", notes: nil)
        let list = TaskListModel(store: store, clock: clock)
        await list.load()
        list.requestDelete(id: milk.id)
        let question = try #require(list.pendingDelete)
        #expect(question.recordID == milk.id)
        #expect(question.title == "Delete task?")
        #expect(question.message == "Delete \"Buy milk\"? This cannot be undone.")
        #expect(question.confirmLabel == "Delete" && question.cancelLabel == "Cancel")
        list.cancelDelete()
        #expect(list.pendingDelete == nil)
        #expect(try await store.countTasks(TaskQuery()) == 2)
        #expect(await list.confirmDelete() == false, "nothing is pending after a cancel")
        #expect(try await store.countTasks(TaskQuery()) == 2)

        list.requestDelete(id: milk.id)
        #expect(await list.confirmDelete())
        #expect(try await store.tasks(TaskQuery()).map(\.id) == [bread.id])
        #expect(list.rows.map(\.id) == [bread.id])
        list.requestDelete(id: milk.id)
        #expect(list.pendingDelete == nil, "a task not in the list is not asked about")
    }

    @Test("The row stays, marked as deleting, until the store answers")
    func rowStaysUntilConfirmed() async throws {
        let store = GatedStore(MemoryStore(clock: clock))
        let milk = try await store.createTask(title: "Buy milk", notes: nil)
        let list = TaskListModel(store: store, clock: clock)
        await list.load()
        list.requestDelete(id: milk.id)
        let deleting = Task { await list.confirmDelete() }
        await store.deleteArrived()
        #expect(list.rows.map(\.id) == [milk.id])
        #expect(list.rows.first?.isDeleting == true)
        #expect(list.rows.first?.accessibility.value == "not done, created just now, deleting")
        #expect(try await store.inner.countTasks(TaskQuery()) == 1)
        store.open()
        #expect(await deleting.value)
        #expect(list.rows.isEmpty)
        #expect(list.deletingIDs.isEmpty)
        #expect(list.emptyState == .noRecordsYet)
    }

    @Test("A failed delete keeps the row and the record and says why; a task deleted elsewhere counts as deleted")
    func failedDelete() async throws {
        let store = FailingStore(MemoryStore(clock: clock))
        let milk = try await store.createTask(title: "Buy milk", notes: nil)
        let list = TaskListModel(store: store, clock: clock)
        await list.load()
        list.requestDelete(id: milk.id)
        store.failNext(1)
        #expect(await list.confirmDelete() == false)
        #expect(store.injectedFailures == 1)
        #expect(list.rows.map(\.id) == [milk.id])
        #expect(list.rows.first?.isDeleting == false)
        #expect(list.errorMessage == CRUDError.storeUnavailable(path: "failing-store").message)
        #expect(try await store.inner.countTasks(TaskQuery()) == 1)

        try await store.inner.deleteTask(id: milk.id)
        list.requestDelete(id: milk.id)
        #expect(await list.confirmDelete())
        #expect(list.errorMessage == nil)
        #expect(list.rows.isEmpty)
    }

    @Test("Two lists on one store agree after a refresh")
    func twoModelsAgree() async throws {
        let store = MemoryStore(clock: clock)
        let first = TaskListModel(store: store, clock: clock)
        let second = TaskListModel(store: store, clock: clock)
        await first.load()
        await second.load()
        first.newTitle = "Buy milk"
        await first.add()
        let milk = try #require(first.rows.first)
        #expect(second.rows.isEmpty, "the second list has not refreshed yet")
        await second.load()
        #expect(second.rows == first.rows)
        await second.toggle(id: milk.id)
        second.requestDelete(id: milk.id)
        second.cancelDelete()
        await first.load()
        #expect(first.rows == second.rows)
        #expect(first.rows.first?.task.isCompleted == true)
    }
}
