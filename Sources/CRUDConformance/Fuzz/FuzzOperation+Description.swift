extension FuzzOperation: CustomStringConvertible {
    /// The operation as the call a reader would write, records named by position:
    /// `tasks[2]` is the live task 2 (modulo their number) in creation order.
    public var description: String {
        description { target, kind in
            let records = kind == .task ? "tasks" : "contacts"
            let others = kind == .task ? "contacts" : "tasks"
            return switch target {
            case .live(let index): "\(records)[\(index)]"
            case .otherKind(let index): "\(others)[\(index)]"
            case .deleted(let index): "deleted \(records)[\(index)]"
            case .unknown: "unknown id"
            }
        }
    }

    /// The operation with its records named by `name`, such as the model's keys (`#3`).
    func description(naming name: (FuzzTarget, FuzzModel.Kind) -> String) -> String {
        let text = Show.exact
        func optional(_ value: String?) -> String { value.map(text) ?? "nil" }
        switch self {
        case .createTask(let title, let notes): return "createTask(title: \(text(title)), notes: \(optional(notes)))"
        case .readTask(let target): return "task(id: \(name(target, .task)))"
        case .renameTask(let target, let title): return "renameTask(id: \(name(target, .task)), to: \(text(title)))"
        case .editNotes(let target, let notes): return "editTaskNotes(id: \(name(target, .task)), notes: \(optional(notes)))"
        case .setCompleted(let target, let value): return "setTaskCompleted(id: \(name(target, .task)), \(value))"
        case .toggle(let target): return "toggleTask(id: \(name(target, .task)))"
        case .deleteTask(let target): return "deleteTask(id: \(name(target, .task)))"
        case .importTasks(let titles): return "importTasks(titles: [\(titles.map(text).joined(separator: ", "))])"
        case .listTasks(let query): return "tasks(\(Describe.queryArguments(query, showing: text)))"
        case .countTasks(let query): return "countTasks(\(Describe.queryArguments(query, showing: text)))"
        case .createContact(let contactName, let email, let phone):
            return "createContact(name: \(text(contactName)), email: \(text(email)), phone: \(optional(phone)))"
        case .readContact(let target): return "contact(id: \(name(target, .contact)))"
        case .updateContact(let target, let changes):
            return "updateContact(id: \(name(target, .contact)), \(Describe.changes(changes, showing: text)))"
        case .deleteContact(let target): return "deleteContact(id: \(name(target, .contact)))"
        case .listContacts(let query): return Describe.query(query, showing: text)
        case .reopen: return "close the store and open a new one on the same storage, then list everything"
        case .moveClock(let milliseconds):
            let amount = milliseconds.rounded() == milliseconds ? "\(Int(milliseconds))" : "\(milliseconds)"
            return milliseconds < 0 ? "move the clock back by \(amount.dropFirst()) ms" : "move the clock on by \(amount) ms"
        }
    }
}
