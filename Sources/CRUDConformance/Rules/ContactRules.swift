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

    static let contactRead: [Rule] = [
        Rule(
            "CONTACT-READ-001",
            statement: "Getting a contact by an id that no contact has throws notFound with that id.",
            reason: "Callers must be able to tell \"gone\" from \"broken\".",
            hint: "Map \"no row\" to CRUDError.notFound(id:)."
        ) { context in
            _ = try await context.createContact("Ada", "ada@example.com")
            let missing = UUID()
            try await context.expectError("contact(id:) of an unknown id", .notFound(missing)) {
                try await context.store.contact(id: missing)
            }
        },
        Rule(
            "CONTACT-READ-002",
            statement: "Contacts are listed by name case-insensitively (Unicode case folding), then by email, then by creation.",
            reason: "An address book reads alphabetically; equal names need a fixed order.",
            hint: "Sort by the folded name, then the email, then the creation sequence."
        ) { context in
            let pairs = [
                ("bob", "bob@example.com"), ("Alice", "z@example.com"), ("élodie", "e@example.com"), ("alice", "a@example.com"),
                ("Zoë", "zoe@example.com"), ("STRASSE 2", "s2@example.com"), ("straße 1", "s1@example.com"), ("Σβ", "sb@example.com"),
                ("σα", "sa@example.com"), ("Émile", "emile@example.com"),
            ]
            for (name, email) in pairs {
                await context.letTimePass(seconds: 1)
                _ = try await context.createContact(name, email)
            }
            let names = try await context.listContacts().map(\.name)
            try context.expectTexts(
                names, ["alice", "Alice", "bob", "straße 1", "STRASSE 2", "Zoë", "élodie", "Émile", "σα", "Σβ"],
                "names of contacts() in order (ß folds to ss, É to é, Σ to σ)")
        },
        Rule(
            "CONTACT-READ-003",
            statement:
                "Contact search finds names containing the literal term, ignoring case and diacritics; blank means all; emails are not searched.",
            reason: "Finding a person must work the way finding a task does.",
            hint: "Reuse the task search: search keys on both sides, a substring test, no wildcards."
        ) { context in
            for (name, email) in [
                ("José Núñez", "jose@example.com"), ("JOSEPHINE", "jo@example.com"), ("Ann 100%", "ann@example.com"),
                ("Bea", "jose.b@example.com"), ("ΣΊΣΥΦΟΣ", "sisyphus@example.com"), ("Jose\u{301} Decomposed", "jd@example.com"),
            ] {
                _ = try await context.createContact(name, email)
            }
            let cases: [(String, [String])] = [
                ("jose", ["JOSEPHINE", "Jose\u{301} Decomposed", "José Núñez"]), ("NUNEZ", ["José Núñez"]), ("%", ["Ann 100%"]), ("_", []),
                ("σίσυφος", ["ΣΊΣΥΦΟΣ"]), ("jos\u{E9} d", ["Jose\u{301} Decomposed"]),
                ("  ", ["Ann 100%", "Bea", "JOSEPHINE", "Jose\u{301} Decomposed", "José Núñez", "ΣΊΣΥΦΟΣ"]),
            ]
            for (term, expected) in cases {
                let names = try await context.listContacts(ContactQuery(search: term)).map(\.name)
                try context.expectTexts(names, expected, "names of contacts(search: \(Show.text(term)))")
            }
        },
        Rule(
            "CONTACT-READ-004",
            statement: "Contact lists take a limit and an offset like task lists; a negative one throws invalidQuery.",
            reason: "Paging must behave the same for every kind of record.",
            hint: "Sort, then skip, then take; validate with ContactQuery.validate()."
        ) { context in
            for name in ["a", "b", "c", "d"] { _ = try await context.createContact(name, "\(name)@example.com") }
            let cases: [(ContactQuery, [String])] = [
                (ContactQuery(limit: 2), ["a", "b"]), (ContactQuery(limit: 2, offset: 1), ["b", "c"]), (ContactQuery(limit: 0), []),
                (ContactQuery(offset: 9), []),
            ]
            for (query, expected) in cases {
                try context.expectTexts(try await context.listContacts(query).map(\.name), expected, "names of \(Describe.query(query))")
            }
            for query in [ContactQuery(limit: -1), ContactQuery(offset: -2)] {
                try await context.expectError(Describe.query(query), .invalidQuery) { try await context.store.contacts(query) }
            }
        },
        Rule(
            "CONTACT-READ-005",
            statement:
                "Contact search, order, offset and limit combine: search first (a blank or padded term as for tasks), then the order, then the offset, then the limit, for every combination, on contacts whose names repeat.",
            reason: "An address book screen searches and pages at once; paging before searching shows the wrong people.",
            hint: "Filter by the trimmed term, sort the matches by folded name, email and creation, then skip and take."
        ) { context in
            var made: [Contact] = []
            for (index, name) in ["Ada", "ada", "ADA King", "Bob", "Émile", "emile", "Zoë", "Ada"].enumerated() {
                await context.letTimePass(seconds: 1)
                made.append(try await context.createContact(name, "person\(7 - index)@example.com"))
            }
            // Equal names whose emails are é precomposed, then decomposed: the decomposed one
            // sorts first by scalars, which String's == (canonical equivalence) cannot see.
            made.append(try await context.createContact("Ada", "jos\u{E9}@example.com"))
            made.append(try await context.createContact("Ada", "jose\u{301}@example.com"))
            for search in [nil, "  ", "ada", " ADA\u{A0}", "emile", "zzz"] {
                let ordered = Expected.contacts(made.filter { Expected.matches($0.name, search: search) })
                for limit in [nil, 0, 1, 2] {
                    for offset in [0, 1, 2, 20] {
                        let query = ContactQuery(search: search, limit: limit, offset: offset)
                        let page = Array(ordered.dropFirst(offset).prefix(limit ?? ordered.count))
                        try context.expectIDs(try await context.listContacts(query), page, Describe.query(query))
                    }
                }
            }
        },
    ]

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
