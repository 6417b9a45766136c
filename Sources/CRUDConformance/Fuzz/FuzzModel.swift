import CRUDSpec
import Foundation

/// The obviously correct model the fuzzer compares backends with: two arrays in creation
/// order and the specification's own validation and text keys. Every store in a fuzz run
/// shares one instant (the clock stands still), so newest first is reverse creation order.
struct FuzzModel {
    struct Task: Equatable {
        var key: Int
        var title: String
        var notes: String?
        var done: Bool
    }

    struct Person: Equatable {
        var key: Int
        var name: String
        var email: String
    }

    var tasks: [Task] = []
    var people: [Person] = []
    var nextKey = 0

    /// The outcome of an operation, in terms both sides can be compared in.
    enum Outcome: Equatable, CustomStringConvertible {
        case done
        case task(key: Int, title: String, notes: String?, done: Bool)
        case tasks([Int])
        case count(Int)
        case people([Int])
        case failed(String)

        /// Whether a backend's answer is this one. When an operation is wrong in two ways
        /// (an unknown id and an invalid value), the specification does not say which error
        /// comes first, so either code is accepted.
        func accepts(_ actual: Outcome) -> Bool {
            if case .failed(let codes) = self, case .failed(let code) = actual {
                return codes.split(separator: "|").contains { $0 == code }
            }
            return self == actual
        }

        var description: String {
            switch self {
            case .done: "success"
            case .task(let key, let title, let notes, let done):
                "task #\(key) \(Show.text(title)) notes \(notes.map(Show.text) ?? "nil") done \(done)"
            case .tasks(let keys): "tasks \(keys)"
            case .count(let count): "count \(count)"
            case .people(let keys): "contacts \(keys)"
            case .failed(let code): "error \(code)"
            }
        }
    }

    mutating func newKey() -> Int {
        defer { nextKey += 1 }
        return nextKey
    }

    func outcome(_ task: Task) -> Outcome { .task(key: task.key, title: task.title, notes: task.notes, done: task.done) }

    func ordered(_ query: TaskQuery) -> [Task] {
        let term = query.effectiveSearch
        let found = tasks.filter { task in
            (query.filter == .all || (query.filter == .completed) == task.done) && TextKey.matches(task.title, search: term)
        }
        switch query.sort {
        case .newestFirst: return found.reversed()
        case .title:
            return found.sorted { lhs, rhs in
                let (left, right) = (TextKey.folded(lhs.title), TextKey.folded(rhs.title))
                if !left.unicodeScalars.elementsEqual(right.unicodeScalars) { return TextKey.scalarOrder(left, right) }
                if !lhs.title.unicodeScalars.elementsEqual(rhs.title.unicodeScalars) { return TextKey.scalarOrder(lhs.title, rhs.title) }
                return lhs.key < rhs.key
            }
        }
    }

    /// notFound, or, when the value is invalid too, either error.
    static func notFound(or validate: () throws(CRUDError) -> Void) -> Outcome {
        do {
            try validate()
            return .failed("notFound")
        } catch {
            return .failed("notFound|\(error.code)")
        }
    }

    /// Applies `operation` and returns what a correct store answers.
    mutating func apply(_ operation: FuzzOperation) -> Outcome {
        do {
            switch operation {
            case .createTask(let title, let notes):
                let task = Task(key: newKey(), title: try Validation.title(title), notes: try Validation.notes(notes), done: false)
                tasks.append(task)
                return outcome(task)
            case .renameTask(let index, let title):
                guard !tasks.isEmpty else { return Self.notFound(or: { () throws(CRUDError) in _ = try Validation.title(title) }) }
                let title = try Validation.title(title)
                tasks[index % tasks.count].title = title
                return outcome(tasks[index % tasks.count])
            case .editNotes(let index, let notes):
                guard !tasks.isEmpty else { return Self.notFound(or: { () throws(CRUDError) in _ = try Validation.notes(notes) }) }
                tasks[index % tasks.count].notes = try Validation.notes(notes)
                return outcome(tasks[index % tasks.count])
            case .setCompleted(let index, let value):
                guard !tasks.isEmpty else { return .failed("notFound") }
                tasks[index % tasks.count].done = value
                return outcome(tasks[index % tasks.count])
            case .toggle(let index):
                guard !tasks.isEmpty else { return .failed("notFound") }
                tasks[index % tasks.count].done.toggle()
                return outcome(tasks[index % tasks.count])
            case .deleteTask(let index):
                guard !tasks.isEmpty else { return .failed("notFound") }
                tasks.remove(at: index % tasks.count)
                return .done
            case .deleteUnknownTask:
                return .failed("notFound")
            case .importTasks(let titles):
                let valid = try Validation.titles(titles)
                let created = valid.map { Task(key: newKey(), title: $0, notes: nil, done: false) }
                tasks += created
                return .tasks(created.map(\.key))
            case .listTasks(let query):
                try query.validate()
                let page = ordered(query).dropFirst(query.offset)
                return .tasks(Array(page.prefix(query.limit ?? page.count)).map(\.key))
            case .countTasks(let query):
                try query.validate()
                return .count(ordered(query).count)
            case .createContact(let name, let email):
                let person = Person(key: -1, name: try Validation.name(name), email: try Validation.email(email))
                guard !people.contains(where: { $0.email == person.email }) else { return .failed("duplicate") }
                people.append(Person(key: newKey(), name: person.name, email: person.email))
                return .people([people[people.count - 1].key])
            case .changeEmail(let index, let email):
                guard !people.isEmpty else { return Self.notFound(or: { () throws(CRUDError) in _ = try Validation.email(email) }) }
                let email = try Validation.email(email)
                let target = index % people.count
                guard !people.enumerated().contains(where: { $0.offset != target && $0.element.email == email }) else {
                    return .failed("duplicate")
                }
                people[target].email = email
                return .people([people[target].key])
            case .deleteContact(let index):
                guard !people.isEmpty else { return .failed("notFound") }
                people.remove(at: index % people.count)
                return .done
            case .listContacts(let query):
                try query.validate()
                let term = query.effectiveSearch
                let sorted = people.filter { TextKey.matches($0.name, search: term) }.sorted { lhs, rhs in
                    let (left, right) = (TextKey.folded(lhs.name), TextKey.folded(rhs.name))
                    if left != right { return TextKey.scalarOrder(left, right) }
                    if lhs.email != rhs.email { return TextKey.scalarOrder(lhs.email, rhs.email) }
                    return lhs.key < rhs.key
                }
                let page = sorted.dropFirst(query.offset)
                return .people(Array(page.prefix(query.limit ?? page.count)).map(\.key))
            }
        } catch {
            return .failed(error.code)
        }
    }
}
