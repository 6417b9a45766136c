import CRUDSpec
import Foundation

extension Rules {
    static let taskUpdate: [Rule] = [
        Rule(
            "TASK-UPDATE-001",
            statement:
                "Renaming changes the title only: same id, notes, flag and createdAt; updatedAt becomes now; the count is unchanged.",
            reason: "An edit that makes a new record, or rewrites its history, breaks links, order and undo.",
            hint: "Update the existing record in place by id; set updatedAt from the clock, never createdAt."
        ) { context in
            let created = context.tick()
            let task = try await context.createTask("Draft", notes: "keep me")
            let later = context.tick()
            let renamed = try await context.attempt("renameTask(id:, to: \"Final\")") {
                try await context.store.renameTask(id: task.id, to: "Final")
            }
            var expected = task
            expected.title = "Final"
            expected.updatedAt = later
            try context.expectSameTask(renamed, expected, "the task returned by rename")
            try context.expectSameTask(try await context.task(task.id), expected, "the renamed task read back")
            try context.expectSameInstant(renamed.createdAt, created, "createdAt after rename")
            try context.expectEqual(try await context.count(), 1, "count after rename")
        },
        Rule(
            "TASK-UPDATE-002",
            statement: "A new title is trimmed and validated like on create; a rejected rename changes nothing, updatedAt included.",
            reason: "Every way into the store must keep the same promises, or bad data enters through the side door.",
            hint: "Run the same title validation in rename before changing the record."
        ) { context in
            let task = try await context.createTask("Original")
            context.tick()
            let trimmed = try await context.attempt("renameTask(id:, to: \"  Spaced \\n\")") {
                try await context.store.renameTask(id: task.id, to: "  Spaced \n")
            }
            try context.expectExactText(trimmed.title, "Spaced", "title after renaming to \"  Spaced \\n\"")
            let bad: [(String, ValidationReason)] = [
                ("  ", .empty), (String(repeating: "z", count: 201), .tooLong(max: 200)), ("tab\there", .invalidCharacters),
            ]
            for (title, reason) in bad {
                try await context.expectRejected("renameTask(id:, to: \(Show.text(title)))", .validation(.title, reason)) {
                    try await context.store.renameTask(id: task.id, to: title)
                }
            }
        },
        Rule(
            "TASK-UPDATE-003",
            statement: "Editing notes sets, replaces or (with nil or blank) removes them, validated like on create; updatedAt becomes now.",
            reason: "Notes change over a task's life; clearing them must really clear them.",
            hint: "Validate with the notes rule; store nil for blank; leave the title alone."
        ) { context in
            let task = try await context.createTask("Plan")
            let steps: [(String?, String?)] = [
                (" first draft ", "first draft"), ("line 1\nline 2", "line 1\nline 2"), ("   ", nil), ("back", "back"), (nil, nil),
            ]
            for (notes, stored) in steps {
                let now = context.tick()
                let edited = try await context.attempt("editTaskNotes(id:, notes: \(Show.value(notes as Any)))") {
                    try await context.store.editTaskNotes(id: task.id, notes: notes)
                }
                try context.expectExactText(edited.notes, stored, "notes after editTaskNotes(\(Show.value(notes as Any)))")
                try context.expectExactText(edited.title, "Plan", "title after editing notes")
                try context.expectSameInstant(edited.updatedAt, now, "updatedAt after editing notes")
                try context.expectSameTask(try await context.task(task.id), edited, "the edited task read back")
            }
            try await context.expectRejected("editTaskNotes(id:, notes: 1,001 characters)", .validation(.notes, .tooLong(max: 1_000))) {
                try await context.store.editTaskNotes(id: task.id, notes: String(repeating: "n", count: 1_001))
            }
        },
        Rule(
            "TASK-UPDATE-004",
            statement: "setTaskCompleted sets the flag to the given value, also when it already has it; updatedAt becomes now.",
            reason: "\"Mark as done\" must be safe to press twice.",
            hint: "Assign the value (do not flip it); stamp updatedAt every time."
        ) { context in
            let task = try await context.createTask("Finish")
            for value in [true, true, false, false] {
                let now = context.tick()
                let updated = try await context.attempt("setTaskCompleted(id:, \(value))") {
                    try await context.store.setTaskCompleted(id: task.id, value)
                }
                try context.expectEqual(updated.isCompleted, value, "isCompleted after setTaskCompleted(\(value))")
                try context.expectSameInstant(updated.updatedAt, now, "updatedAt after setTaskCompleted(\(value))")
                try context.expectEqual(
                    try await context.task(task.id).isCompleted, value, "stored isCompleted after setTaskCompleted(\(value))")
            }
        },
        Rule(
            "TASK-UPDATE-005",
            statement: "Toggling flips the flag of that task only; toggling twice restores it; updatedAt becomes now.",
            reason: "A checkbox tap must change the task it belongs to, and nothing else.",
            hint: "Read the current flag by id and store its negation on the same record."
        ) { context in
            let made = try await context.createTasks(["left", "target", "right"])
            let first = context.tick()
            let once = try await context.attempt("toggleTask(\"target\")") { try await context.store.toggleTask(id: made[1].id) }
            try context.expectEqual(once.isCompleted, true, "isCompleted after one toggle")
            try context.expectSameInstant(once.updatedAt, first, "updatedAt after a toggle")
            let twice = try await context.attempt("toggleTask(\"target\") again") { try await context.store.toggleTask(id: made[1].id) }
            try context.expectEqual(twice.isCompleted, false, "isCompleted after two toggles")
            try context.expectSameTask(try await context.task(made[0].id), made[0], "the task before the toggled one")
            try context.expectSameTask(try await context.task(made[2].id), made[2], "the task after the toggled one")
        },
        Rule(
            "TASK-UPDATE-006",
            statement: "Every update of an unknown id throws notFound and creates nothing.",
            reason: "An \"upsert\" by accident resurrects deleted records and hides bugs.",
            hint: "Look the record up first; throw CRUDError.notFound(id:) when it is missing."
        ) { context in
            _ = try await context.createTask("Existing")
            let missing = UUID()
            try await context.expectRejected("renameTask(unknown id)", .notFound(missing)) {
                try await context.store.renameTask(id: missing, to: "Ghost")
            }
            try await context.expectRejected("editTaskNotes(unknown id)", .notFound(missing)) {
                try await context.store.editTaskNotes(id: missing, notes: "x")
            }
            try await context.expectRejected("setTaskCompleted(unknown id)", .notFound(missing)) {
                try await context.store.setTaskCompleted(id: missing, true)
            }
            try await context.expectRejected("toggleTask(unknown id)", .notFound(missing)) {
                try await context.store.toggleTask(id: missing)
            }
        },
        Rule(
            "TASK-UPDATE-007",
            statement: "An update changes its own record only: every other task stays equal in every field.",
            reason: "An update without the right condition (a missing WHERE) silently rewrites the whole list.",
            hint: "Address the record by id in every update."
        ) { context in
            let made = try await context.createTasks(["a", "b", "c"])
            context.tick()
            _ = try await context.attempt("renameTask(\"b\", to: \"B\")") { try await context.store.renameTask(id: made[1].id, to: "B") }
            _ = try await context.attempt("editTaskNotes(\"b\")") { try await context.store.editTaskNotes(id: made[1].id, notes: "n") }
            _ = try await context.attempt("setTaskCompleted(\"b\", true)") {
                try await context.store.setTaskCompleted(id: made[1].id, true)
            }
            for other in [made[0], made[2]] {
                try context.expectSameTask(try await context.task(other.id), other, "task \(Show.text(other.title)) after updating \"b\"")
            }
        },
    ]

