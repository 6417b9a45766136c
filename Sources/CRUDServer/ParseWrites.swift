import CRUDSpec
import Foundation
import ParseWire

/// What a create or update body asks for each field, checked against the class's schema.
struct ParseWrites {
    /// One field's change.
    enum Change: Equatable {
        case set(JSONValue)
        /// `null` or `{"__op": "Delete"}`: the field is removed.
        case delete
        /// `{"__op": "Toggle"}` on a Boolean: flipped atomically (the kit's extension).
        case toggle
    }

    let parseClass: ParseClass
    let changes: [String: Change]

    /// Reads `body` for `parseClass`, as Parse Server checks it: `objectId` is not a field a
    /// client writes (105); a field the schema does not have may not be added (119); a value
    /// of the wrong type is a 111. `createdAt` and `updatedAt` are the server's, and ignored.
    init(_ body: [String: JSONValue], for parseClass: ParseClass) throws(ParseErrorReply) {
        self.parseClass = parseClass
        var changes: [String: Change] = [:]
        for key in body.keys.sorted() {
            guard let value = body[key] else { continue }
            switch key {
            case "objectId": throw ParseErrorReply(code: ParseCode.invalidField, "objectId is an invalid field name.")
            case "createdAt", "updatedAt": continue
            default: break
            }
            guard let type = parseClass.writableFields[key] else {
                throw ParseErrorReply(
                    code: ParseCode.operationForbidden, "Permission denied for action addField on class \(parseClass.rawValue).")
            }
            changes[key] = try Self.change(of: key, to: value, type: type, in: parseClass)
        }
        self.changes = changes
    }

    private static func change(of key: String, to value: JSONValue, type: ParseType, in parseClass: ParseClass) throws(ParseErrorReply)
        -> Change
    {
        func mismatch(_ given: String) -> ParseErrorReply {
            ParseErrorReply(
                code: ParseCode.incorrectType,
                "schema mismatch for \(parseClass.rawValue).\(key); expected \(type.rawValue) but got \(given)")
        }
        if case .object(let members) = value, case .string(let operation)? = members["__op"] {
            switch operation {
            case "Delete": return .delete
            case "Toggle" where type == .boolean: return .toggle
            case "Increment": throw mismatch(ParseType.number.rawValue)
            case "Add", "AddUnique", "Remove": throw mismatch(ParseType.array.rawValue)
            default: throw ParseErrorReply(code: ParseCode.invalidJSON, "unexpected op: \(operation)")
            }
        }
        if value == .null { return .delete }
        guard let given = ParseType(of: value), given == type else { throw mismatch(ParseType(of: value)?.rawValue ?? "null") }
        return .set(value)
    }

    /// The text a String field is set to; `""` when it is removed (a required field then
    /// fails the kit's validation as empty); nil when the body leaves it alone.
    func text(_ key: String) -> String? {
        switch changes[key] {
        case .set(.string(let text))?: text
        case .delete?: ""
        default: nil
        }
    }

    /// Whether the body changes `key` at all.
    func touches(_ key: String) -> Bool { changes[key] != nil }

    /// The ACL the body sets, `.null` when it removes it, nil when it leaves it alone.
    var acl: JSONValue? {
        switch changes["ACL"] {
        case .set(let value)?: value
        case .delete?: .null
        default: nil
        }
    }

    /// The fields of `stored` that differ from what the body sent, as Parse Server adds a
    /// field a beforeSave trigger changed to its answer (`null` for one that was dropped),
    /// and the new value of each field an operation changed.
    func differences(from stored: [String: JSONValue]) -> [String: JSONValue] {
        var answer: [String: JSONValue] = [:]
        for (key, change) in changes where key != "ACL" {
            switch change {
            case .set(let sent) where stored[key] != sent: answer[key] = stored[key] ?? .null
            case .delete where stored[key] != nil: answer[key] = stored[key]
            case .toggle: answer[key] = stored[key] ?? .null
            default: continue
            }
        }
        return answer
    }
}

/// The ACLs clients set, by class and objectId. The mock keeps and returns them and does
/// not enforce them (a lesson says so); they live in the server process, not in the store.
final class ACLTable: @unchecked Sendable {
    private let lock = NSLock()
    private var acls: [String: JSONValue] = [:]

    func acl(_ parseClass: ParseClass, _ objectID: String) -> JSONValue? {
        lock.withLock { acls[parseClass.rawValue + "/" + objectID] }
    }

    /// Sets (or, with `.null`, removes) the ACL of an object.
    func set(_ acl: JSONValue, _ parseClass: ParseClass, _ objectID: String) {
        lock.withLock { acls[parseClass.rawValue + "/" + objectID] = acl == .null ? nil : acl }
    }
}
