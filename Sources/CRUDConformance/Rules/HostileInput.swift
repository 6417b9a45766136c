/// Inputs that have broken real stores: each must either round-trip exactly or be refused
/// with a validation error, and never crash a backend or corrupt its storage.
public enum HostileInput {
    /// At least 60 hostile texts: every round-trip text plus injections, invisible and
    /// direction-changing characters, huge and odd Unicode, and control characters.
    public static let corpus: [String] =
        TextCorpus.roundTrip + [
            // SQL
            "' OR '1'='1", "1; DROP TABLE contacts", "\"; DELETE FROM tasks WHERE 1=1; --", "%' UNION SELECT * FROM sqlite_master --",
            "x' || (SELECT sqlite_version()) || '",
            // JSON and its escapes
            #"","title":"injected"#, #"\u0000"#, #"\"}]}"#, "{\"$regex\": \".*\"}", "\\\\\\\"",
            // HTTP
            "Title\r\nX-Injected: yes", "GET / HTTP/1.1", "%0d%0aSet-Cookie: a=b", "?where={}&limit=-1", "/parse/classes/Task/../../x",
            // Format strings and templates
            "%n%n%n%n", "%@%@%@", "%1$s%2$s", "{{7*7}}", "${jndi:ldap://x}", "`rm -rf /`",
            // Invisible and direction-changing characters
            "\u{200B}", "a\u{2060}b", "\u{00AD}soft hyphen", "\u{202A}left\u{202C}", "\u{2066}isolate\u{2069}", "\u{061C}arabic mark",
            "\u{FEFF}\u{FEFF}", "\u{115F}\u{1160}", "\u{3164}hangul filler", "\u{180E}mongolian",
            // Control characters (must be refused in titles)
            "\u{0}", "a\u{0}b", "\u{7}bell", "\u{1B}[31mred\u{1B}[0m", "line\nbreak", "\u{85}", "\u{9F}",
            // Sizes and odd Unicode
            String(repeating: "x", count: 10_000), String(repeating: "🇺🇳", count: 300), "a" + String(repeating: "\u{301}", count: 2_000),
            "\u{FFFF}\u{FFFE}", "\u{1F600}\u{FE0F}\u{20E3}", "\u{E000}private", "𐍈𐌰𐌹", "Ⓐⓑⓒ", "ﬃ ß İ ı ſ",
            // Whitespace of every kind
            "\u{2028}", "\u{2029}", "\u{00A0}", "\u{3000}\u{3000}", " \t ",
        ]
}
