import CRUDSpec
import Foundation

extension Rules {
    static let contactDuplicate: [Rule] = [
        Rule(
            "CONTACT-DUP-001",
            statement: "Creating a contact with an email another contact has throws duplicate(email) and stores nothing.",
            reason: "Two contacts with one address confuse every feature that looks people up by email.",
            hint: "Check for the normalized email before inserting, or rely on a unique index and map its error."
        ) { context in
            _ = try await context.createContact("Ada", "ada@example.com")
            try await context.expectRejected(Describe.createContact("Another Ada", "ada@example.com", nil), .duplicate(.email)) {
                try await context.store.createContact(name: "Another Ada", email: "ada@example.com", phone: nil)
            }
        },
        Rule(
            "CONTACT-DUP-002",
            statement: "Emails are unique regardless of letter case and surrounding whitespace.",
            reason: "ADA@EXAMPLE.COM and ada@example.com reach the same person.",
            hint: "Compare the normalized (trimmed, lowercased) email, not what was typed."
        ) { context in
            _ = try await context.createContact("Ada", "ada@example.com")
            for email in ["ADA@EXAMPLE.COM", "  Ada@Example.com  "] {
                try await context.expectRejected(Describe.createContact("Ada again", email, nil), .duplicate(.email)) {
                    try await context.store.createContact(name: "Ada again", email: email, phone: nil)
                }
            }
        },
        Rule(
            "CONTACT-DUP-003",
            statement: "Updating a contact to an email another contact has throws duplicate(email) and changes neither contact.",
            reason: "Uniqueness must hold for every write, not only for creates.",
            hint: "Check the new email against the other contacts before updating."
        ) { context in
            _ = try await context.createContact("Ada", "ada@example.com")
            let grace = try await context.createContact("Grace", "grace@example.com")
            try await context.expectRejected("updateContact(Grace, email: \"Ada@Example.com\", name: \"Grace H.\")", .duplicate(.email)) {
                try await context.store.updateContact(id: grace.id, ContactChanges(name: "Grace H.", email: "Ada@Example.com"))
            }
        },
        Rule(
            "CONTACT-DUP-004",
            statement: "Updating a contact to its own email in other letter case is accepted and stored lowercased.",
            reason: "Fixing the capitals of one's own address is not a conflict with oneself.",
            hint: "Exclude the contact being updated from the uniqueness check."
        ) { context in
            let ada = try await context.createContact("Ada", "ada@example.com")
            let updated = try await context.attempt("updateContact(Ada, email: \"ADA@example.com\")") {
                try await context.store.updateContact(id: ada.id, ContactChanges(email: "ADA@example.com"))
            }
            try context.expectExactText(updated.email, "ada@example.com", "email after updating to its own email in capitals")
        },
        Rule(
            "CONTACT-DUP-005",
            statement: "An email becomes free again once its contact is deleted or changes to another email.",
            reason: "A stale uniqueness entry blocks a legitimate new contact forever.",
            hint: "Keep the email index in step with deletes and email changes."
        ) { context in
            let ada = try await context.createContact("Ada", "ada@example.com")
            try await context.attempt("deleteContact(Ada)") { try await context.store.deleteContact(id: ada.id) }
            let again = try await context.createContact("Ada again", "ada@example.com")
            _ = try await context.attempt("updateContact(Ada again, email: \"ada2@example.com\")") {
                try await context.store.updateContact(id: again.id, ContactChanges(email: "ada2@example.com"))
            }
            _ = try await context.createContact("Third Ada", "ada@example.com")
        },
    ]
}
