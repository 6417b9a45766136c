import CRUDSpec
import Foundation

/// A find: the parameters of `GET /parse/classes/X` (or of a `POST` whose body holds
/// `"_method": "GET"`). The client writes them as URL query items; the server reads them
/// back from URL parameters (each JSON-parsed when it parses) or from the body.
public struct ParseFind: Sendable, Equatable {
    /// `where`: field constraints, `$or` and `$and`.
    public var constraints: [String: JSONValue] = [:]
    /// Field names, each descending with a `-` prefix.
    public var order: [String] = []
    /// At most this many results; nil for all (the kit's extension: Parse's default is 100).
    public var limit: Int?
    public var skip = 0
    /// Whether the answer carries `count`, the number of all matches.
    public var count = false
    /// Only these fields (and objectId, createdAt, updatedAt, ACL), when set.
    public var keys: [String]?
    /// Not these fields (objectId, createdAt, updatedAt and ACL stay), when set.
    public var excludeKeys: [String]?

    public init(
        constraints: [String: JSONValue] = [:], order: [String] = [], limit: Int? = nil, skip: Int = 0, count: Bool = false
    ) {
        self.constraints = constraints
        self.order = order
        self.limit = limit
        self.skip = skip
        self.count = count
    }

    /// Parameters Parse Server takes on a find that change nothing here.
    public static let ignoredParameters: Set<String> = [
        "include", "includeAll", "readPreference", "includeReadPreference", "subqueryReadPreference", "hint", "comment",
    ]

    /// The kit's search: a literal term that text must contain, ignoring case and
    /// diacritics, as Parse's `$text` constraint (whose own matching is by words).
    public static func search(_ term: String) -> JSONValue {
        .object(["$text": .object(["$search": .object(["$term": .string(term)])])])
    }

    /// The parameters as URL query items, for a GET.
    public var queryItems: [(String, String)] {
        var items: [(String, String)] = []
        if !constraints.isEmpty { items.append(("where", Self.text(.object(constraints)))) }
        if !order.isEmpty { items.append(("order", order.joined(separator: ","))) }
        if let limit { items.append(("limit", String(limit))) }
        if skip > 0 { items.append(("skip", String(skip))) }
        if count { items.append(("count", "1")) }
        if let keys { items.append(("keys", keys.joined(separator: ","))) }
        if let excludeKeys { items.append(("excludeKeys", excludeKeys.joined(separator: ","))) }
        return items
    }

    /// `value` as compact JSON with sorted keys.
    public static func text(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Reads a find from its parameters, as Parse Server does: an unknown parameter, or a
    /// value of the wrong kind, is a 102.
    public init(parameters: [String: JSONValue]) throws(ParseErrorReply) {
        for (name, value) in parameters {
            switch name {
            case "where":
                switch value {
                case .object(let members): constraints = members
                case .null: break
                default: throw Self.invalid("where must be a JSON object")
                }
            case "order": order = try Self.names(value, "order")
            case "keys": keys = try Self.names(value, "keys")
            case "excludeKeys": excludeKeys = try Self.names(value, "excludeKeys")
            case "limit": limit = try Self.whole(value, "limit")
            case "skip": skip = try Self.whole(value, "skip")
            case "count":
                switch value {
                case .bool(let flag): count = flag
                case .integer(let number) where number == 0 || number == 1: count = number == 1
                case .string("true"), .string("1"): count = true
                case .string("false"), .string("0"): count = false
                default: throw Self.invalid("count must be 1, true, 0 or false")
                }
            case _ where Self.ignoredParameters.contains(name): continue
            default: throw Self.invalid("Invalid parameter for query: \(name)")
            }
        }
    }

    private static func invalid(_ message: String) -> ParseErrorReply {
        ParseErrorReply(code: ParseCode.invalidQuery, message)
    }

    /// A comma list or a JSON array of field names, each trimmed; empty names dropped.
    private static func names(_ value: JSONValue, _ parameter: String) throws(ParseErrorReply) -> [String] {
        let names: [String]
        switch value {
        case .string(let list): names = list.split(separator: ",").map(String.init)
        case .array(let items):
            var collected: [String] = []
            for item in items {
                guard case .string(let name) = item else { throw invalid("\(parameter) must be field names") }
                collected.append(name)
            }
            names = collected
        default: throw invalid("\(parameter) must be a comma-separated list or an array of field names")
        }
        return names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func whole(_ value: JSONValue, _ parameter: String) throws(ParseErrorReply) -> Int {
        switch value {
        case .integer(let number) where number >= 0: return number
        case .string(let text) where Int(text).map { $0 >= 0 } == true: return Int(text) ?? 0
        default: throw invalid("\(parameter) must be a whole number ≥ 0")
        }
    }
}

extension ParseErrorReply: Error {}