    static let taskDelete: [Rule] = [
        Rule(
            "TASK-DELETE-001",
            statement: "Deleting removes exactly that task: it is gone by id and from lists, and the others are untouched.",
            reason: "Delete is irreversible; removing the wrong record, or too many, loses data for good.",
            hint: "Delete by id only; check that get(id) then throws notFound."
        ) { context in
            let made = try await context.createTasks(["keep 1", "remove", "keep 2"])
            try await context.attempt("deleteTask(\"remove\")") { try await context.store.deleteTask(id: made[1].id) }
            try await context.expectError("task(id:) of the deleted task", .notFound(made[1].id)) {
                try await context.store.task(id: made[1].id)
            }
            try context.expectIDs(try await context.list(), [made[2], made[0]], "tasks() after the delete")
            try context.expectSameTask(try await context.task(made[0].id), made[0], "a task that was not deleted")
            try context.expectEqual(try await context.count(), 2, "count after one delete")
        },
        Rule(
            "TASK-DELETE-002",
            statement: "Deleting an unknown id throws notFound and changes nothing.",
            reason: "Silent success hides stale screens and double deletes from the user and the developer.",
            hint: "Check that a record was actually removed (affected rows, a dictionary hit) and throw otherwise."
        ) { context in
            _ = try await context.createTasks(["one", "two"])
            let missing = UUID()
            try await context.expectRejected("deleteTask(unknown id)", .notFound(missing)) {
                try await context.store.deleteTask(id: missing)
            }
        },
        Rule(
            "TASK-DELETE-003",
            statement: "Deleting the same task twice: the second delete throws notFound.",
            reason: "A double tap or a retried request must not report success for nothing.",
            hint: "Treat an already-deleted id as unknown."
        ) { context in
            let task = try await context.createTask("Once")
            try await context.attempt("deleteTask(id:) the first time") { try await context.store.deleteTask(id: task.id) }
            try await context.expectRejected("deleteTask(id:) the second time", .notFound(task.id)) {
                try await context.store.deleteTask(id: task.id)
            }
        },
    ]

