import CRUDSpec
import Foundation

/// One operation of ``CRUDSpec``, as data: how Exercise 14's checks, running in the exercise
/// host, reach a store that stays in the grader. The host never holds the store, so nothing
/// in its memory tells a correct store from one with a planted bug: only what the store does.
public enum StoreCall: Codable, Sendable, Equatable {
    case createTask(title: String, notes: String?)
    case task(id: UUID)
    case tasks(TaskQuery)
    case countTasks(TaskQuery)
    case renameTask(id: UUID, title: String)
    case editTaskNotes(id: UUID, notes: String?)
    case setTaskCompleted(id: UUID, isCompleted: Bool)
    case toggleTask(id: UUID)
    case deleteTask(id: UUID)
    case importTasks(titles: [String])
    case createContact(name: String, email: String, phone: String?)
    case contact(id: UUID)
    case contacts(ContactQuery)
    case updateContact(id: UUID, changes: ContactChanges)
    case deleteContact(id: UUID)
    case close

    /// Runs the operation on `store` and describes the outcome (on the grader's side).
    func perform(on store: any CRUDSpec) async -> StoreReply {
        do {
            return StoreReply(value: try await value(on: store))
        } catch let error as CRUDError {
            return StoreReply(thrown: .crud(error))
        } catch {
            return StoreReply(thrown: .other("\(error)"))
        }
    }

    private func value(on store: any CRUDSpec) async throws -> HostAnswer.Value {
        switch self {
        case .createTask(let title, let notes): return .task(try await store.createTask(title: title, notes: notes))
        case .task(let id): return .task(try await store.task(id: id))
        case .tasks(let query): return .tasks(try await store.tasks(query))
        case .countTasks(let query): return .count(try await store.countTasks(query))
        case .renameTask(let id, let title): return .task(try await store.renameTask(id: id, to: title))
        case .editTaskNotes(let id, let notes): return .task(try await store.editTaskNotes(id: id, notes: notes))
        case .setTaskCompleted(let id, let isCompleted): return .task(try await store.setTaskCompleted(id: id, isCompleted))
        case .toggleTask(let id): return .task(try await store.toggleTask(id: id))
        case .deleteTask(let id): try await store.deleteTask(id: id)
        case .importTasks(let titles): return .tasks(try await store.importTasks(titles: titles))
        case .createContact(let name, let email, let phone):
            return .contact(try await store.createContact(name: name, email: email, phone: phone))
        case .contact(let id): return .contact(try await store.contact(id: id))
        case .contacts(let query): return .contacts(try await store.contacts(query))
        case .updateContact(let id, let changes): return .contact(try await store.updateContact(id: id, changes))
        case .deleteContact(let id): try await store.deleteContact(id: id)
        // The grader closes the store when the checks end; a check cannot close it early.
        case .close: break
        }
        return .none
    }
}

/// The grader's answer to a ``StoreCall``: the value, or what the store threw.
struct StoreReply: Codable, Sendable {
    var value: HostAnswer.Value = .none
    var thrown: HostAnswer.Thrown?
}
