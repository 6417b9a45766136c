/// One key press, decoded from the bytes a terminal sends.
public enum Key: Sendable, Equatable, CustomStringConvertible {
    /// A printable character (a letter, a digit, a space, an emoji…).
    case character(Character)
    /// A letter typed with Control held (`control("c")` is Ctrl-C), other than the ones that
    /// have a key of their own (Tab, Enter, Backspace).
    case control(Character)
    case enter, tab, backTab, backspace, delete, escape
    case up, down, left, right, home, end, pageUp, pageDown

    public var description: String {
        switch self {
        case .character(let character): "\"\(character)\""
        case .control(let letter): "Ctrl-\(letter.uppercased())"
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .escape: "Esc"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "Page Up"
        case .pageDown: "Page Down"
        }
    }
}
