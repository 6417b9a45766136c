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
