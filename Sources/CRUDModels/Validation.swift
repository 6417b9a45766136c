/// The validation rules every backend shares, as pure functions.
///
/// This module holds the limits and the text helpers (trimming, control characters, search
/// terms, pages). The field validators, `title(_:)`, `notes(_:)`, `name(_:)`, `email(_:)`,
/// `phone(_:)` and `titles(_:)`, are added by the `CRUDSpec` module: they are the answers of
/// the course's exercises, which import only this module. Each takes what a user typed and
/// returns the value to store, or throws ``CRUDError/validation(_:)``; backends call them
/// before touching storage, so a rejected create or update changes nothing.
///
/// ```swift
/// Validation.trimmed("\u{3000} Buy milk\n")  // "Buy milk"
/// Validation.isControl("\u{1B}")            // true: ESC
/// // with CRUDSpec imported:
/// try Validation.title(" ")                 // throws: Task title cannot be empty.
/// ```
public enum Validation {
    /// The longest task title, in Characters (grapheme clusters).
    public static let maxTitleLength = 200
    /// The longest task notes, in Characters.
    public static let maxNotesLength = 1_000
    /// The longest contact name, in Characters.
    public static let maxNameLength = 100
    /// The longest email address, in Characters.
    public static let maxEmailLength = 254
    /// The fewest and most digits a phone number may have.
    public static let phoneDigits = 7...15

    /// A search term as backends should use it: trimmed of `White_Space` at both ends (the
    /// spaces inside stay and are matched literally), and `nil` when blank.
    public static func searchTerm(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let text = trimmed(raw)
        return text.isEmpty ? nil : text
    }

    /// Checks a page request: a negative limit or offset throws ``CRUDError/invalidQuery(reason:)``.
    public static func page(limit: Int?, offset: Int) throws(CRUDError) {
        if let limit, limit < 0 { throw .invalidQuery(reason: "the limit cannot be negative (got \(limit))") }
        if offset < 0 { throw .invalidQuery(reason: "the offset cannot be negative (got \(offset))") }
    }

    /// Removes leading and trailing Unicode whitespace and newlines (the `White_Space` property).
    public static func trimmed(_ raw: String) -> String {
        let scalars = raw.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Whether a scalar is a control character, Unicode general category Cc.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
}
