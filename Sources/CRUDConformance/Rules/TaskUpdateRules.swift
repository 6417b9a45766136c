import CRUDSpec
import Foundation

extension Rules {
    static let taskUpdate: [Rule] = [
        Rule(
            "TASK-UPDATE-001",
            statement:
                "Renaming changes the title only: same id, notes, flag and createdAt; updatedAt becomes now; the count is unchanged.",
            reason: "An edit that makes a new record, or rewrites its history, breaks links, order and undo.",
            hint: "Update the existing record in place by id; set updatedAt from the clock, never createdAt.",
            requires: [.injectedClock]
        ) { context in
            let created = try context.tick()
            let task = try await context.createTask("Draft", notes: "keep me")
            _ = try await context.createTasks(["Draft", "Other"])
            let done = try await context.attempt("setTaskCompleted(\"Draft\", true)") {
                try await context.store.setTaskCompleted(id: task.id, true)
            }
            try context.tick()
            try context.moveClockOnEveryRead()
            let before = try await context.snapshot()
            let (renamed, instants) = try await context.timed("renameTask(id:, to: \"Final\")") {
                try await context.store.renameTask(id: task.id, to: "Final")
            }
            try context.expectClockReading(renamed.updatedAt, among: instants, "updatedAt after rename")
            var expected = done
            expected.title = "Final"
            expected.updatedAt = renamed.updatedAt
            try context.expectSameTask(renamed, expected, "the task returned by rename")
            try context.expectSameTask(try await context.task(task.id), expected, "the renamed task read back")
            try context.expectSameInstant(renamed.createdAt, created, "createdAt after rename")
            try await context.expectOthersUnchanged(since: before, except: task.id, after: "the rename")
        },
        Rule(
            "TASK-UPDATE-002",
            statement: "A new title is trimmed and validated like on create; a rejected rename changes nothing, updatedAt included.",
            reason: "Every way into the store must keep the same promises, or bad data enters through the side door.",
            hint: "Run the same title validation in rename before changing the record."
        ) { context in
            let task = try await context.createTask("Original")
            await context.letTimePass()
            let trimmed = try await context.attempt("renameTask(id:, to: \"  Spaced \\n\")") {
                try await context.store.renameTask(id: task.id, to: "  Spaced \n")
            }
            try context.expectExactText(trimmed.title, "Spaced", "title after renaming to \"  Spaced \\n\"")
            let bad: [(String, ValidationReason)] = [
                ("  ", .empty), (String(repeating: "z", count: 201), .tooLong(max: 200)), ("tab\there", .invalidCharacters),
            ]
            for (title, reason) in bad {
                await context.letTimePass()  // so a rejected rename that stamps updatedAt is seen
                try await context.expectRejected("renameTask(id:, to: \(Show.text(title)))", .validation(.title, reason)) {
                    try await context.store.renameTask(id: task.id, to: title)
                }
            }
        },
        Rule(
            "TASK-UPDATE-003",
            statement: "Editing notes sets, replaces or (with nil or blank) removes them, validated like on create; updatedAt becomes now.",
            reason: "Notes change over a task's life; clearing them must really clear them.",
            hint: "Validate with the notes rule; store nil for blank; leave the title alone.",
            requires: [.injectedClock]
        ) { context in
            let plan = try await context.createTask("Plan")
            _ = try await context.createTasks(["Plan", "Other"])
            var current = try await context.attempt("setTaskCompleted(\"Plan\", true)") {
                try await context.store.setTaskCompleted(id: plan.id, true)
            }
            try context.moveClockOnEveryRead()
            let steps: [(String?, String?)] = [
                (" first draft ", "first draft"), ("line 1\nline 2", "line 1\nline 2"), ("   ", nil), ("back", "back"), (nil, nil),
            ]
            for (notes, stored) in steps {
                let before = try await context.snapshot()
                let (edited, instants) = try await context.timed("editTaskNotes(id:, notes: \(Show.value(notes as Any)))") {
                    try await context.store.editTaskNotes(id: plan.id, notes: notes)
                }
                try context.expectClockReading(
                    edited.updatedAt, among: instants, "updatedAt after editTaskNotes(\(Show.value(notes as Any)))")
                current.notes = stored
                current.updatedAt = edited.updatedAt
                try context.expectSameTask(edited, current, "the task returned by editTaskNotes(\(Show.value(notes as Any)))")
                try context.expectSameTask(try await context.task(plan.id), current, "the edited task read back")
                try await context.expectOthersUnchanged(since: before, except: plan.id, after: "editing notes")
            }
            try await context.expectRejected("editTaskNotes(id:, notes: 1,001 characters)", .validation(.notes, .tooLong(max: 1_000))) {
                try await context.store.editTaskNotes(id: plan.id, notes: String(repeating: "n", count: 1_001))
            }
        },
        Rule(
            "TASK-UPDATE-004",
            statement: "setTaskCompleted sets the flag to the given value, also when it already has it; updatedAt becomes now.",
            reason: "\"Mark as done\" must be safe to press twice.",
            hint: "Assign the value (do not flip it); stamp updatedAt every time.",
            requires: [.injectedClock]
        ) { context in
            let task = try await context.createTask("Finish", notes: "by Friday")
            _ = try await context.createTasks(["Finish", "Other"])
            var current = task
            try context.moveClockOnEveryRead()
            for value in [true, true, false, false] {
                let before = try await context.snapshot()
                let (updated, instants) = try await context.timed("setTaskCompleted(id:, \(value))") {
                    try await context.store.setTaskCompleted(id: task.id, value)
                }
                try context.expectClockReading(updated.updatedAt, among: instants, "updatedAt after setTaskCompleted(\(value))")
                current.isCompleted = value
                current.updatedAt = updated.updatedAt
                try context.expectSameTask(updated, current, "the task returned by setTaskCompleted(\(value))")
                try context.expectSameTask(try await context.task(task.id), current, "the task read back after setTaskCompleted(\(value))")
                try await context.expectOthersUnchanged(since: before, except: task.id, after: "setTaskCompleted(\(value))")
            }
        },
        Rule(
            "TASK-UPDATE-005",
            statement: "Toggling flips the flag of that task only; toggling twice restores it; updatedAt becomes now.",
            reason: "A checkbox tap must change the task it belongs to, and nothing else.",
            hint: "Read the current flag by id and store its negation on the same record.",
            requires: [.injectedClock]
        ) { context in
            let made = try await context.createTasks(["left", "target", "right"])
            var current = made[1]
            try context.moveClockOnEveryRead()
            for (round, expected) in [true, false, true].enumerated() {
                let before = try await context.snapshot()
                let (toggled, instants) = try await context.timed("toggleTask(\"target\") #\(round + 1)") {
                    try await context.store.toggleTask(id: made[1].id)
                }
                try context.expectClockReading(toggled.updatedAt, among: instants, "updatedAt after toggle #\(round + 1)")
                current.isCompleted = expected
                current.updatedAt = toggled.updatedAt
                try context.expectSameTask(toggled, current, "the task returned by toggle #\(round + 1)")
                try context.expectSameTask(try await context.task(made[1].id), current, "the task read back after toggle #\(round + 1)")
                try await context.expectOthersUnchanged(since: before, except: made[1].id, after: "toggle #\(round + 1)")
            }
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
            await context.letTimePass()
            _ = try await context.attempt("renameTask(\"b\", to: \"B\")") { try await context.store.renameTask(id: made[1].id, to: "B") }
            _ = try await context.attempt("editTaskNotes(\"b\")") { try await context.store.editTaskNotes(id: made[1].id, notes: "n") }
            _ = try await context.attempt("setTaskCompleted(\"b\", true)") {
                try await context.store.setTaskCompleted(id: made[1].id, true)
            }
            for other in [made[0], made[2]] {
                try context.expectSameTask(try await context.task(other.id), other, "task \(Show.text(other.title)) after updating \"b\"")
            }
        },
        Rule(
            "TASK-UPDATE-008",
            statement:
                "Where titles repeat, rename, notes, set completed and toggle change the task with that id only, also when it is completed; the others with the same title stay equal in every field.",
            reason: "Lists hold several \"Buy milk\" tasks; a store that finds records by title changes the wrong one or all of them.",
            hint: "Address every update by id (WHERE id = ?), never by title."
        ) { context in
            let made = try await context.createTasks(["Buy milk", "Buy milk", "Buy milk"])
            let middle = made[1].id
            _ = try await context.attempt("setTaskCompleted(the first \"Buy milk\", true)") {
                try await context.store.setTaskCompleted(id: made[0].id, true)
            }
            _ = try await context.attempt("setTaskCompleted(the second \"Buy milk\", true)") {
                try await context.store.setTaskCompleted(id: middle, true)
            }
            await context.letTimePass()
            let updates: [(String, @Sendable (any CRUDSpec) async throws -> TaskItem)] = [
                ("toggleTask", { try await $0.toggleTask(id: middle) }),
                ("toggleTask again", { try await $0.toggleTask(id: middle) }),
                ("editTaskNotes", { try await $0.editTaskNotes(id: middle, notes: "the second one") }),
                ("renameTask to the same title", { try await $0.renameTask(id: middle, to: "Buy milk") }),
                ("setTaskCompleted(false)", { try await $0.setTaskCompleted(id: middle, false) }),
                ("renameTask", { try await $0.renameTask(id: middle, to: "Buy oat milk") }),
            ]
            for (call, update) in updates {
                let before = try await context.snapshot()
                let updated = try await context.attempt("\(call) on the second of three tasks titled \"Buy milk\"") {
                    try await update(try context.store)
                }
                try context.expectEqual(updated.id, middle, "the id of the task returned by \(call)")
                try await context.expectOthersUnchanged(since: before, except: middle, after: "\(call) on one of the repeated titles")
            }
            let final = try await context.task(middle)
            try context.expectExactText(final.title, "Buy oat milk", "the title of the updated task")
            try context.expectExactText(final.notes, "the second one", "the notes of the updated task")
            try context.expectEqual(final.isCompleted, false, "isCompleted of the updated task")
        },
    ]
}
