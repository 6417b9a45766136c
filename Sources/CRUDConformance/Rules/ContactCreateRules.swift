import CRUDSpec
import Foundation

extension Rules {
    static let contactCreate: [Rule] = [
        Rule(
            "CONTACT-CREATE-001",
            statement: "A new contact has its name and phone trimmed, its email trimmed and lowercased, and createdAt = updatedAt = now.",
            reason: "Normalizing on the way in keeps comparisons, uniqueness and display consistent.",
            hint: "Run Validation.name, .email and .phone and store what they return.",
            requires: [.injectedClock]
        ) { context in
            try context.tick()
            try context.moveClockOnEveryRead()
            let (contact, instants) = try await context.timed(
                Describe.createContact("  Ada Lovelace ", " Ada@Example.ORG\n", " +44 20 7946 0018 ")
            ) {
                try await context.store.createContact(name: "  Ada Lovelace ", email: " Ada@Example.ORG\n", phone: " +44 20 7946 0018 ")
            }
            try context.expectExactText(contact.name, "Ada Lovelace", "name of the new contact")
            try context.expectExactText(contact.email, "ada@example.org", "email of the new contact")
            try context.expectExactText(contact.phone, "+44 20 7946 0018", "phone of the new contact")
            try context.expectClockReading(contact.createdAt, among: instants, "createdAt of the new contact")
            try context.expectSameInstant(
                contact.updatedAt, contact.createdAt, "updatedAt of the new contact (the same instant as createdAt)")
            try context.expectSameContact(try await context.contact(contact.id), contact, "contact(id:) after create")
        },
        Rule(
            "CONTACT-CREATE-002",
            statement:
                "A name is required, at most 100 Characters and without control characters; otherwise it is rejected and nothing is stored.",
            reason: "Every contact must be listable by a readable name.",
            hint: "Validate with Validation.name before storing; count Characters after trimming."
        ) { context in
            let longest = String(repeating: "ñ", count: 100)
            try context.expectExactText(try await context.createContact(longest, "long@example.com").name, longest, "a 100-character name")
            let bad: [(String, ValidationReason)] = [
                ("", .empty), ("  \t", .empty), (String(repeating: "n", count: 101), .tooLong(max: 100)),
                ("Ada\nLovelace", .invalidCharacters),
            ]
            for (name, reason) in bad {
                try await context.expectRejected(Describe.createContact(name, "x@example.com", nil), .validation(.name, reason)) {
                    try await context.store.createContact(name: name, email: "x@example.com", phone: nil)
                }
            }
        },
        Rule(
            "CONTACT-CREATE-003",
            statement:
                "An email that is not a plausible address (one @, a non-empty local part, a dotted domain, no White_Space inside, U+00A0 and U+3000 included) is rejected with validation.invalidEmail (blank: validation.empty) and nothing is stored.",
            reason: "A contact exists to be reached; an address that cannot work is a typo to catch now.",
            hint: "Exactly one @, a non-empty local part, a dotted domain with no empty labels, no whitespace."
        ) { context in
            let invalid = [
                "plainaddress", "@example.com", "ada@", "ada@example", "ada@@example.com", "a@b@example.com", "ada lovelace@example.com",
                "ada@exa mple.com", "ada@.com", "ada@example.", "ada@example..com", "ada\t@example.com",
            ]
            for email in invalid {
                try await context.expectRejected(Describe.createContact("Ada", email, nil), .validation(.email, .invalidEmail)) {
                    try await context.store.createContact(name: "Ada", email: email, phone: nil)
                }
            }
            let spaced = TextCorpus.whiteSpace.map { "ada\(String($0))lovelace@example.com" }
            let before = try await context.snapshot()
            for email in spaced {
                try await context.expectError(
                    Describe.createContact("Ada", email, nil) + Describe.scalars(email), .validation(.email, .invalidEmail)
                ) {
                    try await context.store.createContact(name: "Ada", email: email, phone: nil)
                }
            }
            try await context.expectUnchanged(since: before, after: "emails with White_Space inside")
            try await context.expectRejected(Describe.createContact("Ada", "  ", nil), .validation(.email, .empty)) {
                try await context.store.createContact(name: "Ada", email: "  ", phone: nil)
            }
        },
        Rule(
            "CONTACT-CREATE-004",
            statement: "Plausible emails are accepted, up to 254 Characters; a longer one is rejected with validation.tooLong(254).",
            reason: "Real addresses have plus tags, subdomains, apostrophes and non-ASCII letters.",
            hint: "Do not over-validate; check the length after trimming."
        ) { context in
            let local = String(repeating: "a", count: 64)
            let domain = String(repeating: "b", count: 185) + ".com"  // 64 + 1 + 189 = 254
            let cases: [(String, String)] = [
                ("a@b.co", "a@b.co"), ("First.Last+tag@Mail.Example.org", "first.last+tag@mail.example.org"),
                ("o'brien@example.ie", "o'brien@example.ie"), ("Jürgen@Bücher.DE", "jürgen@bücher.de"),
                ("\(local)@\(domain)", "\(local)@\(domain)"),
            ]
            for (index, (email, stored)) in cases.enumerated() {
                let contact = try await context.createContact("Person \(index)", email)
                try context.expectExactText(contact.email, stored, "email of \(Describe.createContact("Person \(index)", email, nil))")
            }
            let tooLong = "a\(local)@\(domain)"
            try await context.expectRejected(Describe.createContact("Long", tooLong, nil), .validation(.email, .tooLong(max: 254))) {
                try await context.store.createContact(name: "Long", email: tooLong, phone: nil)
            }
        },
        Rule(
            "CONTACT-CREATE-005",
            statement: "A phone is optional: missing or blank means none; 7 to 15 digits with spaces and + - ( ) . are accepted, trimmed.",
            reason: "People write numbers in many formats; the digit count is what makes one plausible.",
            hint: "Count ASCII digits; allow only space + - ( ) . besides; store nil for blank."
        ) { context in
            let cases: [(String?, String?)] = [
                (nil, nil), ("", nil), ("   ", nil), ("+1 (555) 123-4567", "+1 (555) 123-4567"), ("555.123.4567", "555.123.4567"),
                (" 1234567 ", "1234567"), ("123456789012345", "123456789012345"),
            ]
            for (index, (phone, stored)) in cases.enumerated() {
                let contact = try await context.createContact("Caller \(index)", "caller\(index)@example.com", phone: phone)
                try context.expectExactText(contact.phone, stored, "phone of createContact(phone: \(Show.value(phone as Any)))")
            }
        },
        Rule(
            "CONTACT-CREATE-006",
            statement:
                "A phone with fewer than 7 or more than 15 digits, letters or other symbols is rejected with validation.invalidPhone.",
            reason: "\"555-CALL-NOW\" and six-digit fragments cannot be dialled.",
            hint: "Reject any character outside 0-9, space, + - ( ) . and check the digit count."
        ) { context in
            for phone in [
                "123456", "1234567890123456", "555-CALL-NOW", "555 123 4567 ext 2", "１２３４５６７", "+1\t555 123 4567", "555/123/4567",
            ] {
                try await context.expectRejected("createContact(phone: \(Show.text(phone)))", .validation(.phone, .invalidPhone)) {
                    try await context.store.createContact(name: "Caller", email: "caller@example.com", phone: phone)
                }
            }
        },
        Rule(
            "CONTACT-CREATE-007",
            statement: "Contact text round-trips exactly, scalar for scalar.",
            reason: "Names are the most personal data a store keeps; altering them is never acceptable.",
            hint: "Store the validated text as it is: no normalization, no escaping left in the data."
        ) { context in
            let names = [
                "Zoë O'Connor-Ünal", "Jose\u{301} (decomposed e)", "李小龍", "محمد", "Robert'); DROP TABLE contacts; --", "👩‍🔬 Dr. Who",
            ]
            for (index, name) in names.enumerated() {
                let contact = try await context.createContact(name, "person\(index)@example.com")
                try context.expectExactText(try await context.contact(contact.id).name, name, "name read back by id")
            }
        },
    ]
}
