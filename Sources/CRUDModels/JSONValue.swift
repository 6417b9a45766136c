import Foundation

/// Reads JSON of any shape into Foundation values (`[String: Any]`, `[Any]`, `String`,
/// `Int`, `Double`, `Bool`, `NSNull`), exactly.
///
/// `JSONSerialization.jsonObject` on Linux drops a string that is nothing but U+FEFF
/// (it takes it for a byte-order mark); `JSONDecoder` keeps it. The server and the HTTP
/// client read every body through this, so no text is lost on the wire.
public enum JSONValue: Decodable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

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
        try JSONDecoder().decode(JSONValue.self, from: data).foundationValue
    }
}
