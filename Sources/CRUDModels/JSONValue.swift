import Foundation

/// Reads JSON of any shape into Foundation values (`[String: Any]`, `[Any]`, `String`,
/// `Int`, `Double`, `Bool`, `NSNull`), exactly.
///
/// `JSONSerialization.jsonObject` on Linux drops a string that is nothing but U+FEFF
/// (it takes it for a byte-order mark); `JSONDecoder` keeps it. The server and the HTTP
/// client read every body through this, so no text is lost on the wire.
public enum JSONValue: Codable, Sendable, Hashable {
    /// A string, exactly as written (U+FEFF included).
    case string(String)
    /// A number that fits an `Int`.
    case integer(Int)
    /// Any other number.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Reads any JSON value; a number that reads as an `Int` becomes ``integer(_:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Writes the value as the JSON it was read from.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        case .array(let values): try container.encode(values)
        case .object(let values): try container.encode(values)
        }
    }

    /// `value`, a Foundation value as ``foundationValue`` gives (or `JSONSerialization`
    /// reads), as JSON; nil for anything JSON cannot hold.
    public init?(foundation value: Any) {
        switch value {
        case is NSNull: self = .null
        case let text as String: self = .string(text)
        // Swift values first, by their exact type: an NSNumber would cast to Bool and Int alike.
        case let flag as Bool where type(of: value) == Bool.self: self = .bool(flag)
        case let integer as Int where type(of: value) == Int.self: self = .integer(integer)
        case let double as Double where type(of: value) == Double.self: self = .number(double)
        case let number as NSNumber:
            let kind = String(cString: number.objCType)
            if kind == "c" || kind == "B" {
                self = .bool(number.boolValue)
            } else if let integer = Int(exactly: number.doubleValue), !"fd".contains(kind) {
                self = .integer(integer)
            } else {
                self = .number(number.doubleValue)
            }
        case let values as [Any]:
            var items: [JSONValue] = []
            for item in values {
                guard let converted = JSONValue(foundation: item) else { return nil }
                items.append(converted)
            }
            self = .array(items)
        case let values as [String: Any]:
            var items: [String: JSONValue] = [:]
            for (key, item) in values {
                guard let converted = JSONValue(foundation: item) else { return nil }
                items[key] = converted
            }
            self = .object(items)
        default: return nil
        }
    }

    /// The text of a `.string`, else nil.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The members of an `.object`, else nil.
    public var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The value as Foundation objects.
    public var foundationValue: Any {
        switch self {
        case .string(let value): value
        case .integer(let value): value
        case .number(let value): value
        case .bool(let value): value
        case .null: NSNull()
        case .array(let values): values.map(\.foundationValue)
        case .object(let values): values.mapValues(\.foundationValue)
        }
    }

    /// Parses `data` as JSON into Foundation values, or throws when it is not JSON.
    public static func parse(_ data: Data) throws -> Any {
        try read(data).foundationValue
    }
}
