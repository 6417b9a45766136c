import CRUDModels
import Foundation

/// The field validators: what each field accepts and how it is stored. They live here, not
/// beside the limits in `CRUDModels`, because they are the answers of the course's first
/// exercises, whose code may import only `CRUDModels` (through `ExerciseAPI`).
extension Validation {
    /// A task title: trimmed of leading and trailing Unicode `White_Space` (all 25 scalars,
    /// see ``trimmed(_:)``); not empty; at most 200 Characters (grapheme clusters), counted
    /// after trimming; no control character (Unicode Cc: U+0000–U+001F, U+007F–U+009F)
    /// inside. Not normalized: the text is kept scalar for scalar as typed.
    public static func title(_ raw: String) throws(CRUDError) -> String {
        try singleLine(raw, field: .title, maxLength: maxTitleLength)
    }

    /// Task notes: trimmed like a title; blank means none (`nil`); at most 1,000 Characters
    /// after trimming (CR LF is one Character); line feeds and carriage returns allowed
    /// inside, every other control character rejected. Not normalized.
    public static func notes(_ raw: String?) throws(CRUDError) -> String? {
        guard let raw else { return nil }
        let text = trimmed(raw)
        if text.isEmpty { return nil }
        try checkLength(text, field: .notes, maxLength: maxNotesLength)
        if text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\r" }) {
            throw .validation(ValidationFailure(field: .notes, reason: .invalidCharacters))
        }
        return text
    }

    /// A contact name: trimmed like a title; not empty; at most 100 Characters counted after
    /// trimming; no control characters. Not normalized.
    public static func name(_ raw: String) throws(CRUDError) -> String {
        try singleLine(raw, field: .name, maxLength: maxNameLength)
    }

    /// A contact email: trimmed, then lowercased with Unicode's lowercase mapping of each
    /// scalar (`String.lowercased()`: beyond A–Z, without locale); not empty; at most 254
    /// Characters counted after trimming and lowercasing; exactly one `@` with a non-empty
    /// part before it and a dotted domain after it (labels not empty); no `White_Space` or
    /// control characters anywhere. Not normalized otherwise: two emails are the same
    /// address when these stored forms are the same scalars (precomposed `é` and `e` +
    /// U+0301 are two addresses).
    public static func email(_ raw: String) throws(CRUDError) -> String {
        let text = trimmed(raw).lowercased()
        if text.isEmpty { throw .validation(ValidationFailure(field: .email, reason: .empty)) }
        try checkLength(text, field: .email, maxLength: maxEmailLength)
        let invalid = CRUDError.validation(ValidationFailure(field: .email, reason: .invalidEmail))
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace || isControl($0) }) { throw invalid }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { throw invalid }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { throw invalid }
        return text
    }

    /// A contact phone: optional; trimmed like a title; blank means none (`nil`); inside,
    /// only ASCII digits, the ASCII space and `+ - ( ) .` (no other space, no control
    /// characters); 7 to 15 digits. Stored as typed, after trimming.
    public static func phone(_ raw: String?) throws(CRUDError) -> String? {
        guard let raw else { return nil }
        let text = trimmed(raw)
        if text.isEmpty { return nil }
        let allowed: Set<Unicode.Scalar> = [" ", "+", "-", "(", ")", "."]
        var digits = 0
        for scalar in text.unicodeScalars {
            if ("0"..."9").contains(scalar) {
                digits += 1
            } else if !allowed.contains(scalar) {
                throw .validation(ValidationFailure(field: .phone, reason: .invalidPhone))
            }
        }
        guard phoneDigits.contains(digits) else {
            throw .validation(ValidationFailure(field: .phone, reason: .invalidPhone))
        }
        return text
    }

    /// Every title of an import, validated in order. The first bad title throws with its
    /// 1-based position (the first one, when several are bad), so a batch is accepted whole
    /// or not at all.
    public static func titles(_ raw: [String]) throws(CRUDError) -> [String] {
        var result: [String] = []
        result.reserveCapacity(raw.count)
        for (index, title) in raw.enumerated() {
            do {
                result.append(try Validation.title(title))
            } catch {
                guard case .validation(var failure) = error else { throw error }
                failure.position = index + 1
                throw .validation(failure)
            }
        }
        return result
    }

    private static func singleLine(_ raw: String, field: Field, maxLength: Int) throws(CRUDError) -> String {
        if let text = trimmedPrintableASCII(raw) {
            if text.isEmpty { throw .validation(ValidationFailure(field: field, reason: .empty)) }
            // One byte is one Character here: no CR LF pairs, no combining marks.
            if text.utf8.count > maxLength { throw .validation(ValidationFailure(field: field, reason: .tooLong(max: maxLength))) }
            return text
        }
        let text = trimmed(raw)
        if text.isEmpty { throw .validation(ValidationFailure(field: field, reason: .empty)) }
        try checkLength(text, field: field, maxLength: maxLength)
        if text.unicodeScalars.contains(where: isControl) {
            throw .validation(ValidationFailure(field: field, reason: .invalidCharacters))
        }
        return text
    }

    /// The common case, with byte work alone: `raw` is ASCII, with nothing but spaces, tabs
    /// and line breaks at its ends and printable characters between. Returns it trimmed, which
    /// needs no control-character check. `nil` for any other text, which takes the general
    /// path (Unicode whitespace, control characters, anything beyond ASCII).
    private static func trimmedPrintableASCII(_ raw: String) -> String? {
        var raw = raw
        let kept = raw.withUTF8 { bytes -> Range<Int>? in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            var start = 0
            var end = bytes.count
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            for index in start..<end where !(0x20...0x7E).contains(bytes[index]) { return nil }
            return start..<end
        }
        guard let kept else { return nil }
        if kept.count == raw.utf8.count { return raw }
        return raw.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[kept]), as: UTF8.self) }
    }

    private static func checkLength(_ text: String, field: Field, maxLength: Int) throws(CRUDError) {
        if text.count > maxLength {
            throw .validation(ValidationFailure(field: field, reason: .tooLong(max: maxLength)))
        }
    }
}
