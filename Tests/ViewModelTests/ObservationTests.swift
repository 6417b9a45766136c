import CRUDMemory
import CRUDViewModels
import Foundation
import Observation
import Testing

/// Whether reading `read` and then running `change` tells an observer.
@MainActor
func notifies(_ read: () -> Void, when change: () async -> Void) async -> Bool {
    let fired = Flag()
    withObservationTracking(read) { fired.set() }
    await change()
    return fired.isSet
}

/// A flag an observation handler may set from any thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

@MainActor
@Suite("Observation")
struct ObservationTests {
    @Test("Rows, errors, pending questions and drafts tell observers when they change, and only then")
    func observers() async throws {
        let store = MemoryStore()
        let list = TaskListModel(store: store)
        await list.load()
        #expect(
            await notifies(
                { _ = list.rows },
                when: {
                    list.newTitle = "Buy milk"; await list.add()
                }))
        let id = try #require(list.rows.first?.id)
        #expect(await notifies({ _ = list.rows }, when: { await list.toggle(id: id) }))
        #expect(await notifies({ _ = list.pendingDelete }, when: { list.requestDelete(id: id) }))
        #expect(await notifies({ _ = list.rows }, when: { await list.confirmDelete() }))
        list.filter = .completed
        #expect(
            await notifies(
                { _ = list.emptyState },
                when: {
                    list.newTitle = "Buy bread"; await list.add()
                }))
        #expect(list.emptyState == .noMatches)
        #expect(await notifies({ _ = list.errorMessage }, when: { await list.rename(id: id, to: "") }))
        #expect(await notifies({ _ = list.rows }, when: { list.searchText = "x" }) == false, "a search edit does not change rows")

        let editor = TaskEditorModel(store: store)
        #expect(await notifies({ _ = editor.titleMessage }, when: { editor.title = " " }))
        #expect(await notifies({ _ = editor.pendingDiscard }, when: { editor.cancel() }))
        let contacts = ContactListModel(store: store)
        #expect(await notifies({ _ = contacts.rows }, when: { await contacts.load() }) == false, "nothing to show, nothing changed")
        _ = try await store.createContact(name: "Ada", email: "ada@example.org", phone: nil)
        #expect(await notifies({ _ = contacts.rows }, when: { await contacts.load() }))
    }
}
