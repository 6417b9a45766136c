import CRUDSpec
import Foundation
import ParseWire

/// An object as a find sees it: its fields as the API returns them, and its place in
/// creation order.
struct ParseRecord {
    var object: [String: JSONValue]
    var sequence: Int
}

/// A compiled `where`: checked once, then run on each record.
indirect enum ParsePredicate {
    case all([ParsePredicate])
    case any([ParsePredicate])
    case field(String, FieldCondition)

    /// One condition on one field.
    enum FieldCondition {
        case equals(JSONValue)
        case notEquals(JSONValue)
        case within([JSONValue])
        case notWithin([JSONValue])
        case exists(Bool)
        case compare(String, JSONValue)
        case regex(ParseRegex)
        case text(term: String?, caseSensitive: Bool, diacriticSensitive: Bool)
    }

    /// Reads `constraints` (a `where`): Parse's operators, with Parse's codes for what is wrong.
    static func compile(_ constraints: [String: JSONValue]) throws(ParseErrorReply) -> ParsePredicate {
        var parts: [ParsePredicate] = []
        for key in constraints.keys.sorted() {
            guard let value = constraints[key] else { continue }
            switch key {
            case "$or", "$and":
                guard case .array(let items) = value, !items.isEmpty else {
                    throw ParseErrorReply(code: ParseCode.invalidQuery, "Bad \(key) format - use an array value.")
                }
                var branches: [ParsePredicate] = []
                for item in items {
                    guard case .object(let members) = item else {
                        throw ParseErrorReply(code: ParseCode.invalidQuery, "Bad \(key) format - use an array of objects.")
                    }
                    branches.append(try compile(members))
                }
                parts.append(key == "$or" ? .any(branches) : .all(branches))
            case _ where key.hasPrefix("$"):
                throw ParseErrorReply(code: ParseCode.invalidQuery, "Invalid key name: \(key)")
            default:
                parts += try conditions(on: key, value)
            }
        }
        return .all(parts)
    }

    private static func conditions(on field: String, _ value: JSONValue) throws(ParseErrorReply) -> [ParsePredicate] {
        // An object with `$` keys holds operators; any other value (a Date object too) is equality.
        guard case .object(let members) = value, members.keys.contains(where: { $0.hasPrefix("$") }) else {
            return [.field(field, .equals(value))]
        }
        var found: [ParsePredicate] = []
        for (name, operand) in members.sorted(by: { $0.key < $1.key }) {
            let condition: FieldCondition
            switch name {
            case "$eq": condition = .equals(operand)
            case "$ne": condition = .notEquals(operand)
            case "$in", "$nin":
                guard case .array(let values) = operand else {
                    throw ParseErrorReply(code: ParseCode.invalidJSON, "bad \(name) value")
                }
                condition = name == "$in" ? .within(values) : .notWithin(values)
            case "$exists":
                guard case .bool(let flag) = operand else { throw ParseErrorReply(code: ParseCode.invalidJSON, "bad $exists value") }
                condition = .exists(flag)
            case "$gt", "$gte", "$lt", "$lte": condition = .compare(name, operand)
            case "$regex":
                guard case .string(let pattern) = operand else {
                    throw ParseErrorReply(code: ParseCode.invalidJSON, "bad regex: \(ParseFind.text(operand))")
                }
                var options = ""
                if let given = members["$options"] {
                    guard case .string(let letters) = given else {
                        throw ParseErrorReply(code: ParseCode.invalidQuery, "Bad $options value for query: \(ParseFind.text(given))")
                    }
                    guard letters.allSatisfy({ "imsx".contains($0) }) else {
                        throw ParseErrorReply(code: ParseCode.invalidQuery, "Bad $options value for query: \(letters)")
                    }
                    options = letters
                }
                do {
                    condition = .regex(try ParseRegex(pattern: pattern, options: options))
                } catch {
                    throw ParseErrorReply(code: ParseCode.invalidQuery, "Invalid $regex: \(error.description)")
                }
            case "$options":
                guard members["$regex"] != nil else {
                    throw ParseErrorReply(code: ParseCode.invalidQuery, "Bad $options value for query: $options needs $regex")
                }
                continue
            case "$text": condition = try text(operand)
            default: throw ParseErrorReply(code: ParseCode.invalidJSON, "bad constraint: \(name)")
            }
            found.append(.field(field, condition))
        }
        return found
    }

    /// `{"$search": {"$term": …, "$caseSensitive": …, "$diacriticSensitive": …, "$language": …}}`.
    private static func text(_ operand: JSONValue) throws(ParseErrorReply) -> FieldCondition {
        guard case .object(let members) = operand, case .object(let search)? = members["$search"] else {
            throw ParseErrorReply(code: ParseCode.invalidJSON, "bad $text: $search, should be object")
        }
        guard case .string(let term)? = search["$term"] else {
            throw ParseErrorReply(code: ParseCode.invalidJSON, "bad $text: $term, should be string")
        }
        var flags = (caseSensitive: false, diacriticSensitive: false)
        for (name, value) in search where name != "$term" {
            switch (name, value) {
            case ("$language", .string): continue
            case ("$language", _): throw ParseErrorReply(code: ParseCode.invalidJSON, "bad $text: $language, should be string")
            case ("$caseSensitive", .bool(let flag)): flags.caseSensitive = flag
            case ("$diacriticSensitive", .bool(let flag)): flags.diacriticSensitive = flag
            case ("$caseSensitive", _), ("$diacriticSensitive", _):
                throw ParseErrorReply(code: ParseCode.invalidJSON, "bad $text: \(name), should be boolean")
            default: throw ParseErrorReply(code: ParseCode.invalidJSON, "bad $text: unknown field \(name)")
            }
        }
        return .text(term: Validation.searchTerm(term), caseSensitive: flags.caseSensitive, diacriticSensitive: flags.diacriticSensitive)
    }

    /// Whether `record` matches.
    func matches(_ record: ParseRecord) -> Bool {
        switch self {
        case .all(let parts): return parts.allSatisfy { $0.matches(record) }
        case .any(let parts): return parts.contains { $0.matches(record) }
        case .field(let name, let condition):
            let value = ParseValue(field: name, record.object[name])
            return Self.holds(condition, for: value, field: name)
        }
    }

    private static func holds(_ condition: FieldCondition, for value: ParseValue?, field: String) -> Bool {
        switch condition {
        case .equals(let operand): return equal(value, ParseValue(field: field, operand))
        case .notEquals(let operand): return !equal(value, ParseValue(field: field, operand))
        case .within(let operands): return operands.contains { equal(value, ParseValue(field: field, $0)) }
        case .notWithin(let operands): return !operands.contains { equal(value, ParseValue(field: field, $0)) }
        case .exists(let flag): return (value != nil) == flag
        case .compare(let name, let operand):
            guard let value, let operand = ParseValue(field: field, operand), let order = value.compared(to: operand) else { return false }
            switch name {
            case "$gt": return order == .orderedDescending
            case "$gte": return order != .orderedAscending
            case "$lt": return order == .orderedAscending
            default: return order != .orderedDescending
            }
        case .regex(let regex):
            guard case .string(let text)? = value else { return false }
            return regex.matches(text)
        case .text(let term, let caseSensitive, let diacriticSensitive):
            guard case .string(let text)? = value else { return false }
            return ParseText.contains(text, term, caseSensitive: caseSensitive, diacriticSensitive: diacriticSensitive)
        }
    }

    /// Equality as Parse (MongoDB) has it: `null` also matches a missing field.
    private static func equal(_ value: ParseValue?, _ operand: ParseValue?) -> Bool {
        guard let operand, operand != .null else { return value == nil || value == .null }
        guard let value else { return false }
        return value.compared(to: operand) == .orderedSame
    }
}

