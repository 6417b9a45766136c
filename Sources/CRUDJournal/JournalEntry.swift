import CRUDSpec
import Foundation

/// One line of a journal: the header, or one change with exactly what replaying it needs.
///
/// ```text
/// {"format":"crudkit-journal","version":1}
/// {"op":"task.create","task":{"id":"0b6e…","title":"Buy milk","isCompleted":false,"createdAt":"…","updatedAt":"…"}}
/// {"op":"task.update","task":{…the whole task after the change…}}
/// {"op":"task.delete","id":"0b6e…"}
/// {"op":"task.import","tasks":[{…},{…}]}
/// {"op":"contact.create","contact":{"id":"…","name":"Ada","email":"ada@example.org",…}}
/// {"op":"contact.update","contact":{…}}
/// {"op":"contact.delete","id":"…"}
/// ```
///
/// An update carries the whole record after the change, not the field that changed: a
/// line replays the same whatever the validation rules become, and compaction needs no
/// second form. Dates are ISO 8601 UTC with milliseconds; ids are lowercase UUIDs.
enum JournalEntry: Equatable {
    case createTask(TaskItem)
    case updateTask(TaskItem)
    case deleteTask(UUID)
    case importTasks([TaskItem])
    case createContact(Contact)
    case updateContact(Contact)
    case deleteContact(UUID)

    /// How many records this change writes: what the log's length is counted in, so a
    /// batch import of N tasks weighs N against the live records, as N creates would.
    var weight: Int {
        if case .importTasks(let tasks) = self { return tasks.count }
        return 1
    }

    /// How the number of live records changes when this entry is applied.
    var liveChange: Int {
        switch self {
        case .createTask, .createContact: 1
        case .importTasks(let tasks): tasks.count
        case .updateTask, .updateContact: 0
        case .deleteTask, .deleteContact: -1
        }
    }
}

extension JournalEntry {
    static let formatName = "crudkit-journal"
    static let currentVersion = 1

    /// The first line of every journal, newline included.
    static var headerLine: Data {
        Data("{\"format\":\"\(formatName)\",\"version\":\(currentVersion)}\n".utf8)
    }

    /// Whether `line` (without its newline) is a header of this format and version.
    static func isHeader(_ line: Data) -> Bool {
        struct Header: Decodable {
            var format: String
            var version: Int
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: line) else { return false }
        return header.format == formatName && header.version == currentVersion
    }

    /// The entry as one line of JSON, newline included. JSON escapes every control
    /// character inside strings, so the only newline is the last byte.
    func line() throws -> Data {
        var data = try JSONEncoder().encode(Line(self))
        data.append(0x0A)
        return data
    }

    /// The entry of one line (without its newline), or nil when it is not one.
    init?(line: Data) {
        guard let decoded = try? JSONDecoder().decode(Line.self, from: line), let entry = decoded.entry else { return nil }
        self = entry
    }
}

/// The Codable shape of a change line: an operation name and the one field it uses.
private struct Line: Codable {
    var op: String
    var id: String?
    var task: TaskRecord?
    var tasks: [TaskRecord]?
    var contact: ContactRecord?

    init(_ entry: JournalEntry) {
        switch entry {
        case .createTask(let task): op = "task.create"; self.task = TaskRecord(task)
        case .updateTask(let task): op = "task.update"; self.task = TaskRecord(task)
        case .deleteTask(let id): op = "task.delete"; self.id = id.uuidString.lowercased()
        case .importTasks(let tasks): op = "task.import"; self.tasks = tasks.map(TaskRecord.init)
        case .createContact(let contact): op = "contact.create"; self.contact = ContactRecord(contact)
        case .updateContact(let contact): op = "contact.update"; self.contact = ContactRecord(contact)
        case .deleteContact(let id): op = "contact.delete"; self.id = id.uuidString.lowercased()
        }
    }

    /// The change this line describes, or nil when a field it needs is missing or malformed.
    var entry: JournalEntry? {
        switch op {
        case "task.create": task?.item.map(JournalEntry.createTask)
        case "task.update": task?.item.map(JournalEntry.updateTask)
        case "task.delete": id.flatMap(UUID.init(uuidString:)).map(JournalEntry.deleteTask)
        case "task.import": Self.all(tasks?.map(\.item)).map(JournalEntry.importTasks)
        case "contact.create": contact?.item.map(JournalEntry.createContact)
        case "contact.update": contact?.item.map(JournalEntry.updateContact)
        case "contact.delete": id.flatMap(UUID.init(uuidString:)).map(JournalEntry.deleteContact)
        default: nil
        }
    }

    /// Every element, or nil when the list is missing or any element is nil.
    private static func all<T>(_ items: [T?]?) -> [T]? {
        guard let items else { return nil }
        let present = items.compactMap { $0 }
        return present.count == items.count ? present : nil
    }
}

private struct TaskRecord: Codable {
    var id: String
    var title: String
    var notes: String?
    var isCompleted: Bool
    var createdAt: String
    var updatedAt: String

    init(_ task: TaskItem) {
        id = task.id.uuidString.lowercased()
        title = task.title
        notes = task.notes
        isCompleted = task.isCompleted
        createdAt = Timestamp.iso8601(task.createdAt)
        updatedAt = Timestamp.iso8601(task.updatedAt)
    }

    var item: TaskItem? {
        guard let uuid = UUID(uuidString: id), let created = Timestamp.parseISO8601(createdAt),
            let updated = Timestamp.parseISO8601(updatedAt)
        else { return nil }
        return TaskItem(id: uuid, title: title, notes: notes, isCompleted: isCompleted, createdAt: created, updatedAt: updated)
    }
}

private struct ContactRecord: Codable {
    var id: String
    var name: String
    var email: String
    var phone: String?
    var createdAt: String
    var updatedAt: String

    init(_ contact: Contact) {
        id = contact.id.uuidString.lowercased()
        name = contact.name
        email = contact.email
        phone = contact.phone
        createdAt = Timestamp.iso8601(contact.createdAt)
        updatedAt = Timestamp.iso8601(contact.updatedAt)
    }

    var item: Contact? {
        guard let uuid = UUID(uuidString: id), let created = Timestamp.parseISO8601(createdAt),
            let updated = Timestamp.parseISO8601(updatedAt)
        else { return nil }
        return Contact(id: uuid, name: name, email: email, phone: phone, createdAt: created, updatedAt: updated)
    }
}
