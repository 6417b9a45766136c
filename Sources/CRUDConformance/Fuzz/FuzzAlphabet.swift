import CRUDSpec

/// The texts the fuzzer types: the ones where stores go wrong.
///
/// Repeated and case-variant titles, precomposed and decomposed letters (`é` as U+00E9 and as
/// `e` + U+0301), case beyond ASCII (ß, SS, ẞ, Σσς, ÄÖÜ, Cyrillic, İ, the Kelvin sign, ﬁ),
/// every kind of Unicode `White_Space` at the ends, control characters from all of Unicode
/// Cc inside, ZWJ emoji and flags, and lengths exactly at and one over each limit, counted in
/// Characters made of several scalars.
enum FuzzAlphabet {
    // MARK: Building blocks

    /// Every `White_Space` scalar: trimmed at the ends of every field.
    static let whiteSpace = TextCorpus.whiteSpace

    /// Every control character, Unicode general category Cc: C0, DEL and C1.
    static let controls = TextCorpus.controls

    /// Characters of several scalars each, for texts exactly at a length limit.
    static let clusters = ["x", "e\u{301}", "é", "👩‍💻", "🇫🇷", "👍🏽", "ǅ", "🏳️‍🌈"]

    // MARK: Titles

    /// Titles that repeat often, in case and normalization variants of each other.
    static let frequentTitles = ["milk", "Milk", "MILK", "café", "cafe\u{301}", "CAFÉ", "CAFE\u{301}", "Straße", "STRASSE", "STRAẞE"]

    /// The long tail of valid titles.
    static let titles = [
        "strasse", "ΣΊΣΥΦΟΣ", "σίσυφος", "Σίσυφος", "Äpfel", "äpfel", "A\u{308}pfel", "Öl", "ÜBER", "über", "Молоко", "молоко",
        "МОЛОКО", "Ёлка", "ёлка", "Е\u{308}лка", "İstanbul", "istanbul", "\u{212A}elvin", "kelvin", "ﬁle", "FILE", "👩‍💻 code",
        "👨‍👩‍👧‍👦", "🇫🇷🇩🇪", "🏳️‍🌈 pride", "👍🏽", "100%", "a_b", "a\\b", "'); DROP TABLE tasks; --", "Zebra", "apple", "a\u{2028}b",
        "\u{200B}zero width", "\u{FEFF}bom", "x \u{301}", " \u{301}mark first", "bread",
    ]

    /// Titles nothing is left of after trimming.
    static let blankTitles = ["", "   ", "\u{3000}\u{2003}\u{85}", "\u{85}\u{2028}\u{A0}"]

    static func title(using random: inout some RandomNumberGenerator) -> String {
        singleLine(
            frequent: frequentTitles, others: titles, invalid: blankTitles, core: pick(["a", "milk", "é"], &random),
            maximum: Validation.maxTitleLength, &random)
    }

    // MARK: Notes

    /// Valid notes; the blank ones mean none.
    static let notes = [
        "", "   ", "\u{2028}\u{3000}", "\r\n", "note", "line 1\r\nline 2", "a\nb\rc", "\u{85}padded\u{85}", "Zeile\u{2028}zwei",
        "Cafe\u{301} 👩‍💻", "\u{200B}",
    ]

    /// Notes with a control character other than a line break inside.
    static let invalidNotes = ["tab\there", "del\u{7F}x", "next line\u{85}inside", "c1\u{9F}x", "nul\u{0}x"]

