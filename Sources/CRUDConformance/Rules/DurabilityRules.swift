import CRUDSpec
import Foundation

extension Rules {
    static let durability: [Rule] = [
        Rule(
            "DURABILITY-001",
            statement:
                "Tasks survive close and reopen unchanged: ids, exact text, notes (their CR LF and CR line breaks too), flags and dates to the millisecond.",
            reason: "Data must survive an app relaunch; that is what a store is for.",
            hint: "Write every committed change before returning; store dates with their milliseconds.",
            requires: [.durability]
        ) { context in
            var made: [TaskItem] = []
            for text in ["Plain", "Cafe\u{301} 👩‍💻 '); DROP TABLE tasks; --", "Notes too"] {
                await context.letTimePass()
                made.append(try await context.createTask(text, notes: text == "Notes too" ? "line 1\nline 2\r\nline 3\rline 4" : nil))
            }
            made[0] = try await context.attempt("toggleTask(\"Plain\")") { try await context.store.toggleTask(id: made[0].id) }
            try await context.reopen()
            for task in made {
                try context.expectSameTask(try await context.task(task.id), task, "task \(Show.text(task.title)) after reopen")
            }
        },
        Rule(
            "DURABILITY-002",
            statement: "Order survives reopen, including tasks created at the same instant and tasks with equal titles.",
            reason: "A list that reshuffles after a relaunch looks like data was lost.",
            hint: "Persist the creation sequence (array order, rowid), not only the dates.",
            requires: [.durability, .injectedClock]
        ) { context in
            try context.tick()
            for title in ["b", "a", "B", "a", "c"] { _ = try await context.createTask(title) }
            let newest = try await context.list()
            let byTitle = try await context.list(TaskQuery(sort: .title))
            try await context.reopen()
            try context.expectIDs(try await context.list(), newest, "tasks() after reopen")
            try context.expectIDs(try await context.list(TaskQuery(sort: .title)), byTitle, "tasks(sort: .title) after reopen")
        },
        Rule(
            "DURABILITY-003",
            statement: "Contacts survive reopen unchanged, and their emails are still unique afterwards.",
            reason: "Constraints that live only in memory vanish on relaunch and let duplicates in.",
            hint: "Rebuild (or persist) the unique email index when the store opens.",
            requires: [.durability]
        ) { context in
            let ada = try await context.createContact("Zoë Ada", "ada@example.com", phone: "+1 555 123 4567")
            try await context.reopen()
            try context.expectSameContact(try await context.contact(ada.id), ada, "contact after reopen")
            try await context.expectRejected(Describe.createContact("Copy", "ADA@example.com", nil), .duplicate(.email)) {
                try await context.store.createContact(name: "Copy", email: "ADA@example.com", phone: nil)
            }
        },
        Rule(
            "DURABILITY-004",
            statement: "Updates and deletes survive reopen.",
            reason: "A deletion that comes back after a relaunch, or an edit that reverts, breaks trust in the app.",
            hint: "Persist every change, not only inserts.",
            requires: [.durability]
        ) { context in
            let made = try await context.createTasks(["rename me", "delete me", "complete me"])
            let ada = try await context.createContact("Ada", "ada@example.com")
            let grace = try await context.createContact("Grace", "grace@example.com")
            await context.letTimePass()
            let renamed = try await context.attempt("renameTask(\"rename me\")") {
                try await context.store.renameTask(id: made[0].id, to: "renamed")
            }
            try await context.attempt("deleteTask(\"delete me\")") { try await context.store.deleteTask(id: made[1].id) }
            let completed = try await context.attempt("setTaskCompleted(\"complete me\")") {
                try await context.store.setTaskCompleted(id: made[2].id, true)
            }
            let changed = try await context.attempt("updateContact(Ada)") {
                try await context.store.updateContact(id: ada.id, ContactChanges(name: "Ada King", phone: "5551234567"))
            }
            try await context.attempt("deleteContact(Grace)") { try await context.store.deleteContact(id: grace.id) }
            try await context.reopen()
            try context.expectSameTask(try await context.task(renamed.id), renamed, "renamed task after reopen")
            try context.expectSameTask(try await context.task(completed.id), completed, "completed task after reopen")
            try await context.expectError("task(id:) of the deleted task after reopen", .notFound(made[1].id)) {
                try await context.store.task(id: made[1].id)
            }
            try context.expectSameContact(try await context.contact(ada.id), changed, "updated contact after reopen")
            try await context.expectError("contact(id:) of the deleted contact after reopen", .notFound(grace.id)) {
                try await context.store.contact(id: grace.id)
            }
        },
        Rule(
            "DURABILITY-005",
            statement: "Rejected operations leave no trace after reopen.",
            reason: "A failed save that half-wrote to disk shows up as corrupt data on the next launch.",
            hint: "Validate before writing; write a whole new state or roll back the transaction on error.",
            requires: [.durability]
        ) { context in
            let task = try await context.createTask("Keep")
            _ = try await context.createContact("Ada", "ada@example.com")
            let before = try await context.snapshot()
            _ = try? await context.store.createTask(title: "  ", notes: nil)
            _ = try? await context.store.createTask(title: "Valid", notes: String(repeating: "x", count: 1_001))
            _ = try? await context.store.importTasks(titles: ["ok", "ok", "bad\u{0}"])
            _ = try? await context.store.renameTask(id: task.id, to: "")
            _ = try? await context.store.createContact(name: "Dup", email: "ADA@example.com", phone: nil)
            _ = try? await context.store.renameTask(id: UUID(), to: "Ghost")
            try await context.reopen()
            try await context.expectUnchanged(since: before, after: "rejected operations and a reopen")
        },
        Rule(
            "DURABILITY-006",
            statement:
                "Tasks created after a reopen order after the older ones, even at the same instant, and still do after another reopen.",
            reason: "A creation sequence that restarts at zero after a relaunch puts new tasks among old ones.",
            hint: "Continue the sequence from the stored maximum (SQLite's rowid does; an in-file counter must be saved).",
            requires: [.durability, .injectedClock]
        ) { context in
            try context.tick()
            let old = try await context.createTask("old")
            try await context.reopen()
            let new = try await context.createTask("new")
            try context.expectIDs(
                try await context.list(), [new, old], "tasks() with one task from before and one from after a reopen, same instant")
            try await context.reopen()
            try context.expectIDs(try await context.list(), [new, old], "the same two tasks after a second reopen")
        },
        Rule(
            "DURABILITY-007",
            statement:
                "Every kind of write survives a reopen on its own: create, rename, edit notes, set completed, toggle, import, delete, and contact create, update and delete; afterwards the store reads back equal in every field and in the same order.",
            reason: "A store that saves on some operations only loses exactly the edit the user made last before quitting.",
            hint:
                "Save (or commit) at the end of every write operation, not only in create; reopen after each kind to find the one you missed.",
            requires: [.durability]
        ) { context in
            let task = try await context.createTask("Written", notes: "first notes")
            let writes: [(String, @Sendable (any CRUDSpec) async throws -> Void)] = [
                ("createTask", { _ = try await $0.createTask(title: "Created", notes: "line 1\nline 2") }),
                ("renameTask", { _ = try await $0.renameTask(id: task.id, to: "Renamed") }),
                ("editTaskNotes", { _ = try await $0.editTaskNotes(id: task.id, notes: "second notes") }),
                ("setTaskCompleted", { _ = try await $0.setTaskCompleted(id: task.id, true) }),
                ("toggleTask", { _ = try await $0.toggleTask(id: task.id) }),
                ("importTasks", { _ = try await $0.importTasks(titles: ["imported 1", "imported 2"]) }),
                ("deleteTask", { try await $0.deleteTask(id: task.id) }),
                ("createContact", { _ = try await $0.createContact(name: "Ada", email: "ada@example.com", phone: "555 123 4567") }),
                (
                    "updateContact",
                    {
                        let ada = try await Self.onlyContact(in: $0, after: "createContact and a reopen")
                        _ = try await $0.updateContact(
                            id: ada.id, ContactChanges(name: "Ada King", email: "Countess@Example.com", phone: ""))
                    }
                ),
                (
                    "deleteContact",
                    {
                        let ada = try await Self.onlyContact(in: $0, after: "updateContact and a reopen")
                        try await $0.deleteContact(id: ada.id)
                    }
                ),
            ]
            for (call, write) in writes {
                // Each write at a later instant with a millisecond part, so a lost updatedAt,
                // or one saved without its milliseconds, shows too.
                await context.letTimePass()
                try await context.attempt(call) { try await write(try context.store) }
                let before = try await context.snapshot()
                try await context.reopen()
                try await context.expectUnchanged(since: before, after: "\(call) and a reopen")
            }
        },
    ]

    /// The one contact a store holds; a failure when it holds none or several.
    private static func onlyContact(in store: any CRUDSpec, after step: String) async throws -> Contact {
        let contacts = try await store.contacts(ContactQuery())
        guard contacts.count == 1, let contact = contacts.first else {
            throw CheckFailure(step: "contacts() after \(step)", expected: "the one contact created", actual: Show.value(contacts))
        }
        return contact
    }
}
