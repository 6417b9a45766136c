import CRUDConformance
import CRUDSpec
import Foundation

/// How records look on a terminal and in `--json`.
enum Render {
    /// "just now", "1 minute ago", …: see `Timestamp.relative(_:now:)`.
    static func relative(_ date: Date, now: Date) -> String {
        Timestamp.relative(date, now: now)
    }

    /// Pads or cuts `text` to `width` Characters (cut text ends with "…").
    static func fit(_ text: String, _ width: Int) -> String {
        if text.count > width { return String(text.prefix(width - 1)) + "…" }
        return text + String(repeating: " ", count: width - text.count)
    }

    private static func paint(_ text: String, _ code: String, _ color: Bool) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    static func tasks(_ tasks: [TaskItem], now: Date, color: Bool) -> String {
        let width = min(50, max(5, tasks.map(\.title.count).max() ?? 0))
        var out = "    " + fit("ID", 8) + "  " + fit("TITLE", width) + "  CREATED\n"
        for task in tasks {
            let mark = task.isCompleted ? paint("[x]", "32", color) : "[ ]"
            out += "\(mark) \(paint(Show.id(task.id), "2", color))  \(fit(task.title, width))  \(relative(task.createdAt, now: now))\n"
        }
        return out
    }

    static func task(_ task: TaskItem, now: Date) -> String {
        var out = "id:        \(task.id.uuidString.lowercased())\n"
        out += "title:     \(task.title)\n"
        if let notes = task.notes { out += "notes:     " + notes.replacingOccurrences(of: "\n", with: "\n           ") + "\n" }
        out += "done:      \(task.isCompleted ? "yes" : "no")\n"
        out += "created:   \(relative(task.createdAt, now: now)) (\(Timestamp.iso8601(task.createdAt)))\n"
        out += "updated:   \(relative(task.updatedAt, now: now)) (\(Timestamp.iso8601(task.updatedAt)))\n"
        return out
    }

    static func contacts(_ contacts: [Contact], color: Bool) -> String {
        let nameWidth = min(40, max(4, contacts.map(\.name.count).max() ?? 0))
        let emailWidth = min(50, max(5, contacts.map(\.email.count).max() ?? 0))
        var out = fit("ID", 8) + "  " + fit("NAME", nameWidth) + "  " + fit("EMAIL", emailWidth) + "  PHONE\n"
        for contact in contacts {
            out +=
                "\(paint(Show.id(contact.id), "2", color))  \(fit(contact.name, nameWidth))  \(fit(contact.email, emailWidth))  \(contact.phone ?? "")"
            out = out.trimmingTrailingSpaces() + "\n"
        }
        return out
    }

    static func contact(_ contact: Contact, now: Date) -> String {
        """
        id:        \(contact.id.uuidString.lowercased())
        name:      \(contact.name)
        email:     \(contact.email)
        phone:     \(contact.phone ?? "-")
        created:   \(relative(contact.createdAt, now: now)) (\(Timestamp.iso8601(contact.createdAt)))
        updated:   \(relative(contact.updatedAt, now: now)) (\(Timestamp.iso8601(contact.updatedAt)))

        """
    }

    /// Stable JSON for scripts: every key always present (`null` when empty), sorted.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    struct TaskJSON: Encodable {
        let task: TaskItem

        enum Keys: String, CodingKey { case id, title, notes, isCompleted, createdAt, updatedAt }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(task.id.uuidString.lowercased(), forKey: .id)
            try container.encode(task.title, forKey: .title)
            try container.encode(task.notes, forKey: .notes)
            try container.encode(task.isCompleted, forKey: .isCompleted)
            try container.encode(Timestamp.iso8601(task.createdAt), forKey: .createdAt)
            try container.encode(Timestamp.iso8601(task.updatedAt), forKey: .updatedAt)
        }
    }

    struct ContactJSON: Encodable {
        let contact: Contact

        enum Keys: String, CodingKey { case id, name, email, phone, createdAt, updatedAt }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(contact.id.uuidString.lowercased(), forKey: .id)
            try container.encode(contact.name, forKey: .name)
            try container.encode(contact.email, forKey: .email)
            try container.encode(contact.phone, forKey: .phone)
            try container.encode(Timestamp.iso8601(contact.createdAt), forKey: .createdAt)
            try container.encode(Timestamp.iso8601(contact.updatedAt), forKey: .updatedAt)
        }
    }
}