    static func notes(using random: inout some RandomNumberGenerator) -> String? {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<45: return nil
        case 45..<68: return pick(notes, &random)
        case 68..<76: return padded(pick(["note", "line 1\r\nline 2", "é"], &random), &random)
        case 76..<80: return lineBreaks(Validation.maxNotesLength, over: false)
        case 80..<84: return limit(Validation.maxNotesLength, over: false, &random)
        case 84..<89: return pick(invalidNotes, &random)
        case 89..<94: return withControl("line", &random)
        case 94..<97: return lineBreaks(Validation.maxNotesLength, over: true)
        default: return limit(Validation.maxNotesLength, over: true, &random)
        }
    }

    // MARK: Contacts

    /// Names that repeat often: equal once case-folded, some only canonically equivalent.
    static let frequentNames = ["Ada", "ada", "ADA", "Zoë", "Zoe\u{308}", "ZOË"]

    static let names = [
        "Élodie", "E\u{301}lodie", "élodie", "Straße", "STRASSE", "Σωκράτης", "ΣΩΚΡΆΤΗΣ", "Иван", "ИВАН", "👩‍💻 Dev", "\u{212A}elvin",
        "kelvin", "İpek", "ipek", "\u{200B}",
    ]

    static let invalidNames = ["", "  ", "\u{3000}", "Ada\tL", "a\u{0}b", "x\u{9B}y"]

    static func name(using random: inout some RandomNumberGenerator) -> String {
        singleLine(
            frequent: frequentNames, others: names, invalid: invalidNames, core: "Ada", maximum: Validation.maxNameLength, &random)
    }

    /// Emails that repeat often: equal once lowercased, or only canonically equivalent (which
    /// the specification counts as different addresses).
    static let frequentEmails = [
        "ada@example.com", "ADA@Example.COM", "josé@x.com", "jose\u{301}@x.com", "JOSÉ@X.COM", "straße@x.de", "STRAẞE@x.de",
    ]

    static let emails = [
        "\u{A0}ada@example.com\u{2003}", "grace@example.com", "JOSE\u{301}@X.COM", "STRASSE@x.de", "σίσυφος@x.gr", "ΣΊΣΥΦΟΣ@x.gr",
        "иван@пример.рф", "ИВАН@ПРИМЕР.РФ", "👩‍💻@x.io", "🇫🇷@x.fr", "\u{130}pek@x.tr", "i\u{307}pek@x.tr", "ipek@x.tr",
        "ada@x.com\u{200B}",
    ]

    static let invalidEmails = [
        "", "   ", "bad", "ada@example", "a b@x.com", "ada@@x.com", "ada@x..com", "ada\u{A0}x@y.com", "ada\u{85}@x.com", "a\u{7F}@x.com",
    ]

    static func email(using random: inout some RandomNumberGenerator) -> String {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<40: return pick(frequentEmails, &random)
        case 40..<70: return pick(emails, &random)
        case 70..<80: return padded(pick(frequentEmails + emails, &random), &random)
        case 80..<85, 96..<100:
            // A local part of multi-scalar Characters and a long domain: 254 Characters, or 255.
            let local = String(repeating: pick(clusters, &random), count: 64 + (roll < 85 ? 0 : 1))
            return local + "@" + String(repeating: "b", count: 185) + ".com"
        case 85..<93: return pick(invalidEmails, &random)
        default: return withControl("ada", &random) + "@x.com"
        }
    }

    /// Valid phones; blank ones mean none.
    static let phones = [
        "+1 555 123 4567", "(020) 7946-0018", "555.1234", "1234567", "123456789012345", "\u{3000}555 123 4567\u{2028}", "555 1234\t",
        "", "  ",
    ]

    static let invalidPhones = [
        "123456", "1234567890123456", "+44\u{A0}20 7946 0018", "٥٥٥١٢٣٤", "１２３４５６７", "555-CALL-NOW", "555\t1234567",
    ]

    static func phone(using random: inout some RandomNumberGenerator) -> String? {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<40: nil
        case 40..<82: pick(phones, &random)
        default: pick(invalidPhones, &random)
        }
    }

    // MARK: Searches

    static let searches: [String?] = [
        nil, "", "   ", "milk", "MILK", "cafe", "CAFÉ", "e\u{301}", "%", "_", "\\", "ß", "ss", "SS", "σ", "Σ", "ς", "мол", "МОЛ", "ё",
        "\u{3000}milk\u{A0}", "👩‍💻", "ﬁ", "fi", "i\u{307}", "straße", "ada", "ÉLO", "zoe", "\u{212A}",
    ]

    // MARK: Helpers

    static func pick<T>(_ values: [T], _ random: inout some RandomNumberGenerator) -> T {
        values[Int.random(in: 0..<values.count, using: &random)]
    }

    /// A title or a name; about five in six are valid, some of them only just. Often a
    /// `frequent` one, else one of the `others`, one with spaces around it, or one exactly at
    /// `maximum` Characters; else one of the `invalid` ones, `core` with a control character
    /// inside, or one Character over the limit.
    static func singleLine(
        frequent: [String], others: [String], invalid: [String], core: String, maximum: Int,
        _ random: inout some RandomNumberGenerator
    ) -> String {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<38: pick(frequent, &random)
        case 38..<66: pick(others, &random)
        case 66..<78: padded(pick(frequent + others, &random), &random)
        case 78..<84: limit(maximum, over: false, &random)
        case 84..<90: withControl(core, &random)
        case 90..<95: limit(maximum, over: true, &random)
        default: pick(invalid, &random)
        }
    }

    /// `core` with zero to two `White_Space` scalars at each end.
    static func padded(_ core: String, _ random: inout some RandomNumberGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...2, using: &random) { scalars.append(pick(whiteSpace, &random)) }
        scalars.append(contentsOf: core.unicodeScalars)
        for _ in 0..<Int.random(in: 1...2, using: &random) { scalars.append(pick(whiteSpace, &random)) }
        return String(scalars)
    }

    /// `core` with a control character (any of Cc) inside it, never at an end.
    static func withControl(_ core: String, _ random: inout some RandomNumberGenerator) -> String {
        var scalars = String.UnicodeScalarView(core.unicodeScalars)
        scalars.append(pick(controls, &random))
        scalars.append(contentsOf: "z".unicodeScalars)
        return String(scalars)
    }

    /// A text of `maximum` Characters (or one more, when `over`), made of one multi-scalar
    /// cluster, sometimes with spaces around it (which trimming removes).
    static func limit(_ maximum: Int, over: Bool, _ random: inout some RandomNumberGenerator) -> String {
        let text = String(repeating: pick(clusters, &random), count: maximum + (over ? 1 : 0))
        return Bool.random(using: &random) ? text : padded(text, &random)
    }

    /// Notes of `maximum` Characters (or one more) that are mostly line breaks: `"\r\n"` is
    /// one Character of two scalars.
    static func lineBreaks(_ maximum: Int, over: Bool) -> String {
        "x" + String(repeating: "\r\n", count: maximum - 2 + (over ? 1 : 0)) + "x"
    }
}
