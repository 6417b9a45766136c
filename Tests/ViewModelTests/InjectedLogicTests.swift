import CRUDConformance
import CRUDMemory
import CRUDViewModels
import Foundation
import ScreenLogic
import Testing

/// Logic that cannot answer, as an exercise's starter: every call throws.
private struct UnfinishedLogic: TaskEditorLogic, TaskListLogic {
    static let error = CRUDError.notImplemented(operation: "the screen's logic")
    func reduce(_ state: TaskEditorState, _ event: TaskEditorEvent) throws -> TaskEditorState { throw Self.error }
    func emptyState(loadedCount: Int, totalCount: Int, hasLoaded: Bool) throws -> ListEmptiness? { throw Self.error }
    func reduce(_ state: DeleteFlowState, _ event: DeleteFlowEvent) throws -> DeleteFlowState { throw Self.error }
}

/// The kit's logic, but Save never starts and a delete request is ignored: the models must
/// then ask the store nothing.
private struct RefusingLogic: TaskEditorLogic, TaskListLogic {
    func reduce(_ state: TaskEditorState, _ event: TaskEditorEvent) -> TaskEditorState {
        if case .savePressed = event { return state }
        return StandardTaskEditorLogic().reduce(state, event)
    }
    func emptyState(loadedCount: Int, totalCount: Int, hasLoaded: Bool) -> ListEmptiness? {
        StandardTaskListLogic().emptyState(loadedCount: loadedCount, totalCount: totalCount, hasLoaded: hasLoaded)
    }
    func reduce(_ state: DeleteFlowState, _ event: DeleteFlowEvent) -> DeleteFlowState {
        if case .requested = event { return state }
        return StandardTaskListLogic().reduce(state, event)
    }
}

@MainActor
@Suite("The task models follow the logic they are given")
struct InjectedLogicTests {
    let clock = ManualClock()

    @Test("An editor whose logic does not start the save asks the store nothing")
    func editorAsksOnlyWhenTheLogicSaves() async throws {
        let store = MemoryStore(clock: clock)
        let editor = TaskEditorModel(store: store, logic: RefusingLogic())
        editor.title = "Buy milk"
        #expect(editor.title == "Buy milk", "typing goes through the logic")
        #expect(await editor.save() == false)
        #expect(try await store.countTasks(TaskQuery()) == 0, "expected no task created; the logic never started the save")
        #expect(editor.outcome == nil)
    }

    @Test("An editor whose logic throws keeps its state, shows why, and never writes")
    func editorWithUnfinishedLogic() async throws {
        let store = MemoryStore(clock: clock)
        let editor = TaskEditorModel(store: store, logic: UnfinishedLogic())
        editor.title = "Buy milk"
        #expect(editor.title == "", "expected the draft unchanged when the logic cannot answer, got \(editor.title)")
        #expect(editor.errorMessage == UnfinishedLogic.error.message)
        #expect(await editor.save() == false)
        #expect(editor.cancel() == false, "a logic that cannot answer does not close the editor")
        #expect(try await store.countTasks(TaskQuery()) == 0)
    }

    @Test("A list whose logic ignores a delete request asks nothing and deletes nothing")
    func listDeletesOnlyWhatTheLogicConfirms() async throws {
        let store = MemoryStore(clock: clock)
        let milk = try await store.createTask(title: "Buy milk", notes: nil)
        let list = TaskListModel(store: store, clock: clock, logic: RefusingLogic())
        await list.load()
        list.requestDelete(id: milk.id)
        #expect(list.pendingDelete == nil)
        #expect(await list.confirmDelete() == false)
        #expect(try await store.tasks(TaskQuery()).map(\.id) == [milk.id], "expected the task kept")
    }

    @Test("A list whose logic throws shows no empty state, no question, and says why")
    func listWithUnfinishedLogic() async throws {
        let store = MemoryStore(clock: clock)
        let milk = try await store.createTask(title: "Buy milk", notes: nil)
        let list = TaskListModel(store: store, clock: clock, logic: UnfinishedLogic())
        list.searchText = "bread"
        await list.load()
        #expect(list.tasks.isEmpty && list.emptyState == nil)
        list.searchText = ""
        await list.load()
        list.requestDelete(id: milk.id)
        #expect(list.pendingDelete == nil)
        #expect(list.errorMessage == UnfinishedLogic.error.message)
        #expect(await list.confirmDelete() == false)
        #expect(try await store.countTasks(TaskQuery()) == 1)
    }

    @Test("The VIEW rules with a logic that cannot answer fail, on the memory store")
    func rulesTakeTheLogic() async throws {
        let unfinished = ViewLogic(editor: { UnfinishedLogic() }, list: { UnfinishedLogic() })
        let rules = Rules.view(logic: unfinished)
        #expect(rules.map(\.id) == ["VIEW-001", "VIEW-002", "VIEW-003", "VIEW-004", "VIEW-005", "VIEW-006"])
        let backend = Backend.ephemeral(name: "memory") { clock in MemoryStore(clock: clock) }
        let results = await ConformanceRunner().run(Array(rules.prefix(4)), on: [backend])
        for result in results {
            #expect(result.outcome.status == "fail", "expected \(result.rule.id) to fail with logic that throws, got \(result.outcome)")
        }
        let kit = await ConformanceRunner().run(Array(Rules.view(logic: .kit).prefix(4)), on: [backend])
        #expect(kit.allSatisfy { $0.outcome == .passed }, "expected the kit's logic to pass VIEW-001..004: \(kit.map(\.outcome))")
    }
}
