import Foundation

/// Writes the few JSON shapes the server answers with and the client sends (objects, arrays,
/// strings, whole numbers, booleans, null), keys sorted, without Foundation's general-purpose
/// serializer: both are a request's hot path. Nil for anything else (a `Double`), for which
/// the caller falls back to `JSONEncoder`.
package enum JSONWriter {
    /// `value` (Foundation values, as `JSONValue.foundationValue` gives) as JSON, or nil.
    package static func bytes(_ value: Any) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        return write(value, to: &out) ? out : nil
    }

    private static func write(_ value: Any, to out: inout [UInt8]) -> Bool {
        switch value {
        case let text as String:
            writeString(text, to: &out)
        case let flag as Bool:
            out += flag ? Array("true".utf8) : Array("false".utf8)
        case let number as Int:
            out += Array(String(number).utf8)
        case let object as [String: Any]:
            out.append(UInt8(ascii: "{"))
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                guard let item = object[key], write(item, to: &out) else { return false }
            }
            out.append(UInt8(ascii: "}"))
        case let array as [Any]:
            out.append(UInt8(ascii: "["))
            for (index, item) in array.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                guard write(item, to: &out) else { return false }
            }
            out.append(UInt8(ascii: "]"))
        case is NSNull:
            out += Array("null".utf8)
        default:
            return false
        }
        return true
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20, 0x7F:
                out += [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                ]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
