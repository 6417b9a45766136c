import CRUDSpec
import Foundation

/// Short, unambiguous renderings of values for failure messages.
public enum Show {
    /// A string as a Swift literal with escapes, shortened when long.
    public static func text(_ text: String) -> String {
        let count = text.count
        guard count > 60 else { return text.debugDescription }
        return String(text.prefix(40)).debugDescription + "… (\(count) characters)"
    }

    /// An id as its first 8 hex digits, as the command-line tool shows it.
    public static func id(_ id: UUID) -> String {
        String(id.uuidString.lowercased().prefix(8))
    }

    /// A list of ids.
    public static func ids(_ ids: [UUID]) -> String {
        "[" + ids.map(id).joined(separator: ", ") + "]"
    }

    /// A date in ISO 8601 UTC with milliseconds.
    public static func date(_ date: Date) -> String {
        Timestamp.iso8601(date)
    }

    /// An error: its code and message for a `CRUDError`, its type and description otherwise.
    public static func error(_ error: any Error) -> String {
        if let error = error as? CRUDError { return "\(error.code) (\"\(error.message)\")" }
        return "\(type(of: error)): \(error) (not a CRUDError)"
    }

    /// Any value, with tasks, contacts, strings and lists shown compactly.
    public static func value(_ value: Any) -> String {
        switch value {
        case let text as String: return Show.text(text)
        case let task as TaskItem: return Show.task(task)
        case let contact as Contact: return Show.contact(contact)
        case let date as Date: return Show.date(date)
        case let optional as String?: return optional.map(Show.text) ?? "nil"
        case let strings as [String]: return "[" + strings.map(Show.text).joined(separator: ", ") + "]"
        case let tasks as [TaskItem]: return "\(tasks.count) tasks [" + tasks.map { Show.text($0.title) }.joined(separator: ", ") + "]"
        case let contacts as [Contact]:
            return "\(contacts.count) contacts [" + contacts.map { Show.text($0.name) }.joined(separator: ", ") + "]"
        case is Void: return "no value"
        default: return String(describing: value)
        }
    }

    static func task(_ task: TaskItem) -> String {
        let notes = task.notes.map { ", notes: \(text($0))" } ?? ""
        return "task \(id(task.id)) {title: \(text(task.title))\(notes), isCompleted: \(task.isCompleted), "
            + "createdAt: \(date(task.createdAt)), updatedAt: \(date(task.updatedAt))}"
    }

    static func contact(_ contact: Contact) -> String {
        let phone = contact.phone.map { ", phone: \(text($0))" } ?? ""
        return "contact \(id(contact.id)) {name: \(text(contact.name)), email: \(text(contact.email))\(phone), "
            + "createdAt: \(date(contact.createdAt)), updatedAt: \(date(contact.updatedAt))}"
    }
}