/// A field's value for comparing and ordering: dates as dates (`createdAt` and `updatedAt`
/// as the ISO strings the API shows, other fields as `{"__type": "Date"}`), numbers as numbers.
enum ParseValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case date(Date)
    case other(JSONValue)

    init?(field: String, _ value: JSONValue?) {
        guard let value else { return nil }
        if let date = ParseObjects.date(value), field == "createdAt" || field == "updatedAt" || value.object != nil {
            self = .date(date)
            return
        }
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .integer(let number): self = .number(Double(number))
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        default: self = .other(value)
        }
    }

    /// MongoDB's order of types, for values of different kinds.
    private var rank: Int {
        switch self {
        case .null: 0
        case .number: 1
        case .string: 2
        case .other: 3
        case .bool: 4
        case .date: 5
        }
    }

    /// The order of two values of the same kind (strings by Unicode scalars); nil for two
    /// values of different kinds, which no comparison operator matches.
    func compared(to other: ParseValue) -> ComparisonResult? {
        switch (self, other) {
        case (.null, .null): return .orderedSame
        case (.bool(let lhs), .bool(let rhs)): return lhs == rhs ? .orderedSame : (lhs ? .orderedDescending : .orderedAscending)
        case (.number(let lhs), .number(let rhs)): return lhs == rhs ? .orderedSame : (lhs < rhs ? .orderedAscending : .orderedDescending)
        case (.date(let lhs), .date(let rhs)): return lhs == rhs ? .orderedSame : (lhs < rhs ? .orderedAscending : .orderedDescending)
        case (.string(let lhs), .string(let rhs)):
            if lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars) { return .orderedSame }
            return TextKey.scalarOrder(lhs, rhs) ? .orderedAscending : .orderedDescending
        case (.other(let lhs), .other(let rhs)): return lhs == rhs ? .orderedSame : nil
        default: return nil
        }
    }

    /// The order of any two values, by kind first (for sorting).
    func sortOrder(_ other: ParseValue) -> ComparisonResult {
        if let same = compared(to: other) { return same }
        if rank != other.rank { return rank < other.rank ? .orderedAscending : .orderedDescending }
        return .orderedSame
    }
}

