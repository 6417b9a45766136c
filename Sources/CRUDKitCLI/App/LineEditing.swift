import TerminalUI

/// The keys of a one-line text field: typing, Backspace and Delete, the cursor moved by
/// arrows, Home and End (or Ctrl-A, Ctrl-E), and Ctrl-U to clear. The text lives in a
/// model; the field keeps only where its cursor stands, counted in characters.
struct LineEditing {
    var cursor = 0

    /// Applies `key` to `text`; false when the key is not a field's (the screen handles it).
    mutating func apply(_ key: Key, to text: inout String) -> Bool {
        cursor = min(max(cursor, 0), text.count)
        switch key {
        case .character(let character):
            text.insert(character, at: text.index(text.startIndex, offsetBy: cursor))
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
            cursor -= 1
        case .delete:
            guard cursor < text.count else { return true }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case .left: cursor = max(cursor - 1, 0)
        case .right: cursor = min(cursor + 1, text.count)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        case .control("u"):
            text = ""
            cursor = 0
        default:
            return false
        }
        return true
    }

    /// The cells between the field's start and its cursor.
    func column(in text: String) -> Int {
        DisplayWidth.of(text.prefix(min(max(cursor, 0), text.count)))
    }
}
