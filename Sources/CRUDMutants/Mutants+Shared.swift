import CRUDBackends
import CRUDConformance
import CRUDJSONFile
import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes of stores that several processes or connections open at once.
    static let shared: [Mutant] = [
        Mutant(
            "copy-loaded-at-open", mistake: "loads a copy of the storage when opened and writes it back when closed",
            aimedAt: ["SHARED-001", "SHARED-002", "SHARED-003"],
            backend: Backend(name: "copy-loaded-at-open", capabilities: [.durability, .sharedStorage]) { CopyAtOpenStorage() }),
        Mutant(
            "refuses-at-once", mistake: "refuses a second opener at once instead of waiting for the first to close",
            aimedAt: ["SHARED-004"],
            backend: Backend(name: "refuses-at-once", capabilities: [.durability, .exclusiveOpen]) {
                try TemporaryFolderStorage(name: "refuses-at-once") { folder, clock in
                    try JSONFileStore(path: folder + "/store.json", clock: clock, lockWait: .zero)
                }
            }),
        Mutant(
            "ignores-the-lock", mistake: "lets a second opener in while the first has the storage open",
            aimedAt: ["SHARED-004", "SHARED-005"],
            backend: Backend(name: "ignores-the-lock", capabilities: [.durability, .exclusiveOpen]) { CopyAtOpenStorage() }),
    ]
}

/// Gives every opener its own copy of the records, loaded when it opens and saved when it
/// closes: a reopen finds them, but two stores open at once never see each other's writes,
/// and the last to close wins.
final class CopyAtOpenStorage: BackendStorage, @unchecked Sendable {
    private let lock = NSLock()
    private var saved = StoreState()

    func open(clock: any CRUDClock) async throws -> any CRUDSpec {
        CopyStore(inner: MemoryStore(state: lock.withLock { saved }, clock: clock), storage: self)
    }

    func save(_ state: StoreState) {
        lock.withLock { saved = state }
    }

    func dispose() async {}
}

/// Saves its copy to the storage when closed.
struct CopyStore: ForwardingStore {
    let inner: MemoryStore
    let storage: CopyAtOpenStorage

    func close() async throws {
        storage.save(await inner.currentState())
    }
}
