import CRUDConformance
import CRUDMemory
import CRUDTestSupport
import CRUDViewModels
import Foundation
import Testing

@MainActor
@Suite("Lists match the store")
struct ListMatchesStoreTests {
    @Test("After every operation, with a seeded share of failed writes, the list is what the store holds for its query")
    func randomOperations() async throws {
        let seed = try TestSeed()
        var random = seed.generator()
        try await seed.naming {
            let clock = ManualClock()
            let store = FailingStore(MemoryStore(clock: clock))
            store.failShare(0.25, seed: seed.value)
            let list = TaskListModel(store: store, clock: clock)
            let other = TaskListModel(store: store, clock: clock)
            await list.load()
            let titles = ["Buy milk", "apples", "Éclair", "pay rent", "  ", "milk tea"]
            var failuresSeen = 0
            for step in 0..<150 {
                clock.advance(seconds: Double(Int.random(in: 0...90, using: &random)))
                let id = list.rows.randomElement(using: &random)?.id
                let before = store.injectedFailures
                list.dismissError()  // an error stays until dismissed: each step's is its own
                let operation: String
                switch Int.random(in: 0..<8, using: &random) {
                case 0, 1:
                    list.newTitle = titles.randomElement(using: &random) ?? ""
                    operation = "add \(list.newTitle)"
                    await list.add()
                case 2:
                    operation = "toggle"
                    if let id { await list.toggle(id: id) }
                case 3:
                    operation = "rename"
                    if let id { await list.rename(id: id, to: titles.randomElement(using: &random) ?? "") }
                case 4:
                    operation = "delete"
                    if let id {
                        list.requestDelete(id: id)
                        if Bool.random(using: &random) { await list.confirmDelete() } else { list.cancelDelete() }
                    }
                case 5:
                    list.filter = TaskFilter.allCases.randomElement(using: &random) ?? .all
                    operation = "filter \(list.filter)"
                    await list.load()
                case 6:
                    list.searchText = ["", "milk", "MILK ", "zz"].randomElement(using: &random) ?? ""
                    operation = "search \(list.searchText)"
                    await list.load()
                default:
                    list.sort = TaskSort.allCases.randomElement(using: &random) ?? .newestFirst
                    operation = "sort \(list.sort)"
                    await list.load()
                }
                let failed = store.injectedFailures > before
                if failed { failuresSeen += 1 }
                let expected = try await store.inner.tasks(TaskQuery(filter: list.filter, search: list.searchText, sort: list.sort))
                #expect(list.tasks == expected, "\(seed): step \(step), \(operation), failed: \(failed)")
                if let message = list.errorMessage, !failed {
                    #expect(message.hasPrefix("Task title"), "\(seed): step \(step), \(operation): unexpected error \(message)")
                }
                #expect(
                    list.emptyState
                        == (expected.isEmpty ? (try await store.inner.countTasks(TaskQuery()) == 0 ? .noRecordsYet : .noMatches) : nil),
                    "\(seed): step \(step)")
            }
            #expect(failuresSeen > 0, "\(seed): no write failed, so failed writes were not checked")
            #expect(store.injectedFailures == failuresSeen, "\(seed)")

            other.filter = list.filter
            other.searchText = list.searchText
            other.sort = list.sort
            await other.load()
            await list.load()
            #expect(other.rows == list.rows, "\(seed): two lists on one store disagree after a refresh")
        }
    }
}
