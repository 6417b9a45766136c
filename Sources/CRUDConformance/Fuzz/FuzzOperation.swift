import CRUDSpec
import Foundation

/// One step of a random operation sequence. Records are named by their position among
/// the live records (modulo their number), so a sequence stays meaningful after shrinking.
public enum FuzzOperation: Sendable, Hashable, CustomStringConvertible {
    case createTask(String, notes: String?)
    case renameTask(Int, String)
    case editNotes(Int, String?)
    case setCompleted(Int, Bool)
    case toggle(Int)
    case deleteTask(Int)
    case deleteUnknownTask
    case importTasks([String])
    case listTasks(TaskQuery)
    case countTasks(TaskQuery)
    case createContact(String, email: String)
    case changeEmail(Int, String)
    case deleteContact(Int)
    case listContacts(ContactQuery)

    public var description: String {
        switch self {
        case .createTask(let title, let notes): "createTask(\(Show.text(title)), notes: \(notes.map(Show.text) ?? "nil"))"
        case .renameTask(let index, let title): "renameTask(#\(index), \(Show.text(title)))"
        case .editNotes(let index, let notes): "editNotes(#\(index), \(notes.map(Show.text) ?? "nil"))"
        case .setCompleted(let index, let value): "setCompleted(#\(index), \(value))"
        case .toggle(let index): "toggle(#\(index))"
        case .deleteTask(let index): "deleteTask(#\(index))"
        case .deleteUnknownTask: "deleteTask(unknown id)"
        case .importTasks(let titles): "importTasks(\(titles.map(Show.text)))"
        case .listTasks(let query): "tasks(\(Describe.queryArguments(query)))"
        case .countTasks(let query): "countTasks(\(Describe.queryArguments(query)))"
        case .createContact(let name, let email): "createContact(\(Show.text(name)), \(Show.text(email)))"
        case .changeEmail(let index, let email): "updateContact(#\(index), email: \(Show.text(email)))"
        case .deleteContact(let index): "deleteContact(#\(index))"
        case .listContacts(let query): Describe.query(query)
        }
    }

    /// Titles that exercise the rules: repeats, case and accent variants, blanks, limits,
    /// control characters, wildcards.
    static let titles = [
        "milk", "Milk", "MILK", "café", "Cafe", "bread", "  bread  ", "", "   ", "a\tb", "100%", "a_b", "Straße", "strasse",
        String(repeating: "x", count: 200), String(repeating: "y", count: 201), "👩‍💻 code", "'); DROP TABLE tasks; --", "Zebra", "apple",
    ]
    static let notes: [String?] = [nil, "", "note", " two\nlines ", "tab\there", String(repeating: "n", count: 1_001)]
    static let emails = ["ada@example.com", "ADA@example.com", "grace@example.com", "bad", "ada@example", "  bob@example.org "]
    static let names = ["Ada", "grace", "Élodie", "", "bob"]
    static let searches: [String?] = [nil, "", "milk", "MILK", "cafe", "%", "_", "bread", "ß"]

    /// A random operation from `random`.
    static func random(using random: inout some RandomNumberGenerator) -> FuzzOperation {
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
        let index = Int.random(in: 0..<8, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<22: return .createTask(pick(titles), notes: pick(notes))
        case 22..<30: return .renameTask(index, pick(titles))
        case 30..<35: return .editNotes(index, pick(notes))
        case 35..<40: return .setCompleted(index, Bool.random(using: &random))
        case 40..<46: return .toggle(index)
        case 46..<52: return .deleteTask(index)
        case 52..<54: return .deleteUnknownTask
        case 54..<58: return .importTasks((0..<Int.random(in: 0...3, using: &random)).map { _ in pick(titles) })
        case 58..<72:
            let query = TaskQuery(
                filter: pick(TaskFilter.allCases), search: pick(searches), sort: pick(TaskSort.allCases),
                limit: pick([nil, 0, 1, 3, -1]), offset: pick([0, 0, 1, 2, -1]))
            return .listTasks(query)
        case 72..<76: return .countTasks(TaskQuery(filter: pick(TaskFilter.allCases), search: pick(searches)))
        case 76..<86: return .createContact(pick(names), email: pick(emails))
        case 86..<91: return .changeEmail(index, pick(emails))
        case 91..<95: return .deleteContact(index)
        default: return .listContacts(ContactQuery(search: pick(searches), limit: pick([nil, 1, 2]), offset: pick([0, 1])))
        }
    }
}
