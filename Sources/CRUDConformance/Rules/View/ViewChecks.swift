import CRUDSpec
import CRUDViewModels
import Foundation

/// The checks of the VIEW rules. Each is generic over the backend's store type, so it can
/// wrap the store in a ``FailingStore``; the rules open the existential when they call it.
/// They run where they are called from, with the models they make: the check's own thread
/// (``ConformanceRunner`` gives each check one).
enum ViewChecks {
    /// Runs `check` on the backend's store wrapped in a ``FailingStore``. A model shows a
    /// store's error only as a message: when the check fails after the store threw one it
    /// was not made to, the failure says which.
    nonisolated(nonsending) static func withStore<S: CRUDSpec>(
        _ context: CheckContext, _ backendStore: S, _ check: nonisolated(nonsending) (FailingStore<S>) async throws -> Void
    ) async throws {
        let store = FailingStore(backendStore)
        do {
            try await check(store)
        } catch let failure as CheckFailure {
            guard let error = store.takeInnerError() else { throw failure }
            throw CheckFailure(
                step: failure.step, expected: failure.expected,
                actual: "\(failure.actual), after the store threw \(Show.error(error)) under the model", thrown: error as? CRUDError)
        }
    }

    /// Requires `store` to have injected exactly `expected` failures so far: a check whose
    /// failure never happened would pass without checking anything.
    static func expectInjected<S>(_ store: FailingStore<S>, _ expected: Int, after step: String, _ context: CheckContext) throws {
        try context.expectEqual(store.injectedFailures, expected, "failures injected so far, after \(step)")
    }

    /// Saves `editor` while its store fails, and requires the save to report failure, the
    /// failure to have been injected (`injected`: the store's count, read after the save,
    /// and the count expected), and the editor to stay open with the draft as typed and the
    /// store's message.
    nonisolated(nonsending) static func expectFailedSave(
        _ editor: some DraftEditorModel, typed: [(field: String, text: String)], shown: () -> [String], error: CRUDError,
        injected: @autoclosure () -> (count: Int, expected: Int), _ step: String, _ context: CheckContext
    ) async throws {
        try context.expectEqual(await editor.save(), false, "what \(step) returned")
        let (count, expected) = injected()
        try context.expectEqual(count, expected, "failures injected so far, after \(step)")
        for (field, shownText) in zip(typed, shown()) {
            try context.expectExactText(shownText, field.text, "the \(field.field) the editor shows after \(step)")
        }
        try context.expectEqual(editor.errorMessage, error.message, "the editor's error message after \(step)")
        try context.expect(editor.outcome == nil, "the editor after \(step)", expected: "still open (no outcome)", actual: "closed")
    }

    /// Requires the tasks to hold what `before` holds in every field a user sees (id, title,
    /// notes, completion, creation): a save of title and notes is two writes, and undoing the
    /// first when the second fails moves `updatedAt` on.
    nonisolated(nonsending) static func expectSameContent(since before: Snapshot, after step: String, _ context: CheckContext) async throws
    {
        let now = try await context.snapshot()
        let same = now.tasks.elementsEqual(before.tasks) { lhs, rhs in
            var aligned = rhs
            aligned.updatedAt = lhs.updatedAt
            return Snapshot.same(lhs, aligned)
        }
        try context.expect(
            same && now.contacts.elementsEqual(before.contacts, by: Snapshot.same), "the records after \(step)",
            expected: "unchanged but for updatedAt: \(Show.value(before.tasks))", actual: Show.value(now.tasks))
    }

    /// Requires a list's tasks to be exactly what the store holds for the list's query.
    nonisolated(nonsending) static func expectListMatchesStore(_ list: TaskListModel, after step: String, _ context: CheckContext)
        async throws
    {
        // The query is built here from what the list shows, not taken from the list, so that
        // a list that dropped its sort or filter from its own query would not agree with itself.
        let stored = try await context.list(TaskQuery(filter: list.filter, search: list.searchText, sort: list.sort))
        try context.expect(
            list.tasks.elementsEqual(stored, by: Snapshot.same), "the list's tasks after \(step)",
            expected: "what the store holds for the list's query: \(Show.value(stored))", actual: Show.value(list.tasks))
    }

    /// Requires two lists to show the same tasks, field for field.
    static func expectAgree(_ first: TaskListModel, _ second: TaskListModel, after step: String, _ context: CheckContext) throws {
        try context.expect(
            first.tasks.elementsEqual(second.tasks, by: Snapshot.same), "the second list, refreshed after \(step)",
            expected: "the first list's tasks: \(Show.value(first.tasks))", actual: Show.value(second.tasks))
    }
}
