import CRUDSpec
import Foundation

/// Tasks and contacts as Parse objects: `objectId` (a lowercase UUID), the fields by name,
/// and `createdAt` and `updatedAt` as ISO 8601 strings with milliseconds.
public enum ParseObjects {
    /// The objectId of a record id.
    public static func objectID(_ id: UUID) -> String { id.uuidString.lowercased() }

    /// The record id of an objectId, if it is one.
    public static func id(_ objectID: String) -> UUID? { UUID(uuidString: objectID) }

    public static func object(_ task: TaskItem) -> [String: JSONValue] {
        var object: [String: JSONValue] = [
            "objectId": .string(objectID(task.id)), "title": .string(task.title), "isCompleted": .bool(task.isCompleted),
            "createdAt": .string(Timestamp.iso8601(task.createdAt)), "updatedAt": .string(Timestamp.iso8601(task.updatedAt)),
        ]
        if let notes = task.notes { object["notes"] = .string(notes) }
        return object
    }

    public static func object(_ contact: Contact) -> [String: JSONValue] {
        var object: [String: JSONValue] = [
            "objectId": .string(objectID(contact.id)), "name": .string(contact.name), "email": .string(contact.email),
            "createdAt": .string(Timestamp.iso8601(contact.createdAt)), "updatedAt": .string(Timestamp.iso8601(contact.updatedAt)),
        ]
        if let phone = contact.phone { object["phone"] = .string(phone) }
        return object
    }

    /// The task a whole object describes.
    public static func task(from object: [String: JSONValue]) throws(CRUDError) -> TaskItem {
        guard let id = object["objectId"]?.string.flatMap(Self.id), let title = object["title"]?.string,
            case .bool(let isCompleted)? = object["isCompleted"], let createdAt = date(object["createdAt"]),
            let updatedAt = date(object["updatedAt"])
        else { throw unreadable }
        return TaskItem(
            id: id, title: title, notes: object["notes"]?.string, isCompleted: isCompleted, createdAt: createdAt, updatedAt: updatedAt)
    }

    /// The contact a whole object describes.
    public static func contact(from object: [String: JSONValue]) throws(CRUDError) -> Contact {
        guard let id = object["objectId"]?.string.flatMap(Self.id), let name = object["name"]?.string,
            let email = object["email"]?.string, let createdAt = date(object["createdAt"]), let updatedAt = date(object["updatedAt"])
        else { throw unreadable }
        return Contact(id: id, name: name, email: email, phone: object["phone"]?.string, createdAt: createdAt, updatedAt: updatedAt)
    }

    /// A date as Parse writes one: an ISO string (createdAt, updatedAt) or `{"__type": "Date", "iso": …}`.
    public static func date(_ value: JSONValue?) -> Date? {
        switch value {
        case .string(let text)?: Timestamp.parseISO8601(text)
        case .object(let members)? where members["__type"] == .string("Date"): members["iso"]?.string.flatMap(Timestamp.parseISO8601)
        default: nil
        }
    }

    /// `date` as Parse writes a date inside a query or a field: `{"__type": "Date", "iso": …}`.
    public static func dateValue(_ date: Date) -> JSONValue {
        .object(["__type": .string("Date"), "iso": .string(Timestamp.iso8601(date))])
    }

    /// The object a create made: what was `sent`, overlaid with what the server `answered`
    /// (objectId, createdAt, and any field it stored differently, as Parse Server returns a
    /// field a beforeSave trigger changed; `null` there means the field was dropped).
    /// `updatedAt` is `createdAt` unless the answer says otherwise.
    public static func created(sent: [String: JSONValue], answered: [String: JSONValue]) throws(CRUDError) -> [String: JSONValue] {
        guard let createdAt = answered["createdAt"] else { throw unreadable }
        var object = sent
        for (key, value) in answered { object[key] = value == .null ? nil : value }
        object["updatedAt"] = answered["updatedAt"] ?? createdAt
        return object
    }

    public static let unreadable = CRUDError.network(reason: "the server sent a reply this client cannot read")
}
