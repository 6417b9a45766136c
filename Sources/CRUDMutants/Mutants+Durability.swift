import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Backends that declare durability and lose data on close and reopen.
    static let durability: [Mutant] = [
        Mutant(
            "claims-durability", mistake: "declares durability but keeps everything in memory only",
            aimedAt: ["DURABILITY-001", "DURABILITY-002", "DURABILITY-003", "DURABILITY-004", "DURABILITY-005", "DURABILITY-006"],
            capabilities: [.durability]
        ) { inner, _ in inner },
        Mutant(
            "loses-last-write", mistake: "declares durability but loses the last task created before a reopen",
            aimedAt: ["DURABILITY-001", "DURABILITY-006"],
            backend: Backend(name: "loses-last-write", capabilities: [.durability]) {
                let storage = LosesLastWriteStorage()
                return TemporaryStorage { clock in try await storage.open(clock: clock) }
            }),
        Mutant(
            "saves-on-create-and-delete", mistake: "declares durability but saves only after creates, imports and deletes",
            aimedAt: ["DURABILITY-007"],
            backend: Backend(name: "saves-on-create-and-delete", capabilities: [.durability]) {
                let storage = SavedStateStorage()
                return TemporaryStorage { clock in await storage.open(clock: clock) }
            }),
    ]
}

/// Claims durability, keeps its records in memory between opens, and on every close
/// drops the task created last: the write that was "still in a buffer".
final class LosesLastWriteStorage: @unchecked Sendable {
    private let lock = NSLock()
    private var saved = StoreState()

    func open(clock: any CRUDClock) async throws -> any CRUDSpec {
        ClosingStore(inner: MemoryStore(state: lock.withLock { saved }, clock: clock), storage: self)
    }

    func keep(_ state: StoreState) {
        let tasks = Array(state.tasksInCreationOrder.dropLast())
        let kept = (try? StoreState(tasks: tasks, contacts: state.contactsInCreationOrder)) ?? StoreState()
        lock.withLock { saved = kept }
    }
}

/// Hands its state to the storage when closed.
struct ClosingStore: ForwardingStore {
    let inner: MemoryStore
    let storage: LosesLastWriteStorage

    func close() async throws {
        storage.keep(await inner.currentState())
    }
}

/// Keeps a store's state between opens, but saves it only after creates, imports and
/// deletes: renames, notes, flags and contact updates are lost on reopen.
final class SavedStateStorage: @unchecked Sendable {
    private let lock = NSLock()
    private var saved = StoreState()

    func open(clock: any CRUDClock) async -> any CRUDSpec {
        SavingStore(inner: MemoryStore(state: lock.withLock { saved }, clock: clock), storage: self)
    }

    func save(_ state: StoreState) {
        lock.withLock { saved = state }
    }
}

/// Saves its state to the storage after the writes that add or remove records only.
struct SavingStore: ForwardingStore {
    let inner: MemoryStore
    let storage: SavedStateStorage

    private func saving<T>(_ result: T) async -> T {
        storage.save(await inner.currentState())
        return result
    }

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        await saving(try await inner.createTask(title: title, notes: notes))
    }
    func importTasks(titles: [String]) async throws -> [TaskItem] { await saving(try await inner.importTasks(titles: titles)) }
    func deleteTask(id: UUID) async throws { await saving(try await inner.deleteTask(id: id)) }
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        await saving(try await inner.createContact(name: name, email: email, phone: phone))
    }
    func deleteContact(id: UUID) async throws { await saving(try await inner.deleteContact(id: id)) }
}
