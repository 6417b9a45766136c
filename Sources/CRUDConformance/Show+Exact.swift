extension Show {
    /// A string as a literal in which every scalar that does not show by itself is escaped:
    /// control and format characters, combining marks, and every space but U+0020. So `"é"`
    /// and `"e\u{301}"`, or a title ending in U+3000, read differently. A long text is shown
    /// as runs (`"e\u{301}" × 200`), or shortened when it has none.
    ///
    /// ```swift
    /// Show.exact("cafe\u{301}\u{3000}")  // "cafe\u{301}\u{3000}"
    /// ```
    public static func exact(_ text: String) -> String {
        let count = text.count
        guard count > 60 else { return literal(text) }
        let runs = runs(text)
        if runs.count <= 8 {
            return runs.map { $0.count < 4 ? literal(String(repeating: $0.text, count: $0.count)) : "\(literal($0.text)) × \($0.count)" }
                .joined(separator: " + ")
        }
        return literal(String(text.prefix(40))) + "… (\(count) characters)"
    }

    /// Runs of the same Character, scalar for scalar (`==` on Character would join "é" and
    /// "e\u{301}").
    private static func runs(_ text: String) -> [(text: String, count: Int)] {
        var runs: [(text: String, count: Int)] = []
        for character in text {
            let piece = String(character)
            if let last = runs.last, last.text.unicodeScalars.elementsEqual(piece.unicodeScalars) {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((piece, 1))
            }
        }
        return runs
    }

    private static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case " ": out += " "
            default:
                switch scalar.properties.generalCategory {
                case .control, .format, .nonspacingMark, .spacingMark, .enclosingMark, .spaceSeparator, .lineSeparator,
                    .paragraphSeparator, .privateUse, .surrogate, .unassigned:
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                default:
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
