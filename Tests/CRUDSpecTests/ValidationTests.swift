import CRUDSpec
import Testing

@Suite("Validation")
struct ValidationTests {
    private func reason(_ body: () throws(CRUDError) -> Any?) -> ValidationReason? {
        do {
            _ = try body()
            return nil
        } catch {
            guard case .validation(let failure) = error else { return nil }
            return failure.reason
        }
    }

    @Test("Titles are trimmed of Unicode whitespace, not of other invisible characters")
    func titleTrimming() throws {
        #expect(try Validation.title(" \t\u{3000}Buy milk\u{00A0}\u{2029}\n") == "Buy milk")
        #expect(try Validation.title("\u{200B}x\u{200B}") == "\u{200B}x\u{200B}")  // zero-width space is not White_Space
    }

    @Test("Title limits count Characters: 200 pass, 201 fail")
    func titleLength() throws {
        #expect(try Validation.title(String(repeating: "👩‍👩‍👧‍👦", count: 200)).count == 200)
        #expect(reason { () throws(CRUDError) in try Validation.title(String(repeating: "a", count: 201)) } == .tooLong(max: 200))
    }

    @Test(
        "Control characters are rejected in titles and, except line breaks, in notes",
        arguments: ["\u{0}", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}"])
    func controlCharacters(character: String) throws {
        #expect(reason { () throws(CRUDError) in try Validation.title("a\(character)b") } == .invalidCharacters)
        let notesReason = reason { () throws(CRUDError) in try Validation.notes("a\(character)b") }
        #expect(notesReason == (character == "\n" || character == "\r" ? nil : .invalidCharacters))
    }

    @Test("Titles and names of ASCII (the fast path) are judged as the rules say, on seeded random text")
    func asciiTitles() {
        // The rules, restated from the specification: trim White_Space; empty, then too long in
        // Characters, then control characters are errors.
        enum Outcome: Equatable {
            case kept(String)
            case rejected(ValidationReason)
        }
        func expected(_ raw: String, maxLength: Int) -> Outcome {
            let text = Validation.trimmed(raw)
            if text.isEmpty { return .rejected(.empty) }
            if text.count > maxLength { return .rejected(.tooLong(max: maxLength)) }
            if text.unicodeScalars.contains(where: Validation.isControl) { return .rejected(.invalidCharacters) }
            return .kept(text)
        }
        func actual(_ body: () throws(CRUDError) -> String) -> Outcome? {
            do { return .kept(try body()) } catch {
                guard case .validation(let failure) = error else { return nil }
                return .rejected(failure.reason)
            }
        }
        let seed: UInt64 = 0x5EED_7171
        var random = SeededRandom(seed: seed)
        // A printable core of a length near the limits, now and then with one character the
        // fast path must hand on, between ends of whitespace, ASCII or not.
        let printable = Array("abcXYZ 09~".unicodeScalars)
        let special = Array("\t\n\r\u{0}\u{1B}\u{7F}\u{85}\u{A0}é".unicodeScalars)
        let space = Array(" \t\n\r\u{0B}\u{0C}\u{85}\u{A0}\u{3000}".unicodeScalars)
        for round in 0..<3_000 {
            var raw = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...2, using: &random) { raw.append(space.randomElement(using: &random) ?? " ") }
            var core = (0..<([0, 1, 99, 100, 101, 199, 200, 201].randomElement(using: &random) ?? 0)).map { _ in
                printable.randomElement(using: &random) ?? "a"
            }
            if !core.isEmpty, Int.random(in: 0..<4, using: &random) == 0 {
                core[Int.random(in: 0..<core.count, using: &random)] = special.randomElement(using: &random) ?? "\t"
            }
            raw.append(contentsOf: core)
            for _ in 0..<Int.random(in: 0...2, using: &random) { raw.append(space.randomElement(using: &random) ?? " ") }
            let text = String(raw)
            #expect(
                actual { () throws(CRUDError) in try Validation.title(text) } == expected(text, maxLength: 200),
                "round \(round), seed \(seed): \(text.debugDescription)")
            #expect(
                actual { () throws(CRUDError) in try Validation.name(text) } == expected(text, maxLength: 100),
                "round \(round), seed \(seed): \(text.debugDescription)")
        }
    }

    @Test("Blank notes are none")
    func blankNotes() throws {
        #expect(try Validation.notes(nil) == nil)
        #expect(try Validation.notes(" \n ") == nil)
        #expect(try Validation.notes(" a\nb ") == "a\nb")
    }

    @Test("Emails: plausible ones are lowercased, implausible ones rejected")
    func emails() throws {
        #expect(try Validation.email("  Ada@Example.ORG ") == "ada@example.org")
        for bad in ["ada", "ada@", "@x.org", "a@b", "a@@b.org", "a@b..org", "a b@c.org", "a@.org", "a@b.org."] {
            #expect(reason { () throws(CRUDError) in try Validation.email(bad) } == .invalidEmail, "\(bad)")
        }
        #expect(reason { () throws(CRUDError) in try Validation.email(" ") } == .empty)
    }

    @Test("Phones: 7 to 15 ASCII digits with a few separators")
    func phones() throws {
        #expect(try Validation.phone(" +1 (555) 123-4567 ") == "+1 (555) 123-4567")
        #expect(try Validation.phone("   ") == nil)
        for bad in ["123456", "1234567890123456", "555-CALL-NOW", "１２３４５６７", "555/1234567"] {
            #expect(reason { () throws(CRUDError) in try Validation.phone(bad) } == .invalidPhone, "\(bad)")
        }
    }

    @Test("An import names the 1-based position of its first bad title")
    func importPosition() {
        do {
            _ = try Validation.titles(["ok", "fine", " ", "\t"])
            Issue.record("an import with a blank title was accepted")
        } catch {
            #expect(error == .validation(ValidationFailure(field: .title, reason: .empty, position: 3)))
            #expect(error.message == "Item 3: Task title cannot be empty.")
        }
    }

    @Test("Negative limits and offsets are invalid queries; zero is fine")
    func pages() throws {
        #expect(throws: CRUDError.self) { try TaskQuery(limit: -1).validate() }
        #expect(throws: CRUDError.self) { try ContactQuery(offset: -1).validate() }
        try TaskQuery(limit: 0, offset: 0).validate()
    }
}
