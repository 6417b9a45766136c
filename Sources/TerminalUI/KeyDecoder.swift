/// Turns the bytes a terminal sends into key presses.
///
/// Bytes arrive in arbitrary pieces: an escape sequence or a UTF-8 character may be split
/// between two reads, so what cannot be decoded yet is kept for the next ``feed(_:)``. A lone
/// Esc looks like the start of a sequence; ``flush()`` gives it once no more bytes follow.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// Whether bytes are held back, waiting for the rest of a sequence or character.
    public var hasPending: Bool { !pending.isEmpty }

    /// The keys `bytes` complete, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        while let (key, used) = Self.decode(pending[...]) {
            pending.removeFirst(used)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// What is held back, as keys: a lone Esc, or the characters of a sequence no more bytes
    /// came for. Call it when the input has been quiet for a moment.
    public mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        guard let first = pending.first else { return [] }
        if first == 0x1B {
            return [.escape] + Self.lenient(pending.dropFirst())
        }
        return Self.lenient(pending[...])
    }

    /// Bytes that never made a whole sequence: each printable ASCII byte as itself; the rest
    /// (a cut UTF-8 character) is dropped.
    private static func lenient(_ bytes: ArraySlice<UInt8>) -> [Key] {
        bytes.compactMap { (0x20..<0x7F).contains($0) ? .character(Character(Unicode.Scalar($0))) : nil }
    }

    /// The key at the start of `bytes` and how many bytes it took (a nil key for bytes that
    /// mean nothing, such as an unknown sequence); nil when more bytes are needed.
    private static func decode(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B: return escapeSequence(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00, 0x1C...0x1F: return (nil, 1)
        case 0x20..<0x80: return (.character(Character(Unicode.Scalar(first))), 1)
        default: return utf8Character(bytes)
        }
    }

    /// A UTF-8 character of two to four bytes; an invalid lead or continuation byte is skipped.
    private static func utf8Character(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let lead = bytes[bytes.startIndex]
        let length =
            switch lead {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        guard length > 0 else { return (nil, 1) }
        guard bytes.count >= length else { return nil }
        let encoded = bytes.prefix(length)
        guard encoded.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
            let text = String(validating: encoded, as: UTF8.self), let character = text.first
        else { return (nil, 1) }
        return (.character(character), length)
    }

    /// Esc, then `[` or `O` and a sequence (arrows, Home, End, Delete, pages, Shift-Tab); a
    /// lone Esc waits for ``flush()``; Esc before any other byte is Esc then that key.
    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let second = bytes[start + 1]
        guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else { return (.escape, 1) }
        // Parameters (digits and ;) up to a final byte in 0x40...0x7E.
        var index = start + 2
        while index < bytes.endIndex, (0x30...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return nil }
        let final = bytes[index]
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let used = index - start + 1
        let key: Key? =
            switch (final, parameters) {
            case (UInt8(ascii: "A"), _): .up
            case (UInt8(ascii: "B"), _): .down
            case (UInt8(ascii: "C"), _): .right
            case (UInt8(ascii: "D"), _): .left
            case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
            case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
            case (UInt8(ascii: "Z"), _): .backTab
            case (UInt8(ascii: "~"), "3"): .delete
            case (UInt8(ascii: "~"), "5"): .pageUp
            case (UInt8(ascii: "~"), "6"): .pageDown
            default: nil
            }
        return (key, used)
    }
}
