import CRUDSpec
import Foundation

extension Rules {
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
}
