/// Texts that must come back from a store exactly as they went in.
///
/// Each is a valid title. Together they catch stores that normalize Unicode, mangle
/// escapes, treat text as code (SQL, JSON, format strings, HTML) or cut at a byte limit.
public enum TextCorpus {
    /// Titles that must round-trip scalar for scalar.
    public static let roundTrip: [String] = [
        "👩‍💻 Ship the release",  // ZWJ sequence
        "👨‍👩‍👧‍👦 family dinner",
        "🇯🇵 → 🇺🇦 flags",
        "Cafe\u{301} (decomposed e + U+0301)",  // must not be normalized to é
        "Café (precomposed)",
        "Z\u{351}\u{36B}\u{343}a\u{33E}\u{357}l\u{35B}g\u{344}o\u{310}",  // stacked combining marks
        "שלום עולם",  // right-to-left
        "مرحبا بالعالم 123",
        "\u{202E}reversed\u{202C} text",  // bidi override
        "He said \"hi\" and 'bye'",
        #"C:\Users\new\table \n is not a newline"#,
        "100% done, 50_50 and *stars*",
        "'); DROP TABLE tasks; --",
        "Robert'); DELETE FROM contacts WHERE ('1'='1",
        #"{"title": "json", "tasks": [null]}"#,
        "%s %d %n %@ %x {0} ${HOME}",
        "<script>alert('x')</script> &amp;",
        "a\u{200B}b zero-width space",
        "a\u{FEFF}b byte-order mark inside",
        "\u{FEFF}",  // nothing but a byte-order mark: some JSON parsers drop it

        "𝕳𝖊𝖑𝖑𝖔 𝄞 non-BMP",
        "\u{10FFFD} private use, last plane",
        "Ⅻ ﬁ Å Ω ß ǅ (compatibility and case oddities)",
    ]
}

extension TextCorpus {
    /// Every scalar with the Unicode `White_Space` property, all 25 of them: what every
    /// field is trimmed of. Five of them (tab to carriage return, U+0085) are also controls.
    public static let whiteSpace: [Unicode.Scalar] = [
        "\u{9}", "\u{A}", "\u{B}", "\u{C}", "\u{D}", "\u{20}", "\u{85}", "\u{A0}", "\u{1680}",
        "\u{2000}", "\u{2001}", "\u{2002}", "\u{2003}", "\u{2004}", "\u{2005}", "\u{2006}", "\u{2007}", "\u{2008}", "\u{2009}", "\u{200A}",
        "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}",
    ]

    /// Every control character, Unicode general category Cc: C0, DEL and C1 (65 scalars).
    public static let controls: [Unicode.Scalar] =
        (0x00...0x1F).compactMap(Unicode.Scalar.init)
        + (0x7F...0x9F).compactMap(Unicode.Scalar.init)

    /// Controls from each part of the category: NUL, BEL, tab, ESC, unit separator, DEL,
    /// the first C1 control, next line and the last C1 control.
    public static let controlSample: [Unicode.Scalar] = [
        "\u{0}", "\u{7}", "\u{9}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}",
    ]

    /// Characters that look like controls or spaces but are not Cc nor White_Space, so a
    /// value may hold them anywhere: a zero-width space, a byte-order mark, a soft hyphen,
    /// a word joiner, a private-use character.
    public static let notControlsNorSpace: [Unicode.Scalar] = ["\u{200B}", "\u{FEFF}", "\u{AD}", "\u{2060}", "\u{E000}"]

    /// Single Characters (grapheme clusters) that are several scalars and several UTF-16
    /// units, for limits that must count Characters: a decomposed é (2 scalars, 3 UTF-8
    /// bytes), a flag (2 scalars, 4 UTF-16 units, 8 bytes), a family (7 scalars, 11 UTF-16
    /// units, 25 bytes).
    public static let wideCharacters: [String] = ["e\u{301}", "🇯🇵", "👨‍👩‍👧‍👦"]

    /// All white space, as a string to pad values with on both ends.
    static var whiteSpaceRun: String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: whiteSpace)
        return String(scalars)
    }
}
