/// What one screen shows: lines of styled text, and where the cursor stands when a text
/// field has the focus. Views build a frame; ``Terminal/draw(_:)`` puts it on the screen.
public struct Frame: Sendable, Equatable {
    /// How text looks.
    public struct Style: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bold (SGR 1).
        public static let bold = Style(rawValue: 1 << 0)
        /// Faint (SGR 2), for hints and placeholders.
        public static let dim = Style(rawValue: 1 << 1)
        /// Underlined (SGR 4).
        public static let underline = Style(rawValue: 1 << 2)
        /// Foreground and background swapped (SGR 7), for the selected row.
        public static let reverse = Style(rawValue: 1 << 3)
        /// Red (SGR 31), for errors.
        public static let error = Style(rawValue: 1 << 4)
    }

    /// A run of text in one style.
    public struct Span: Sendable, Equatable {
        public var text: String
        public var style: Style
        public init(_ text: String, _ style: Style = []) {
            self.text = text
            self.style = style
        }
    }

    /// The screen's size in cells.
    public let rows: Int
    public let columns: Int
    /// One entry per screen row (missing rows are blank), each cut to `columns` cells.
    public private(set) var lines: [[Span]]
    /// Where the cursor is shown (row and column from 0); nil hides it.
    public var cursor: (row: Int, column: Int)? {
        get { cursorPosition.map { ($0.row, $0.column) } }
        set { cursorPosition = newValue.map { Position(row: $0.row, column: $0.column) } }
    }
    private var cursorPosition: Position?

    private struct Position: Sendable, Equatable {
        let row: Int
        let column: Int
    }

    /// An empty frame of `rows` × `columns` cells.
    public init(rows: Int, columns: Int) {
        self.rows = max(rows, 0)
        self.columns = max(columns, 0)
        lines = Array(repeating: [], count: self.rows)
    }

    /// Puts `spans` on `row`, cut to the screen's width with "…"; rows outside the screen are ignored.
    public mutating func set(_ row: Int, _ spans: [Span]) {
        guard lines.indices.contains(row) else { return }
        var fitted: [Span] = []
        var left = columns
        for span in spans where left > 0 {
            let width = DisplayWidth.of(span.text)
            if width <= left {
                fitted.append(span)
                left -= width
            } else {
                fitted.append(Span(DisplayWidth.truncated(span.text, to: left), span.style))
                left = 0
            }
        }
        lines[row] = fitted
    }

    /// Puts plain `text` on `row`.
    public mutating func set(_ row: Int, _ text: String, _ style: Style = []) {
        set(row, [Span(text, style)])
    }

    /// The text of each row, without styles: what a test reads off the screen.
    public var text: [String] {
        lines.map { $0.map(\.text).joined() }
    }

    /// The bytes that draw this frame on a terminal: each row from its first cell, cleared
    /// to its end, then the cursor shown where it stands or hidden.
    public var escapeSequence: String {
        var out = "\u{1B}[?25l"
        for (index, spans) in lines.enumerated() {
            out += "\u{1B}[\(index + 1);1H"
            for span in spans { out += Self.sgr(span.style) + span.text + "\u{1B}[0m" }
            out += "\u{1B}[K"
        }
        if let cursorPosition {
            out += "\u{1B}[\(cursorPosition.row + 1);\(cursorPosition.column + 1)H\u{1B}[?25h"
        }
        return out
    }

    private static func sgr(_ style: Style) -> String {
        var codes: [String] = []
        if style.contains(.bold) { codes.append("1") }
        if style.contains(.dim) { codes.append("2") }
        if style.contains(.underline) { codes.append("4") }
        if style.contains(.reverse) { codes.append("7") }
        if style.contains(.error) { codes.append("31") }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
