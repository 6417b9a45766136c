import CRUDSpec
import Foundation

extension Rules {
    static let taskImport: [Rule] = [
        Rule(
            "TASK-IMPORT-001",
            statement:
                "Importing titles creates one task per title, in order, trimmed, with no notes, not completed, all created and updated at one instant read from the clock, with distinct ids; the older tasks stay as they were.",
            reason: "Bulk entry (pasting a shopping list) must behave like many creates, only faster.",
            hint: "Validate every title first, read the clock once, then store them all in one transaction or one write.",
            requires: [.injectedClock]
        ) { context in
            let older = try await context.createTask("Older", notes: "kept")
            try context.tick()
            try context.moveClockOnEveryRead()
            let titles = ["  eggs", "flour\n", "sugar", "eggs"]
            let (imported, instants) = try await context.timed("importTasks(titles: \(Show.value(titles)))") {
                try await context.store.importTasks(titles: titles)
            }
            try context.expectTitles(imported, ["eggs", "flour", "sugar", "eggs"], "tasks returned by import")
            try context.expectEqual(Set(imported.map(\.id)).count, 4, "distinct ids of four imported tasks")
            guard let first = imported.first else {
                throw CheckFailure(step: "importTasks(titles: four titles)", expected: "four tasks", actual: "none")
            }
            try context.expectClockReading(first.createdAt, among: instants, "createdAt of the first imported task")
            for task in imported {
                let expected = TaskItem(
                    id: task.id, title: task.title, notes: nil, isCompleted: false, createdAt: first.createdAt, updatedAt: first.createdAt)
                try context.expectSameTask(task, expected, "imported \(Show.text(task.title)) (the instant of the first)")
                try context.expectSameTask(try await context.task(task.id), expected, "imported \(Show.text(task.title)) read back")
            }
            try context.expectTitles(
                try await context.list(), ["eggs", "sugar", "flour", "eggs", "Older"], "tasks() after import, newest (last imported) first")
            try context.expectSameTask(try await context.task(older.id), older, "the older task after the import")
        },
        Rule(
            "TASK-IMPORT-002",
            statement:
                "An import with an invalid title stores nothing and throws a validation error naming the 1-based position of the first invalid title.",
            reason: "A half-imported list is hard to fix: the user cannot tell which lines went in.",
            hint: "Validate all titles before storing any (Validation.titles), or roll the transaction back."
        ) { context in
            _ = try await context.createTask("Before")
            let cases: [([String], Int, ValidationReason)] = [
                (["ok 1", "ok 2", "   ", "ok 4"], 3, .empty),
                (["bad\tone", "ok"], 1, .invalidCharacters),
                (["ok", "ok", String(repeating: "x", count: 201)], 3, .tooLong(max: 200)),
                (["ok", "\u{7F}del", "  "], 2, .invalidCharacters),
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
