import CRUDSpec
import Foundation

extension Rules {
    static let ids: [Rule] = [
        Rule(
            "IDS-001",
            statement:
                "An id of the other kind of record is unknown: every task operation given a contact's id, and every contact operation given a task's id, throws notFound with that id and changes nothing.",
            reason: "A store that keeps every record in one table by id would rename, complete or delete a contact through a task screen.",
            hint:
                "Look ids up among records of the operation's own kind only (one table or dictionary per kind, or a kind column in the condition)."
        ) { context in
            let task = try await context.createTask("A task", notes: "its notes")
            let contact = try await context.createContact("A contact", "contact@example.com", phone: "555 123 4567")
            await context.letTimePass()
            let (contactID, taskID) = (contact.id, task.id)
            let taskCalls: [(String, @Sendable (any CRUDSpec) async throws -> Void)] = [
                ("task(id:)", { _ = try await $0.task(id: contactID) }),
                ("renameTask(id:to:)", { _ = try await $0.renameTask(id: contactID, to: "Renamed") }),
                ("editTaskNotes(id:notes:)", { _ = try await $0.editTaskNotes(id: contactID, notes: "notes") }),
                ("setTaskCompleted(id:_:)", { _ = try await $0.setTaskCompleted(id: contactID, true) }),
                ("toggleTask(id:)", { _ = try await $0.toggleTask(id: contactID) }),
                ("deleteTask(id:)", { try await $0.deleteTask(id: contactID) }),
            ]
            for (call, operation) in taskCalls {
                try await context.expectRejected("\(call) with a contact's id", .notFound(contactID)) {
                    try await operation(try context.store)
                }
            }
            let contactCalls: [(String, @Sendable (any CRUDSpec) async throws -> Void)] = [
                ("contact(id:)", { _ = try await $0.contact(id: taskID) }),
                ("updateContact(id:_:)", { _ = try await $0.updateContact(id: taskID, ContactChanges(name: "Renamed")) }),
                ("deleteContact(id:)", { try await $0.deleteContact(id: taskID) }),
            ]
            for (call, operation) in contactCalls {
                try await context.expectRejected("\(call) with a task's id", .notFound(taskID)) {
                    try await operation(try context.store)
                }
            }
            try context.expectSameTask(try await context.task(task.id), task, "the task after calls with its id as a contact's")
            try context.expectSameContact(try await context.contact(contact.id), contact, "the contact after calls with its id as a task's")
        }
    ]
}
