import CRUDSpec

/// A field's type, by the name Parse's schema gives it (used in 111 messages).
public enum ParseType: String, Sendable {
    case string = "String"
    case number = "Number"
    case boolean = "Boolean"
    case date = "Date"
    case object = "Object"
    case array = "Array"

    /// The type of `value`: a `{"__type": "Date"}` object is a Date; null has none.
    public init?(of value: JSONValue) {
        switch value {
        case .string: self = .string
        case .integer, .number: self = .number
        case .bool: self = .boolean
        case .array: self = .array
        case .object(let members): self = members["__type"] == .string("Date") ? .date : .object
        case .null: return nil
        }
    }
}

/// The kit's two classes, as the server's schema has them.
public enum ParseClass: String, CaseIterable, Sendable {
    case task = "Task"
    case contact = "Contact"

    /// The fields a client may write, with their types. `ACL` is kept and returned, not enforced.
    public var writableFields: [String: ParseType] {
        switch self {
        case .task: ["title": .string, "notes": .string, "isCompleted": .boolean, "ACL": .object]
        case .contact: ["name": .string, "email": .string, "phone": .string, "ACL": .object]
        }
    }

    /// The fields a create must set.
    public var requiredFields: [String] {
        switch self {
        case .task: ["title"]
        case .contact: ["name", "email"]
        }
    }

    /// The fields the server sets on every object.
    public static let serverFields: [String: ParseType] = ["objectId": .string, "createdAt": .date, "updatedAt": .date]

    /// Every field an object of this class may have, with its type.
    public var fields: [String: ParseType] { writableFields.merging(Self.serverFields) { own, _ in own } }

    /// The text field the kit's search looks in, and that orders like the kit's title order.
    public var searchField: String {
        switch self {
        case .task: "title"
        case .contact: "name"
        }
    }

    /// The order the kit's specification gives this class's lists: for tasks by title, and
    /// for contacts by name then email (see ``RecordOrder``).
    public var specificationOrder: [String] {
        switch self {
        case .task: ["title"]
        case .contact: ["name", "email"]
        }
    }
}
