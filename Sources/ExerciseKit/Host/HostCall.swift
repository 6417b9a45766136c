import CRUDSpec
import Foundation

/// One call of a student's part, as the grader sends it to the exercise host: the narrow
/// channel between the process that judges and the process that runs student code.
///
/// Every argument is a plain value. The two closures of the part protocols travel as data:
/// an update's change as the operation it performs (``TaskChange``), an import's
/// `validate` as the outcome for each title, worked out by the grader.
public enum HostCall: Codable, Sendable {
    // Exercise 1
    case validatedTitle(String)
    // Exercise 2
    case create(title: String, notes: String?, now: Date, list: TaskList)
    case task(id: UUID, list: TaskList)
    case newestFirst(TaskList)
    // Exercise 3
    case update(id: UUID, now: Date, list: TaskList, change: TaskChange)
    // Exercise 4
    case delete(id: UUID, list: TaskList)
    // Exercise 5
    case query(TaskQuery, list: TaskList)
    // Exercise 6
    case validatedName(String)
    case validatedEmail(String)
    case validatedPhone(String?)
    // Exercise 7
    case createContact(name: String, email: String, phone: String?, now: Date, list: ContactList)
    case contact(id: UUID, list: ContactList)
    case updateContact(id: UUID, changes: ContactChangeSet, now: Date, list: ContactList)
    case deleteContact(id: UUID, list: ContactList)
    // Exercise 8
    case searchContacts(ContactQuery, list: ContactList)
    // Exercise 9
    case saveFile(StoreSnapshot, path: String)
    case loadFile(path: String)
    // Exercise 10: the host opens the database itself and runs the writes in its own transaction.
    case openTable(path: String)
    case writeTable(path: String, from: TaskList, to: TaskList)
    // Exercise 11: JSON bodies as text.
    case replyError(status: Int, bodyJSON: String, requestedID: UUID?)
    case replyTask(objectJSON: String)
    // Exercise 12: the blob store lives in the host, named by the grader.
    case saveToRepository(TaskItem, blobs: UUID)
    case loadFromRepository(id: UUID, blobs: UUID)
    case removeFromRepository(id: UUID, blobs: UUID)
    // Exercise 13
    case importTitles([String], now: Date, validated: [TitleOutcome], list: TaskList)
    // Exercise 14: the checks run in the host on a store that stays in the grader; each of
    // its operations comes back over the channel as a ``StoreCall`` while this call runs.
    case runOwnChecks
    // Exercise 15: the part only writes SQL and reads rows; the grader runs the SQL.
    case postgresCreateTable
    case postgresInsert(TaskItem)
    case postgresSelectAll
    case postgresTask(row: [String?])
    case postgresUpdate(TaskItem)
    case postgresDelete(id: UUID)
    // Exercise 16: one step of the task editor's reducer.
    case editorReduce(TaskEditorState, TaskEditorEvent)
    // Exercise 17: a list's empty state, and one step of its delete flow.
    case listEmptyState(loadedCount: Int, totalCount: Int, hasLoaded: Bool)
    case deleteReduce(DeleteFlowState, DeleteFlowEvent)

    /// The exercise whose part answers the call, for messages.
    public var exercise: Int {
        switch self {
        case .validatedTitle: 1
        case .create, .task, .newestFirst: 2
        case .update: 3
        case .delete: 4
        case .query: 5
        case .validatedName, .validatedEmail, .validatedPhone: 6
        case .createContact, .contact, .updateContact, .deleteContact: 7
        case .searchContacts: 8
        case .saveFile, .loadFile: 9
        case .openTable, .writeTable: 10
        case .replyError, .replyTask: 11
        case .saveToRepository, .loadFromRepository, .removeFromRepository: 12
        case .importTitles: 13
        case .runOwnChecks: 14
        case .postgresCreateTable, .postgresInsert, .postgresSelectAll, .postgresTask, .postgresUpdate, .postgresDelete: 15
        case .editorReduce: 16
        case .listEmptyState, .deleteReduce: 17
        }
    }
}

