import CRUDSpec
import Foundation

/// One line of a journal: the header, or one change with exactly what replaying it needs.
///
/// ```text
/// {"format":"crudkit-journal","version":1}
/// {"op":"task.create","task":{"id":"0B6E…","title":"Buy milk","isCompleted":false,"createdAt":"…","updatedAt":"…"}}
/// {"op":"task.update","task":{…the whole task after the change…}}
/// {"op":"task.delete","id":"0B6E…"}
/// {"op":"task.import","tasks":[{…},{…}]}
/// {"op":"contact.create","contact":{"id":"…","name":"Ada","email":"ada@example.org",…}}
/// {"op":"contact.update","contact":{…}}
/// {"op":"contact.delete","id":"…"}
/// ```
///
/// An update carries the whole record after the change, not the field that changed: a
/// line replays the same whatever the validation rules become, and compaction needs no
/// second form. Records are the models' own Codable form; dates are ISO 8601 UTC with
/// milliseconds.
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
        var data = try Line.encoder.encode(Line(self))
        data.append(0x0A)
        return data
    }

    /// The entry of one line (without its newline), or nil when it is not one.
    init?(line: Data) {
        guard let decoded = try? Line.decoder.decode(Line.self, from: line), let entry = decoded.entry else { return nil }
        self = entry
    }
}

/// The Codable shape of a change line: an operation name and the one field it uses. The
/// records are the models' own Codable form, with dates as ISO 8601 text.
private struct Line: Codable {
    var op: String
    var id: UUID?
    var task: TaskItem?
    var tasks: [TaskItem]?
    var contact: Contact?

    init(_ entry: JournalEntry) {
        switch entry {
        case .createTask(let task): (op, self.task) = ("task.create", task)
        case .updateTask(let task): (op, self.task) = ("task.update", task)
        case .deleteTask(let id): (op, self.id) = ("task.delete", id)
        case .importTasks(let tasks): (op, self.tasks) = ("task.import", tasks)
        case .createContact(let contact): (op, self.contact) = ("contact.create", contact)
        case .updateContact(let contact): (op, self.contact) = ("contact.update", contact)
        case .deleteContact(let id): (op, self.id) = ("contact.delete", id)
        }
    }

    /// The change this line describes, or nil when the field it needs is missing.
    var entry: JournalEntry? {
        switch op {
        case "task.create": task.map(JournalEntry.createTask)
        case "task.update": task.map(JournalEntry.updateTask)
        case "task.delete": id.map(JournalEntry.deleteTask)
        case "task.import": tasks.map(JournalEntry.importTasks)
        case "contact.create": contact.map(JournalEntry.createContact)
        case "contact.update": contact.map(JournalEntry.updateContact)
        case "contact.delete": id.map(JournalEntry.deleteContact)
        default: nil
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.iso8601(date))
        }
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            guard let date = Timestamp.parseISO8601(try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date with milliseconds")
            }
            return date
        }
        return decoder
    }()
}
