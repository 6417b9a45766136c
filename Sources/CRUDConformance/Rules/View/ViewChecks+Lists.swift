import CRUDSpec
import CRUDViewModels
import Foundation

extension ViewChecks {
    /// VIEW-003: declined, failed and confirmed deletes from a task list and a contact list.
    nonisolated(nonsending) static func delete<S: CRUDSpec>(_ context: CheckContext, _ backendStore: S, logic: ViewLogic) async throws {
        try await withStore(context, backendStore) { store in
            let made = try await context.createTasks(["Pay rent", "Pay rent", "Buy stamps"])
            let victim = made[1]
            let list = TaskListModel(store: store, logic: logic.list())
            await list.load()
            let before = try await context.snapshot()

            list.requestDelete(id: victim.id)
            try context.expect(
                list.pendingDelete?.recordID == victim.id && list.pendingDelete?.message.contains("\"Pay rent\"") == true,
                "requestDelete(the second \"Pay rent\")", expected: "a question about that task, naming it",
                actual: Show.value(list.pendingDelete as Any))
            list.cancelDelete()
            await list.load()
            try await context.expectUnchanged(since: before, after: "a declined delete")

            list.requestDelete(id: victim.id)
            store.failNext(1)
            try context.expectEqual(await list.confirmDelete(), false, "what confirmDelete() returned while the store fails")
            try expectInjected(store, 1, after: "the failed delete", context)
            try context.expect(
                list.tasks.contains { $0.id == victim.id } && list.errorMessage != nil, "the list after a failed delete",
                expected: "the row still there and an error message",
                actual: "rows \(Show.value(list.tasks)), message \(Show.value(list.errorMessage as Any))")
            try await context.expectUnchanged(since: before, after: "a failed delete")

            list.requestDelete(id: victim.id)
            try context.expectEqual(await list.confirmDelete(), true, "what confirmDelete() returned with the store working")
            let expected = Snapshot(tasks: before.tasks.filter { $0.id != victim.id }, contacts: before.contacts)
            try await context.expectUnchanged(since: expected, after: "a confirmed delete of the second \"Pay rent\", apart from that task")
            try await expectListMatchesStore(list, after: "a confirmed delete", context)

            let ada = try await context.createContact("Ada Lovelace", "ada@example.com")
            let grace = try await context.createContact("Grace Hopper", "grace@example.com")
            let contacts = ContactListModel(store: store)
            await contacts.load()
            let withContacts = try await context.snapshot()
            contacts.requestDelete(id: grace.id)
            contacts.cancelDelete()
            try context.expectEqual(await contacts.confirmDelete(), false, "confirmDelete() after the contact's delete was declined")
            try await context.expectUnchanged(since: withContacts, after: "a declined contact delete")
            contacts.requestDelete(id: grace.id)
            try context.expectEqual(await contacts.confirmDelete(), true, "what confirmDelete() of a contact returned")
            try context.expectIDs(try await context.listContacts(), [ada], "the contacts after deleting Grace Hopper")
            try context.expectIDs(contacts.contacts, [ada], "the contact list after deleting Grace Hopper")
        }
    }

    /// VIEW-004: the empty states of both lists, through failed loads and adds.
    nonisolated(nonsending) static func emptyStates<S: CRUDSpec>(_ context: CheckContext, _ backendStore: S, logic: ViewLogic) async throws
    {
        try await withStore(context, backendStore) { store in
            let list = TaskListModel(store: store, logic: logic.list())
            func expectEmpty(_ expected: EmptyState?, _ step: String) throws {
                try context.expectEqual(list.emptyState, expected, "the task list's empty state \(step)")
            }
            try expectEmpty(nil, "before any load")
            store.failNext(1, of: .reads)
            await list.load()
            try context.expectEqual(store.injectedFailures(of: .reads), 1, "reads failed on purpose by the first load")
            try expectEmpty(nil, "after a load that failed (nothing is known yet)")
            await list.load()
            try expectEmpty(.noRecordsYet, "of an empty store")

            list.newTitle = "Feed the cat"
            store.failNext(1)
            try context.expectEqual(await list.add(), false, "what add() returned while the store fails")
            try expectInjected(store, 2, after: "the failed add", context)
            try expectEmpty(.noRecordsYet, "after a failed add")
            try context.expectEqual(await list.add(), true, "what add() returned with the store working")
            try expectEmpty(nil, "with one task")

            for (filter, search, what) in [(TaskFilter.completed, "", "filtered to done tasks"), (.all, "zebra", "searched for zebra")] {
                list.filter = filter
                list.searchText = search
                await list.load()
                try expectEmpty(.noMatches, "with one task not done, \(what)")
            }
            list.filter = .all
            list.searchText = ""
            await list.load()
            let id = try context.expectOneRow(list)
            try context.expectEqual(await list.toggle(id: id), true, "what toggle() returned")
            list.filter = .incomplete
            await list.load()
            try expectEmpty(.noMatches, "with every task done, filtered to tasks not done")
            list.filter = .all
            await list.load()
            list.requestDelete(id: id)
            try context.expectEqual(await list.confirmDelete(), true, "what confirmDelete() of the only task returned")
            try expectEmpty(.noRecordsYet, "after deleting the only task")

            let contacts = ContactListModel(store: store)
            await contacts.load()
            try context.expectEqual(contacts.emptyState, .noRecordsYet, "the contact list's empty state of a store without contacts")
            _ = try await context.createContact("Ada Lovelace", "ada@example.com")
            contacts.searchText = "zebra"
            await contacts.load()
            try context.expectEqual(contacts.emptyState, .noMatches, "the contact list's empty state, searched for zebra")
            contacts.searchText = ""
            await contacts.load()
            try context.expectEqual(contacts.emptyState, nil, "the contact list's empty state with one contact")
        }
    }
}

extension CheckContext {
    /// The id of a list's only row, or a failure saying how many rows it has.
    fileprivate func expectOneRow(_ list: TaskListModel) throws -> UUID {
        guard list.tasks.count == 1, let only = list.tasks.first else {
            throw CheckFailure(step: "the task list with one task", expected: "1 row", actual: "\(list.tasks.count) rows")
        }
        return only.id
    }
}