/// An update's change, as the operation it performs, so the host applies it exactly as often
/// as the part calls it (applying a toggle twice must flip the flag twice).
public struct TaskChange: Codable, Sendable, Equatable {
    /// What a change does to the completion flag.
    public enum Completion: Codable, Sendable, Equatable {
        case keep
        case set(Bool)
        case toggle
    }

    /// The new title, if the change sets one.
    public var title: String?
    /// Whether the change sets the notes, and to what.
    public var setsNotes: Bool
    public var notes: String?
    public var completion: Completion

    /// The operation `change` performs, found by applying it to two probe tasks that differ
    /// in every field it may touch.
    init(probing change: (inout TaskItem) -> Void) {
        let marker = "\u{0}probe"
        func probe(_ completed: Bool) -> TaskItem {
            var task = TaskItem(
                id: UUID(), title: marker + "\(completed)", notes: marker + "\(completed)", isCompleted: completed,
                createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
            change(&task)
            return task
        }
        let (open, done) = (probe(false), probe(true))
        title = open.title == marker + "false" ? nil : open.title
        setsNotes = open.notes != marker + "false"
        notes = setsNotes ? open.notes : nil
        completion =
            switch (open.isCompleted, done.isCompleted) {
            case (false, true): .keep
            case (true, false): .toggle
            case (let value, _): .set(value)
            }
    }

    /// Applies the operation to `task`.
    func apply(to task: inout TaskItem) {
        if let title { task.title = title }
        if setsNotes { task.notes = notes }
        switch completion {
        case .keep: break
        case .set(let value): task.isCompleted = value
        case .toggle: task.isCompleted.toggle()
        }
    }
}

/// What validating one title of an import gave: the title to store, or the error.
public enum TitleOutcome: Codable, Sendable, Equatable {
    case valid(String)
    case invalid(CRUDError)
}

/// ``ValidatedContactChanges`` as data: its phone is `String??`, which JSON cannot tell apart.
public struct ContactChangeSet: Codable, Sendable, Equatable {
    public var name: String?
    public var email: String?
    public var changesPhone: Bool
    public var phone: String?

    init(_ changes: ValidatedContactChanges) {
        name = changes.name
        email = changes.email
        changesPhone = changes.phone != nil
        phone = changes.phone ?? nil
    }

    var validated: ValidatedContactChanges {
        ValidatedContactChanges(name: name, email: email, phone: changesPhone ? .some(phone) : nil)
    }
}

/// The host's answer to one call: the value, or the error the part threw, and the lists
/// the call changed in place (a part may change them and then throw: a partial import).
public struct HostAnswer: Codable, Sendable {
    public enum Value: Codable, Sendable {
        case none
        case text(String?)
        case task(TaskItem)
        case tasks([TaskItem])
        case contact(Contact)
        case contacts([Contact])
        case snapshot(StoreSnapshot)
        case error(CRUDError)
        case count(Int)
        case statement(PostgresStatement)
        case editorState(TaskEditorState)
        case emptiness(ListEmptiness?)
        case deleteFlow(DeleteFlowState)
    }

    /// An error a part threw.
    public enum Thrown: Codable, Sendable, Error {
        /// A ``CRUDError``, as the kit's code would throw it.
        case crud(CRUDError)
        /// Any other error, by its description.
        case other(String)
    }

    public var value: Value = .none
    public var thrown: Thrown?
    public var tasks: TaskList?
    public var contacts: ContactList?
}

/// A call with its number, so an answer is matched to the call it answers.
struct HostRequest: Codable {
    var number: Int
    var call: HostCall
}

/// What the host sends back about the call with `number`: its answer, or, while the call
/// runs, an operation on the grader's store (Exercise 14), which the grader answers with a
/// ``StoreReply`` before the host goes on.
///
/// The host's first line, before any student code runs, is numbered 0 and says whether it
/// runs in a sandbox.
struct HostReply: Codable {
    var number: Int
    var answer: HostAnswer?
    var storeCall: StoreCall?
    var sandbox: SandboxReport?
}
