import CRUDMemory
import CRUDSpec
import Foundation

/// The JSON document of a store, version 1:
///
/// ```json
/// {
///   "contacts" : [ { "createdAt" : "2026-01-01T09:30:00.250Z", "email" : "ada@example.org", ... } ],
///   "format" : "crudkit",
///   "tasks" : [ { "createdAt" : "...", "id" : "0b6e…", "isCompleted" : false, "title" : "Buy milk", ... } ],
///   "version" : 1
/// }
/// ```
///
/// Records are in creation order, oldest first: the order is what breaks ties between
/// records created at the same instant. Dates are ISO 8601 UTC with milliseconds; ids are
/// lowercase UUIDs; a missing `notes` or `phone` means none.
struct StoreDocument: Codable {
    static let formatName = "crudkit"
    static let currentVersion = 1

    struct TaskRecord: Codable {
        var id: String
        var title: String
        var notes: String?
        var isCompleted: Bool
        var createdAt: String
        var updatedAt: String
    }

    struct ContactRecord: Codable {
        var id: String
        var name: String
        var email: String
        var phone: String?
        var createdAt: String
        var updatedAt: String
    }

    var format: String
    var version: Int
    var tasks: [TaskRecord]
    var contacts: [ContactRecord]

    /// Only the header, so a file of another format or a newer version is recognised even
    /// when its records would not decode.
    struct Header: Decodable {
        var format: String?
        var version: Int?
    }

    init(state: StoreState) {
        format = Self.formatName
        version = Self.currentVersion
        tasks = state.tasksInCreationOrder.map {
            TaskRecord(
                id: $0.id.uuidString.lowercased(), title: $0.title, notes: $0.notes, isCompleted: $0.isCompleted,
                createdAt: Timestamp.iso8601($0.createdAt), updatedAt: Timestamp.iso8601($0.updatedAt))
        }
        contacts = state.contactsInCreationOrder.map {
            ContactRecord(
                id: $0.id.uuidString.lowercased(), name: $0.name, email: $0.email, phone: $0.phone,
                createdAt: Timestamp.iso8601($0.createdAt), updatedAt: Timestamp.iso8601($0.updatedAt))
        }
    }

    /// Encodes pretty-printed with sorted keys, so people can read and diff the file.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// Reads a store file's bytes; `nil` when they are not a CRUDKit store this version
    /// can read (not JSON, another format, a newer version, or records that break the
    /// specification, such as two contacts with one email).
    static func decodeState(from data: Data) -> StoreState? {
        let decoder = JSONDecoder()
        guard let header = try? decoder.decode(Header.self, from: data), header.format == formatName,
            header.version == currentVersion,
            let document = try? decoder.decode(StoreDocument.self, from: data)
        else { return nil }
        var tasks: [TaskItem] = []
        for record in document.tasks {
            guard let id = UUID(uuidString: record.id), let createdAt = Timestamp.parseISO8601(record.createdAt),
                let updatedAt = Timestamp.parseISO8601(record.updatedAt)
            else { return nil }
            tasks.append(
                TaskItem(
                    id: id, title: record.title, notes: record.notes, isCompleted: record.isCompleted, createdAt: createdAt,
                    updatedAt: updatedAt))
        }
        var contacts: [Contact] = []
        for record in document.contacts {
            guard let id = UUID(uuidString: record.id), let createdAt = Timestamp.parseISO8601(record.createdAt),
                let updatedAt = Timestamp.parseISO8601(record.updatedAt)
            else { return nil }
            contacts.append(
                Contact(id: id, name: record.name, email: record.email, phone: record.phone, createdAt: createdAt, updatedAt: updatedAt))
        }
        guard Set(tasks.map(\.id)).count == tasks.count, Set(contacts.map(\.id)).count == contacts.count else { return nil }
        return try? StoreState(tasks: tasks, contacts: contacts)
    }
}
