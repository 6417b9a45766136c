import CRUDSpec
import CRUDViewModels
import Foundation

extension ViewChecks {
    /// The seed of VIEW-005's operations: fixed, so every backend gets the same sequence and
    /// a failure repeats. It is named in every failure.
    static let listSeed: UInt64 = 0x5EED_0005

    /// VIEW-005: 40 seeded operations on a task list, a quarter of the writes failing; the
    /// list is what the store holds for its query after each.
    nonisolated(nonsending) static func listMatchesStore<S: CRUDSpec>(_ context: CheckContext, _ backendStore: S, logic: ViewLogic)
        async throws
    {
        try await withStore(context, backendStore) { store in
            store.failShare(0.25, seed: listSeed)
            var random = SeededRandom(seed: listSeed)
            let list = TaskListModel(store: store, logic: logic.list())
            await list.load()
            let titles = ["Buy milk", "apples", "Éclair", "pay rent", "  ", "milk tea"]
            var writes = 0
            for step in 1...40 {
                await context.letTimePass(seconds: 1)
                let id = list.tasks.randomElement(using: &random)?.id
                let operation: String
                switch (Int.random(in: 0..<8, using: &random), id) {
                case (0, _), (1, _), (_, nil):
                    list.newTitle = titles.randomElement(using: &random) ?? ""
                    operation = "add(\(Show.text(list.newTitle)))"
                    if list.canAdd { writes += 1 }
                    await list.add()
                case (2, let id?):
                    operation = "toggle(id: \(Show.id(id)))"
                    writes += 1
                    await list.toggle(id: id)
                case (3, let id?):
                    let title = titles.randomElement(using: &random) ?? ""
                    operation = "rename(id: \(Show.id(id)), to: \(Show.text(title)))"
                    if (try? Validation.title(title)) != nil { writes += 1 }
                    await list.rename(id: id, to: title)
                case (4, let id?):
                    let confirm = Bool.random(using: &random)
                    operation = confirm ? "delete confirmed (id: \(Show.id(id)))" : "delete declined (id: \(Show.id(id)))"
                    list.requestDelete(id: id)
                    if confirm {
                        writes += 1
                        await list.confirmDelete()
                    } else {
                        list.cancelDelete()
                    }
                case (5, _):
                    list.filter = TaskFilter.allCases.randomElement(using: &random) ?? .all
                    operation = "filter .\(list.filter), load()"
                    await list.load()
                case (6, _):
                    list.searchText = ["", "milk", "MILK ", "zz"].randomElement(using: &random) ?? ""
                    operation = "search \(Show.text(list.searchText)), load()"
                    await list.load()
                default:
                    list.sort = TaskSort.allCases.randomElement(using: &random) ?? .newestFirst
                    operation = "sort .\(list.sort), load()"
                    await list.load()
                }
                try await expectListMatchesStore(list, after: "step \(step) of seed \(listSeed), \(operation)", context)
            }
            let failed = store.injectedFailures
            try context.expect(
                failed > 0 && failed < writes, "writes failed on purpose in 40 operations of seed \(listSeed)",
                expected: "some, but not all, of \(writes) writes", actual: "\(failed)")
        }
    }

    /// VIEW-006: after each write through one list, the other agrees once refreshed; an
    /// editor on a record the first deleted reports it and re-creates nothing.
    nonisolated(nonsending) static func twoModels<S: CRUDSpec>(_ context: CheckContext, _ backendStore: S, logic: ViewLogic) async throws {
        try await withStore(context, backendStore) { store in
            let made = try await context.createTasks(["Buy milk", "Walk the dog", "Milk the cow"])
            let first = TaskListModel(store: store, logic: logic.list())
            let second = TaskListModel(store: store, logic: logic.list())
            for list in [first, second] {
                list.searchText = "milk"
                list.sort = .title
                await list.load()
            }
            try expectAgree(first, second, after: "both loaded", context)
            let stale = TaskEditorModel(store: store, task: made[0], logic: logic.editor())

            first.newTitle = "Oat milk"
            let writes: [(String, nonisolated(nonsending) () async -> Bool)] = [
                ("add(\"Oat milk\")", { await first.add() }),
                ("toggle(\"Milk the cow\")", { await first.toggle(id: made[2].id) }),
                ("rename(\"Milk the cow\", to: \"Milk the goat\")", { await first.rename(id: made[2].id, to: "Milk the goat") }),
                (
                    "delete(\"Buy milk\")",
                    {
                        first.requestDelete(id: made[0].id)
                        return await first.confirmDelete()
                    }
                ),
            ]
            var injected = 0
            for (what, write) in writes {
                for failing in [true, false] {
                    if failing { store.failNext(1) }
                    let done = await write()
                    if failing { injected += 1 }
                    try expectInjected(store, injected, after: what, context)
                    try context.expectEqual(
                        done, !failing, "what \(what) through the first list returned\(failing ? " while the store fails" : "")")
                    await second.load()
                    try expectAgree(first, second, after: "\(what)\(failing ? ", failed," : "") through the first", context)
                }
            }

            let before = try await context.snapshot()
            stale.title = "Buy oat milk"
            try context.expectEqual(await stale.save(), false, "what save() returned for a task the other list deleted")
            try context.expectEqual(stale.isDeletedMeanwhile, true, "isDeletedMeanwhile after saving a task deleted meanwhile")
            _ = store.takeInnerError()  // notFound, as it should be
            try await context.expectUnchanged(since: before, after: "saving a task deleted meanwhile")
        }
    }
}
