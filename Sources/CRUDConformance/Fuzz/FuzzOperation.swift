import CRUDSpec
import Foundation

/// The record an operation names. Records are named by their position, so a sequence stays
/// meaningful after shrinking: the live records of a kind, in creation order, modulo their number.
public enum FuzzTarget: Sendable, Hashable {
    /// A live record of the kind the operation is about.
    case live(Int)
    /// A live record of the other kind: a contact's id given to a task operation, or the
    /// other way round. Must be notFound.
    case otherKind(Int)
    /// A record of the right kind that was deleted. Must be notFound.
    case deleted(Int)
    /// An id no record ever had.
    case unknown

    static func random(using random: inout some RandomNumberGenerator) -> FuzzTarget {
        let index = Int.random(in: 0..<8, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<80: return .live(index)
        case 80..<88: return .otherKind(index)
        case 88..<94: return .deleted(index)
        default: return .unknown
        }
    }
}

/// One step of a random operation sequence: a call of `CRUDSpec`, a reopen of the store,
/// or a jump of the clock.
public enum FuzzOperation: Sendable, Hashable {
    /// `CRUDSpec.createTask(title:notes:)`.
    case createTask(String, notes: String?)
    /// `CRUDSpec.task(id:)`.
    case readTask(FuzzTarget)
    /// `CRUDSpec.renameTask(id:to:)`.
    case renameTask(FuzzTarget, String)
    /// `CRUDSpec.editTaskNotes(id:notes:)`.
    case editNotes(FuzzTarget, String?)
    /// `CRUDSpec.setTaskCompleted(id:_:)`.
    case setCompleted(FuzzTarget, Bool)
    /// `CRUDSpec.toggleTask(id:)`.
    case toggle(FuzzTarget)
    /// `CRUDSpec.deleteTask(id:)`.
    case deleteTask(FuzzTarget)
    /// `CRUDSpec.importTasks(titles:)`.
    case importTasks([String])
    /// `CRUDSpec.tasks(_:)`.
    case listTasks(TaskQuery)
    /// `CRUDSpec.countTasks(_:)`.
    case countTasks(TaskQuery)
    /// `CRUDSpec.createContact(name:email:phone:)`.
    case createContact(String, email: String, phone: String?)
    /// `CRUDSpec.contact(id:)`.
    case readContact(FuzzTarget)
    /// `CRUDSpec.updateContact(id:_:)`.
    case updateContact(FuzzTarget, ContactChanges)
    /// `CRUDSpec.deleteContact(id:)`.
    case deleteContact(FuzzTarget)
    /// `CRUDSpec.contacts(_:)`.
    case listContacts(ContactQuery)
    /// Close the store and open a new one on the same storage; then every record is read
    /// back. Only generated for backends that declare ``Capability/durability``.
    case reopen
    /// Moves the clock by this many milliseconds (fractions allowed): forward, or back to
    /// backdate the records that follow.
    case moveClock(milliseconds: Double)

    /// A random operation from `random`; reopens only when `reopens` is true.
    static func random(using random: inout some RandomNumberGenerator, reopens: Bool) -> FuzzOperation {
        typealias Alphabet = FuzzAlphabet
        while true {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<19: return .createTask(Alphabet.title(using: &random), notes: Alphabet.notes(using: &random))
            case 19..<22: return .readTask(FuzzTarget.random(using: &random))
            case 22..<27: return .renameTask(FuzzTarget.random(using: &random), Alphabet.title(using: &random))
            case 27..<31: return .editNotes(FuzzTarget.random(using: &random), Alphabet.notes(using: &random))
            case 31..<34: return .setCompleted(FuzzTarget.random(using: &random), Bool.random(using: &random))
            case 34..<37: return .toggle(FuzzTarget.random(using: &random))
            case 37..<41: return .deleteTask(FuzzTarget.random(using: &random))
            case 41..<45:
                return .importTasks((0..<Int.random(in: 0...3, using: &random)).map { _ in Alphabet.title(using: &random) })
            case 45..<58:
                // Half the lists show everything, so every record is compared often.
                guard Bool.random(using: &random) else { return .listTasks(TaskQuery(sort: Alphabet.pick(TaskSort.allCases, &random))) }
                let query = TaskQuery(
                    filter: Alphabet.pick(TaskFilter.allCases, &random), search: Alphabet.pick(Alphabet.searches, &random),
                    sort: Alphabet.pick(TaskSort.allCases, &random), limit: Alphabet.pick([nil, nil, 0, 1, 3, -1], &random),
                    offset: Alphabet.pick([0, 0, 0, 1, 2, -1], &random))
                return .listTasks(query)
            case 58..<61:
                // Sort, limit and offset must not change a count; negative ones are left to lists.
                let query = TaskQuery(
                    filter: Alphabet.pick(TaskFilter.allCases, &random), search: Alphabet.pick(Alphabet.searches, &random),
                    sort: Alphabet.pick(TaskSort.allCases, &random), limit: Alphabet.pick([nil, 0, 1], &random),
                    offset: Alphabet.pick([0, 1], &random))
                return .countTasks(query)
            case 61..<71:
                return .createContact(
                    Alphabet.name(using: &random), email: Alphabet.email(using: &random), phone: Alphabet.phone(using: &random))
            case 71..<73: return .readContact(FuzzTarget.random(using: &random))
            case 73..<80:
                let target = FuzzTarget.random(using: &random)
                let name = Bool.random(using: &random) ? Alphabet.name(using: &random) : nil
                let email = Bool.random(using: &random) ? Alphabet.email(using: &random) : nil
                let phone = Bool.random(using: &random) ? Alphabet.phone(using: &random) ?? "" : nil
                return .updateContact(target, ContactChanges(name: name, email: email, phone: phone))
            case 80..<83: return .deleteContact(FuzzTarget.random(using: &random))
            case 83..<90:
                guard Bool.random(using: &random) else { return .listContacts(ContactQuery()) }
                let query = ContactQuery(
                    search: Alphabet.pick(Alphabet.searches, &random), limit: Alphabet.pick([nil, nil, 0, 1, 2, -1], &random),
                    offset: Alphabet.pick([0, 0, 1, -1], &random))
                return .listContacts(query)
            case 90..<95:
                // 7 ms is one step of the fuzz clock: jumping back by whole steps can hand out
                // an instant again, so records share a createdAt.
                return .moveClock(milliseconds: Alphabet.pick([1, 0.4, 0.6, 1_000, 61_234.5, -7, -14, -21, -5_000, -86_400_000], &random))
            default:
                if reopens { return .reopen }
            }
        }
    }
}
