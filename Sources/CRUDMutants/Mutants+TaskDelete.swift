import CRUDBackends
import CRUDConformance
import CRUDHTTP
import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in deleting tasks, including an HTTP client that misreads the server.
    static let taskDelete: [Mutant] = [
        Mutant(
            "silent-delete", mistake: "reports success when deleting an id that does not exist",
            aimedAt: ["TASK-DELETE-002", "TASK-DELETE-003"]
        ) { inner, _ in SilentDeleteStore(inner: inner) },
        Mutant(
            "delete-removes-neighbour", mistake: "deletes the task created just before the one asked for",
            aimedAt: ["TASK-DELETE-001", "VIEW-003"]
        ) { inner, _ in
            DeleteMutantStore(inner: inner) { id, inner in
                let all = try await inner.tasks(TaskQuery()).reversed().map(\.id)
                guard let index = all.firstIndex(of: id) else { throw CRUDError.notFound(id: id) }
                try await inner.deleteTask(id: all[index > 0 ? index - 1 : index])
            }
        },
        Mutant(
            "http-404-is-success", mistake: "an HTTP client that treats 404 on delete as done",
            aimedAt: ["TASK-DELETE-002", "TASK-DELETE-003"],
            backend: Backend.ephemeral(name: "http-404-is-success") { clock in try NotFoundIsSuccessStore.start(clock: clock) }),
    ]
}

/// Treats "nothing to delete" as success.
struct SilentDeleteStore: ForwardingStore {
    let inner: MemoryStore

    func deleteTask(id: UUID) async throws {
        do {
            try await inner.deleteTask(id: id)
        } catch CRUDError.notFound {
            return
        }
    }
}

/// Deletes through `delete`, a wrong way built on the correct store.
struct DeleteMutantStore: ForwardingStore {
    let inner: MemoryStore
    let delete: @Sendable (UUID, MemoryStore) async throws -> Void
    func deleteTask(id: UUID) async throws { try await delete(id, inner) }
}

/// An HTTP client, against the mock server, that treats "not found" as done when deleting.
struct NotFoundIsSuccessStore: ForwardingStore {
    let inner: HTTPStore

    func deleteTask(id: UUID) async throws {
        do { try await inner.deleteTask(id: id) } catch CRUDError.notFound {}
    }

    static func start(clock: any CRUDClock) throws -> any CRUDSpec {
        NotFoundIsSuccessStore(inner: try LocalServer.start(over: MemoryStore(clock: clock)).client)
    }
}
