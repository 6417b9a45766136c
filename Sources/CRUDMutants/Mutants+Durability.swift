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
                KeptStateStorage { inner, storage in LosesLastWriteStore(inner: inner, storage: storage) }
            }),
        Mutant(
            "saves-on-create-and-delete", mistake: "declares durability but saves only after creates, imports and deletes",
            aimedAt: ["DURABILITY-007"],
            backend: Backend(name: "saves-on-create-and-delete", capabilities: [.durability]) {
                KeptStateStorage { inner, storage in SavingStore(inner: inner, storage: storage) }
            }),
    ]
}

/// On every close, saves its records but the task created last: the write that was
/// "still in a buffer".
struct LosesLastWriteStore: ForwardingStore {
    let inner: MemoryStore
    let storage: KeptStateStorage

    func close() async throws {
        let state = await inner.currentState()
        let tasks = Array(state.tasksInCreationOrder.dropLast())
        storage.save((try? StoreState(tasks: tasks, contacts: state.contactsInCreationOrder)) ?? StoreState())
    }
}

/// Saves its state to the storage after the writes that add or remove records only.
struct SavingStore: ForwardingStore {
    let inner: MemoryStore
    let storage: KeptStateStorage

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