    static let taskImport: [Rule] = [
        Rule(
            "TASK-IMPORT-001",
            statement: "Importing titles creates one task per title, in order, trimmed, at the same instant, with distinct ids.",
            reason: "Bulk entry (pasting a shopping list) must behave like many creates, only faster.",
            hint: "Validate every title first, then store them all in one transaction or one write."
        ) { context in
            let now = context.tick()
            let titles = ["  eggs", "flour\n", "sugar", "eggs"]
            let imported = try await context.attempt("importTasks(titles: \(Show.value(titles)))") {
                try await context.store.importTasks(titles: titles)
            }
            try context.expectTitles(imported, ["eggs", "flour", "sugar", "eggs"], "tasks returned by import")
            try context.expectEqual(Set(imported.map(\.id)).count, 4, "distinct ids of four imported tasks")
            for task in imported {
                try context.expectSameInstant(task.createdAt, now, "createdAt of imported \(Show.text(task.title))")
                try context.expectEqual(task.isCompleted, false, "isCompleted of imported \(Show.text(task.title))")
            }
            try context.expectTitles(
                try await context.list(), ["eggs", "sugar", "flour", "eggs"], "tasks() after import, newest (last imported) first")
        },
        Rule(
            "TASK-IMPORT-002",
            statement: "An import with an invalid title stores nothing and throws a validation error naming the title's 1-based position.",
            reason: "A half-imported list is hard to fix: the user cannot tell which lines went in.",
            hint: "Validate all titles before storing any (Validation.titles), or roll the transaction back."
        ) { context in
            _ = try await context.createTask("Before")
            let cases: [([String], Int, ValidationReason)] = [
                (["ok 1", "ok 2", "   ", "ok 4"], 3, .empty),
                (["bad\tone", "ok"], 1, .invalidCharacters),
                (["ok", "ok", String(repeating: "x", count: 201)], 3, .tooLong(max: 200)),
            ]
            for (titles, position, reason) in cases {
                try await context.expectRejected(
                    "importTasks(titles: \(Show.value(titles)))", .validation(.title, reason, position: position)
                ) {
                    try await context.store.importTasks(titles: titles)
                }
            }
        },
        Rule(
            "TASK-IMPORT-003",
            statement: "Importing an empty list returns no tasks and changes nothing.",
            reason: "An empty file is a valid, if pointless, import.",
            hint: "Return early on an empty list; do not fail on an empty batch."
        ) { context in
            _ = try await context.createTask("Existing")
            let before = try await context.snapshot()
            let imported = try await context.attempt("importTasks(titles: [])") { try await context.store.importTasks(titles: []) }
            try context.expectEqual(imported.count, 0, "tasks returned by an empty import")
            try await context.expectUnchanged(since: before, after: "an empty import")
        },
    ]
}
