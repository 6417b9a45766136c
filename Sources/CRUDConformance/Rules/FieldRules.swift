import CRUDSpec
import Foundation

extension Rules {
    /// The properties of the five text fields, each checked through every operation that
    /// writes the field (see ``FieldWriter``).
    static let field: [Rule] = [
        Rule(
            "FIELD-001",
            statement:
                "Every text field (title, notes, name, email, phone) is trimmed of all 25 Unicode White_Space characters at both ends, by every operation that writes it, and of nothing else: a zero-width space or byte-order mark stays.",
            reason: "Pasted text brings no-break and ideographic spaces; a store that trims only some of them keeps invisible differences.",
            hint:
                "Trim scalars whose properties.isWhitespace is true (Validation.trimmed), in create, rename, import, edit and update alike."
        ) { context in
            let padding = TextCorpus.whiteSpaceRun
            for writer in FieldWriter.all {
                let write = try await writer.prepare(context)
                let value = FieldWriter.validValue(of: writer.field, context)
                try await context.expectStored(writer, write, padding + value + String(padding.reversed()), as: value)
                guard writer.field != .phone else { continue }
                let kept = "\u{200B}" + FieldWriter.validValue(of: writer.field, context) + "\u{FEFF}"
                try await context.expectStored(writer, write, kept, as: kept)
            }
        },
        Rule(
            "FIELD-002",
            statement:
                "A value made only of White_Space is blank: a blank title, name or email is rejected with validation.empty, and blank notes or a blank phone are stored as none (nil), by every operation that writes them.",
            reason: "A blank required field must be refused everywhere, and an optional one must have a single way of being empty.",
            hint: "Trim first with the full White_Space set, then test for emptiness."
        ) { context in
            let blank = TextCorpus.whiteSpaceRun
            for writer in FieldWriter.all {
                let write = try await writer.prepare(context)
                switch writer.field {
                case .notes, .phone: try await context.expectStored(writer, write, blank, as: nil)
                case .title, .name, .email:
                    try await context.expectRejectedWrites(writer, write, [blank], .validation(writer.field, .empty))
                }
            }
        },
        Rule(
            "FIELD-003",
            statement:
                "Limits count Characters (grapheme clusters) after trimming: title 200, notes 1,000, name 100, email 254. Exactly the limit is accepted and one more is rejected with validation.tooLong, also when every Character is several scalars and UTF-16 units.",
            reason: "People see Characters: a name of 100 emoji or accented letters is 100 long, not 700 or 200.",
            hint: "Compare String.count (not utf8.count, utf16.count or unicodeScalars.count) after trimming with the field's maximum."
        ) { context in
            for writer in FieldWriter.all {
                guard let limit = FieldWriter.limit(of: writer.field) else { continue }
                let write = try await writer.prepare(context)
                var wide = TextCorpus.wideCharacters
                if writer.field == .notes { wide.append("\r\n") }
                for character in wide {
                    let longest = context.text(of: limit, repeating: character, for: writer.field)
                    try await context.expectStored(writer, write, " \u{3000}" + longest + "\u{A0} ", as: longest)
                }
                let tooLong = wide.map { context.text(of: limit + 1, repeating: $0, for: writer.field) }
                try await context.expectRejectedWrites(writer, write, tooLong, .validation(writer.field, .tooLong(max: limit)))
            }
        },
        Rule(
            "FIELD-004",
            statement:
                "Every control character (Unicode Cc: U+0000–U+001F, DEL and U+0080–U+009F) inside a value is rejected (all 65 through each create, a sample of C0, DEL and C1 through rename, import, notes edits and updates): validation.invalidCharacters for title, name and notes (notes allow line feed and carriage return), invalidEmail for an email, invalidPhone for a phone. Other characters, such as U+2028 or U+200B, are not controls.",
            reason:
                "Controls corrupt terminals, files and one-line displays; a check that knows only tab, newline and NUL lets ESC, DEL and the C1 range through.",
            hint: "Reject scalars whose generalCategory is .control; do not use a hand-written list, Character.isNewline or isWhitespace."
        ) { context in
            for writer in FieldWriter.all {
                let write = try await writer.prepare(context)
                let allowed: Set<Unicode.Scalar> = writer.field == .notes ? ["\n", "\r"] : []
                let reason: ValidationReason =
                    switch writer.field {
                    case .title, .name, .notes: .invalidCharacters
                    case .email: .invalidEmail
                    case .phone: .invalidPhone
                    }
                // The whole category through the create of each field; a sample of C0, DEL
                // and C1 through the other writers, which share the create's validation.
                let controls = writer.isCreate ? TextCorpus.controls : TextCorpus.controlSample
                let rejected = controls.filter { !allowed.contains($0) }.map {
                    FieldWriter.embed(String($0), in: writer.field, context)
                }
                try await context.expectRejectedWrites(writer, write, rejected, .validation(writer.field, reason))
                guard writer.field != .phone else { continue }
                var accepted = TextCorpus.notControlsNorSpace.map(String.init)
                if writer.field != .email { accepted += ["\u{2028}", "\u{3000}", "\u{A0}"] }
                if writer.field == .notes { accepted += ["\n", "\r", "\r\n"] }
                for inner in accepted {
                    let value = FieldWriter.embed(inner, in: writer.field, context)
                    try await context.expectStored(writer, write, value, as: value)
                }
            }
        },
        Rule(
            "FIELD-005",
            statement:
                "No field is normalized: decomposed and precomposed letters, compatibility characters and Hangul jamo are stored and returned scalar for scalar as typed (after trimming, and an email after lowercasing), by every operation.",
            reason:
                "Normalizing rewrites what people typed; a decomposed name written back precomposed no longer matches the bytes in their other systems.",
            hint:
                "Store the validated String as it is; never call precomposedStringWithCanonicalMapping or NFC on stored values, only on comparison keys."
        ) { context in
            let forms = [
                "Jose\u{301}", "jose\u{301}", "Jos\u{E9}", "\u{FB01}ne \u{216B}", "\u{1100}\u{1161}\u{11A8}", "\u{212B}ngstr\u{F6}m",
                "o\u{308}\u{301}",
            ]
            for writer in FieldWriter.all where writer.field != .phone {
                let write = try await writer.prepare(context)
                for form in forms {
                    // An email is stored lowercased; what must not happen besides is normalization.
                    let typed = writer.field == .email ? form.replacingOccurrences(of: " ", with: "") : form
                    let value = FieldWriter.embed(typed, in: writer.field, context)
                    try await context.expectStored(writer, write, value, as: writer.field == .email ? value.lowercased() : value)
                }
            }
        },
        Rule(
            "FIELD-006",
            statement:
                "An email is lowercased with Unicode's lowercase mapping, beyond A–Z (Ü to ü, И to и, Λ to λ, ẞ to ß), on create and update, and uniqueness compares these lowercase forms: JÜRGEN@BÜCHER.DE is a duplicate of jürgen@bücher.de.",
            reason:
                "Addresses with accented or non-Latin letters are real; lowercasing only A–Z stores them in capitals and lets duplicates in.",
            hint: "Use String.lowercased() (Validation.email), not a table of A–Z, and compare the lowercased forms."
        ) { context in
            let cases: [(String, String)] = [
                ("ÀDA.ÜBER", "àda.über"), ("ИВАН", "иван"), ("ΑΛΦΑ", "αλφα"), ("STRAẞE", "straße"), ("E\u{301}MILE", "e\u{301}mile"),
            ]
            for writer in FieldWriter.of(.email) {
                let write = try await writer.prepare(context)
                for (typed, stored) in cases {
                    let serial = context.nextSerial()
                    try await context.expectStored(writer, write, "\(typed)\(serial)@BÜCHER.DE", as: "\(stored)\(serial)@bücher.de")
                }
            }
            _ = try await context.createContact("Jürgen", "jürgen@bücher.de")
            let ivan = try await context.createContact("Иван", "иван@пример.рф")
            try await context.expectRejected(Describe.createContact("Copy", "JÜRGEN@BÜCHER.DE", nil), .duplicate(.email)) {
                try await context.store.createContact(name: "Copy", email: "JÜRGEN@BÜCHER.DE", phone: nil)
            }
            try await context.expectRejected("updateContact(Иван, email: \"JÜRGEN@BÜCHER.DE\")", .duplicate(.email)) {
                try await context.store.updateContact(id: ivan.id, ContactChanges(email: "JÜRGEN@BÜCHER.DE"))
            }
        },
        Rule(
            "FIELD-007",
            statement:
                "Two emails are the same address when their stored forms (trimmed and lowercased) are the same scalars: é typed precomposed and as e + U+0301 are two addresses, as they are to a unique index in SQL.",
            reason: "Every backend must agree on what a duplicate is, or a contact that one store accepts is refused by another.",
            hint: "Compare emails scalar for scalar (or byte for byte); Swift's String == treats canonically equivalent text as equal."
        ) { context in
            let precomposed = try await context.createContact("José", "jos\u{E9}@example.com")
            let decomposed = try await context.createContact("Jose\u{301}", "jose\u{301}@example.com")
            try context.expectExactText(try await context.contact(precomposed.id).email, "jos\u{E9}@example.com", "the precomposed email")
            try context.expectExactText(try await context.contact(decomposed.id).email, "jose\u{301}@example.com", "the decomposed email")
            for typed in ["JOS\u{C9}@EXAMPLE.COM", "JOSE\u{301}@EXAMPLE.COM"] {
                try await context.expectRejected(Describe.createContact("Copy", typed, nil), .duplicate(.email)) {
                    try await context.store.createContact(name: "Copy", email: typed, phone: nil)
                }
            }
            let swapped = try await context.attempt("updateContact(José, email: the decomposed form in capitals)") {
                try await context.store.updateContact(id: decomposed.id, ContactChanges(email: "JOSE\u{301}@example.com"))
            }
            try context.expectExactText(swapped.email, "jose\u{301}@example.com", "the decomposed email after updating it to itself")
        },
    ]
}

