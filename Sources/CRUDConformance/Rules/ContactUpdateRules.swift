import CRUDSpec
import Foundation

extension Rules {
    static let contactUpdate: [Rule] = [
        Rule(
            "CONTACT-UPDATE-001",
            statement: "An update changes only the fields it names: same id and createdAt, updatedAt becomes now.",
            reason: "Editing a phone number must not wipe the email.",
            hint: "Apply each non-nil change to the stored record; leave nil fields as they are.",
            requires: [.injectedClock]
        ) { context in
            let created = try context.tick()
            let ada = try await context.createContact("Ada", "ada@example.com", phone: "555 123 4567")
            let steps: [(ContactChanges, String, String, String?)] = [
                (ContactChanges(name: " Ada King "), "Ada King", "ada@example.com", "555 123 4567"),
                (ContactChanges(email: " Countess@Example.com"), "Ada King", "countess@example.com", "555 123 4567"),
                (ContactChanges(phone: "+44 20 7946 0018"), "Ada King", "countess@example.com", "+44 20 7946 0018"),
                (ContactChanges(), "Ada King", "countess@example.com", "+44 20 7946 0018"),
            ]
            _ = try await context.createContact("Ada", "other.ada@example.com", phone: "555 123 4567")
            try context.moveClockOnEveryRead()
            for (changes, name, email, phone) in steps {
                let before = try await context.snapshot()
                let (updated, instants) = try await context.timed("updateContact(Ada, \(Describe.changes(changes)))") {
                    try await context.store.updateContact(id: ada.id, changes)
                }
                try context.expectClockReading(
                    updated.updatedAt, among: instants, "updatedAt after updateContact(\(Describe.changes(changes)))")
                try await context.expectOthersUnchanged(since: before, except: ada.id, after: "updateContact(\(Describe.changes(changes)))")
                let expected = Contact(id: ada.id, name: name, email: email, phone: phone, createdAt: created, updatedAt: updated.updatedAt)
                try context.expectSameContact(updated, expected, "contact returned by updateContact(\(Describe.changes(changes)))")
                try context.expectSameContact(
                    try await context.contact(ada.id), expected, "contact read back after updateContact(\(Describe.changes(changes)))")
            }
        },
        Rule(
            "CONTACT-UPDATE-002",
            statement: "An update is validated like a create; a rejected update changes nothing, not even its valid fields.",
            reason: "Applying half of an edit leaves a record nobody asked for.",
            hint: "Validate every changed field before writing any of them."
        ) { context in
            let ada = try await context.createContact("Ada", "ada@example.com", phone: "5551234567")
            let bad: [(ContactChanges, Field)] = [
                (ContactChanges(name: "Ada King", email: "not an email"), .email), (ContactChanges(name: " "), .name),
                (ContactChanges(email: "countess@example.com", phone: "12"), .phone),
                (ContactChanges(name: String(repeating: "x", count: 101)), .name),
            ]
            for (changes, field) in bad {
                try await context.expectRejected("updateContact(Ada, \(Describe.changes(changes)))", .validation(field)) {
                    try await context.store.updateContact(id: ada.id, changes)
                }
            }
        },
        Rule(
            "CONTACT-UPDATE-003",
            statement: "Updating the phone to a blank value removes it.",
            reason: "Clearing a field must be possible, and must look like never having set it.",
            hint: "Validation.phone returns nil for blank; store that nil."
        ) { context in
            let ada = try await context.createContact("Ada", "ada@example.com", phone: "5551234567")
            let cleared = try await context.attempt("updateContact(Ada, phone: \"\")") {
                try await context.store.updateContact(id: ada.id, ContactChanges(phone: ""))
            }
            try context.expectExactText(cleared.phone, nil, "phone after clearing it")
            try context.expectExactText(try await context.contact(ada.id).phone, nil, "stored phone after clearing it")
        },
        Rule(
            "CONTACT-UPDATE-004",
            statement: "Updating an unknown contact id throws notFound and creates nothing.",
            reason: "An update is never a create in disguise.",
            hint: "Look the contact up first; throw CRUDError.notFound(id:)."
        ) { context in
            _ = try await context.createContact("Ada", "ada@example.com")
            let missing = UUID()
            try await context.expectRejected("updateContact(unknown id, name: \"Ghost\")", .notFound(missing)) {
                try await context.store.updateContact(id: missing, ContactChanges(name: "Ghost", email: "ghost@example.com"))
            }
        },
    ]
}