/// The kit's text search as `$text` offers it.
enum ParseText {
    /// Whether `text` contains `term` literally: by default ignoring case and diacritics
    /// (the kit's search, ``TextKey/matches(_:search:)``); a nil term matches everything.
    static func contains(_ text: String, _ term: String?, caseSensitive: Bool, diacriticSensitive: Bool) -> Bool {
        guard let term else { return true }
        if !caseSensitive && !diacriticSensitive { return TextKey.matches(text, search: term) }
        func key(_ value: String) -> String {
            var text = caseSensitive ? value : TextKey.folded(value)
            if !diacriticSensitive {
                text = String(
                    String.UnicodeScalarView(
                        text.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                            $0.properties.generalCategory != .nonspacingMark
                        }))
            }
            return text.precomposedStringWithCanonicalMapping
        }
        return TextKey.contains(key(text), key(term))
    }
}

/// Ordering and projecting the records a find matched.
enum ParseResults {
    /// `records` in `order` (field names, `-` for descending). The class's search field
    /// (title, name) orders like the kit's title order: case-folded, then exact (an
    /// extension; Parse compares code points). `createdAt` ties break by creation order in
    /// its own direction; every other tie by creation order, earliest first. Fields the
    /// class does not have are ignored, as Parse ignores them.
    static func sorted(_ records: [ParseRecord], by order: [String], in parseClass: ParseClass) -> [ParseRecord] {
        let keys: [(field: String, descending: Bool)] = order.compactMap { name in
            let descending = name.hasPrefix("-")
            let field = descending ? String(name.dropFirst()) : name
            return parseClass.fields[field] == nil ? nil : (field, descending)
        }
        guard !keys.isEmpty else { return records.sorted { $0.sequence < $1.sequence } }
        let decorated = records.map { record in
            (
                record: record,
                values: keys.map { key -> SortValue in
                    let value = ParseValue(field: key.field, record.object[key.field])
                    if key.field == parseClass.searchField, case .string(let text)? = value {
                        return .text(folded: Array(TextKey.folded(text).utf8), exact: Array(text.utf8))
                    }
                    return .value(value)
                }
            )
        }
        return decorated.sorted { lhs, rhs in
            for (index, key) in keys.enumerated() {
                var order = lhs.values[index].order(rhs.values[index])
                if order == .orderedSame, key.field == "createdAt", lhs.record.sequence != rhs.record.sequence {
                    order = lhs.record.sequence < rhs.record.sequence ? .orderedAscending : .orderedDescending
                }
                if order == .orderedSame { continue }
                return key.descending ? order == .orderedDescending : order == .orderedAscending
            }
            return lhs.record.sequence < rhs.record.sequence
        }.map(\.record)
    }

    private enum SortValue {
        case text(folded: [UInt8], exact: [UInt8])
        case value(ParseValue?)

        func order(_ other: SortValue) -> ComparisonResult {
            switch (self, other) {
            case (.text(let lhsFolded, let lhsExact), .text(let rhsFolded, let rhsExact)):
                if lhsFolded != rhsFolded { return lhsFolded.lexicographicallyPrecedes(rhsFolded) ? .orderedAscending : .orderedDescending }
                if lhsExact != rhsExact { return lhsExact.lexicographicallyPrecedes(rhsExact) ? .orderedAscending : .orderedDescending }
                return .orderedSame
            case (.value(let lhs), .value(let rhs)):
                // A missing field sorts first, as null does in MongoDB.
                switch (lhs, rhs) {
                case (nil, nil): return .orderedSame
                case (nil, _): return .orderedAscending
                case (_, nil): return .orderedDescending
                case (let lhs?, let rhs?): return lhs.sortOrder(rhs)
                }
            case (.text, .value): return .orderedDescending
            case (.value, .text): return .orderedAscending
            }
        }
    }

    /// The fields Parse always returns, whatever `keys` and `excludeKeys` say.
    static let alwaysKept: Set<String> = ["objectId", "createdAt", "updatedAt", "ACL"]

    /// `object` with only `keys` (when given) and without `excludeKeys`.
    static func projected(_ object: [String: JSONValue], keys: [String]?, excludeKeys: [String]?) -> [String: JSONValue] {
        var result = object
        if let keys {
            let kept = Set(keys).union(alwaysKept)
            result = result.filter { kept.contains($0.key) }
        }
        if let excludeKeys {
            for key in excludeKeys where !alwaysKept.contains(key) { result[key] = nil }
        }
        return result
    }
}