extension CheckContext {
    /// Requires `writer` to store `raw` as `expected`, scalar for scalar, both in what the
    /// operation returns and in what is read back.
    func expectStored(_ writer: FieldWriter, _ write: FieldWriter.Write, _ raw: String, as expected: String?) async throws {
        let call = "\(writer.operation) with the \(writer.field.label) \(Show.text(raw))\(Describe.scalars(raw))"
        let (returned, readBack) = try await attempt(call) { try await write(raw) }
        try expectExactText(returned, expected, "the \(writer.field.label) returned by \(call)")
        try expectExactText(readBack, expected, "the \(writer.field.label) read back after \(call)")
    }

    /// Requires `writer` to reject each of `values` with `expected`, and the store to be
    /// unchanged afterwards.
    func expectRejectedWrites(
        _ writer: FieldWriter, _ write: FieldWriter.Write, _ values: [String], _ expected: ErrorExpectation
    ) async throws {
        let before = try await snapshot()
        for raw in values {
            let call = "\(writer.operation) with the \(writer.field.label) \(Show.text(raw))\(Describe.scalars(raw))"
            try await expectError(call, expected) { try await write(raw) }
        }
        try await expectUnchanged(since: before, after: "\(values.count) rejected calls of \(writer.operation)")
    }

    /// A valid value of `field` that is exactly `length` Characters, each of them
    /// `character` except where the field needs something else (an email's domain, the
    /// first and last Characters of notes, which trimming would otherwise eat).
    func text(of length: Int, repeating character: String, for field: Field) -> String {
        switch field {
        case .email:
            let domain = "@d\(nextSerial()).example"
            return String(repeating: character, count: length - domain.count) + domain
        case .notes where character.unicodeScalars.allSatisfy(\.properties.isWhitespace):
            return "a" + String(repeating: character, count: length - 2) + "b"
        default:
            return String(repeating: character, count: length)
        }
    }
}
