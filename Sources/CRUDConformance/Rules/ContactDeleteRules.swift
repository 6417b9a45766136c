import CRUDSpec
import Foundation

extension Rules {
    static let contactDelete: [Rule] = [
        Rule(
            "CONTACT-DELETE-001",
            statement: "Deleting a contact removes exactly that contact; the others are untouched.",
            reason: "Delete is irreversible; it must hit one record only.",
            hint: "Delete by id only."
        ) { context in
            let ada = try await context.createContact("Ada", "ada@example.com")
            let grace = try await context.createContact("Grace", "grace@example.com")
            let otherAda = try await context.createContact("Ada", "ada.king@example.com")
            try await context.attempt("deleteContact(Ada)") { try await context.store.deleteContact(id: ada.id) }
            try await context.expectError("contact(id:) of the deleted contact", .notFound(ada.id)) {
                try await context.store.contact(id: ada.id)
            }
            try context.expectIDs(try await context.listContacts(), [otherAda, grace], "contacts() after deleting one of two named Ada")
            try context.expectSameContact(try await context.contact(otherAda.id), otherAda, "the other contact named Ada")
            try context.expectSameContact(try await context.contact(grace.id), grace, "the contact that was not deleted")
        },
        Rule(
            "CONTACT-DELETE-002",
            statement: "Deleting an unknown contact id, or one already deleted, throws notFound and changes nothing.",
            reason: "Silent success hides stale screens and double deletes.",
            hint: "Check that a record was actually removed and throw otherwise."
        ) { context in
            let ada = try await context.createContact("Ada", "ada@example.com")
            _ = try await context.createContact("Grace", "grace@example.com")
            let missing = UUID()
            try await context.expectRejected("deleteContact(unknown id)", .notFound(missing)) {
                try await context.store.deleteContact(id: missing)
            }
            try await context.attempt("deleteContact(Ada)") { try await context.store.deleteContact(id: ada.id) }
            try await context.expectRejected("deleteContact(Ada) again", .notFound(ada.id)) {
                try await context.store.deleteContact(id: ada.id)
            }
        },
    ]
}
