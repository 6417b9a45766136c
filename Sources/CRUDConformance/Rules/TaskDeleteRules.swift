import CRUDSpec
import Foundation

extension Rules {
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
        Rule(
            "TASK-DELETE-004",
            statement: "Deleting one of several tasks with the same title, or a completed task, removes that task only.",
            reason: "A delete by title removes every \"Buy milk\"; one that skips completed tasks leaves done items behind.",
            hint: "Delete by id alone, whatever the title or the flag."
        ) { context in
            let made = try await context.createTasks(["Buy milk", "Buy milk", "Buy milk", "Done already"])
            _ = try await context.attempt("setTaskCompleted(\"Done already\", true)") {
                try await context.store.setTaskCompleted(id: made[3].id, true)
            }
            for (victim, what) in [(made[1], "the second of three tasks titled \"Buy milk\""), (made[3], "a completed task")] {
                let before = try await context.snapshot()
                try await context.attempt("deleteTask(\(what))") { try await context.store.deleteTask(id: victim.id) }
                try await context.expectError("task(id:) of \(what) after deleting it", .notFound(victim.id)) {
                    try await context.store.task(id: victim.id)
                }
                let expected = Snapshot(tasks: before.tasks.filter { $0.id != victim.id }, contacts: before.contacts)
                try await context.expectUnchanged(since: expected, after: "deleting \(what), apart from that task")
            }
        },
    ]
}
