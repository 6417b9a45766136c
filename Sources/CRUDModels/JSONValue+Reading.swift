import Foundation

extension JSONValue {
    /// Parses `data` as JSON, or throws when it is not JSON.
    ///
    /// The common shapes (UTF-8 text; objects, arrays, strings, whole numbers that fit an
    /// `Int`, booleans, null) are read here directly, many times faster than `JSONDecoder`
    /// through `Codable`: every request body and every answer of the HTTP client goes through
    /// this. Anything else (a fraction or an exponent, a number too large, a repeated key,
    /// deep nesting, a lone surrogate, invalid input) is left to `JSONDecoder`, which decides
    /// what it is, so the answer is always the one `JSONDecoder` gives.
    public static func read(_ data: Data) throws -> JSONValue {
        if let value = data.withUnsafeBytes({ FastJSONReader.read($0.bindMemory(to: UInt8.self)) }) { return value }
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }
}

/// A reader of the common subset of JSON that gives up (nil) on anything it does not take,
/// never on a guess: see ``JSONValue/read(_:)``.
enum FastJSONReader {
    /// Nesting deeper than this is left to `JSONDecoder`, which has limits of its own.
    static let maxDepth = 64

    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var reader = Cursor(bytes: bytes)
        reader.skipSpace()
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.atEnd ? value : nil
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) -> JSONValue? {
            guard index < bytes.count, depth <= FastJSONReader.maxDepth else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(JSONValue.string)
            case UInt8(ascii: "t"): return word("true", .bool(true))
            case UInt8(ascii: "f"): return word("false", .bool(false))
            case UInt8(ascii: "n"): return word("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return integer()
            default: return nil
            }
        }

        mutating func word(_ text: StaticString, _ value: JSONValue) -> JSONValue? {
            let count = text.utf8CodeUnitCount
            guard bytes.count - index >= count else { return nil }
            for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return nil }
            index += count
            return value
        }

        /// `-?(0|[1-9][0-9]*)` that fits an `Int` and is not `-0`; nil for anything more.
        mutating func integer() -> JSONValue? {
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            let start = index
            var magnitude: UInt64 = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflowSum) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                guard !overflowTimes, !overflowSum else { return nil }
                magnitude = sum
                index += 1
            }
            let digits = index - start
            guard digits > 0, !(digits > 1 && bytes[start] == UInt8(ascii: "0")) else { return nil }
            // A fraction or an exponent: JSONDecoder decides what the number is.
            if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) { return nil }
            if negative {
                guard magnitude != 0, magnitude <= UInt64(Int.max) + 1 else { return nil }
                return .integer(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude))
            }
            guard magnitude <= UInt64(Int.max) else { return nil }
            return .integer(Int(magnitude))
        }

        mutating func string() -> String? {
            index += 1  // the opening quote
            let start = index
            // Without escapes, the text is the bytes between the quotes.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                guard byte >= 0x20 else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            var text = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(validating: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { return nil }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "r"): text.append(0x0D)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let scalar = unicodeEscape() else { return nil }
                        text.append(contentsOf: String(Character(scalar)).utf8)
                    default: return nil
                    }
                default:
                    guard byte >= 0x20 else { return nil }
                    text.append(byte)
                    index += 1
                }
            }
            return nil
        }

        /// The scalar of `\uXXXX` (the `\u` read), a surrogate pair taken whole; nil for a lone
        /// surrogate, left to JSONDecoder.
        mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let first = hex4() else { return nil }
            switch first {
            case 0xD800...0xDBFF:
                guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    return nil
                }
                index += 2
                guard let second = hex4(), (0xDC00...0xDFFF).contains(second) else { return nil }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            case 0xDC00...0xDFFF: return nil
            default: return Unicode.Scalar(first)
            }
        }

        mutating func hex4() -> UInt32? {
            guard bytes.count - index >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        mutating func array(depth: Int) -> JSONValue? {
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if take(UInt8(ascii: "]")) { return .array(items) }
            while true {
                skipSpace()
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                guard let closed = commaOrEnd(UInt8(ascii: "]")) else { return nil }
                if closed { return .array(items) }
            }
        }

        mutating func object(depth: Int) -> JSONValue? {
            index += 1
            var members: [String: JSONValue] = [:]
            skipSpace()
            if take(UInt8(ascii: "}")) { return .object(members) }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                // A repeated key: which one counts is JSONDecoder's to say.
                guard let item = value(depth: depth + 1), members.updateValue(item, forKey: key) == nil else { return nil }
                guard let closed = commaOrEnd(UInt8(ascii: "}")) else { return nil }
                if closed { return .object(members) }
            }
        }

        /// Takes `byte` when it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// After an element of an array or object: true when `close` ends it, false after a
        /// comma (each taken), nil for anything else.
        mutating func commaOrEnd(_ close: UInt8) -> Bool? {
            skipSpace()
            if take(close) { return true }
            return take(UInt8(ascii: ",")) ? false : nil
        }
    }
}
