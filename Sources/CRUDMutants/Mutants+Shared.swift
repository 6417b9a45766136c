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
            backend: Backend(name: "copy-loaded-at-open", capabilities: [.durability, .sharedStorage]) { CopyAtOpenStore.storage() }),
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
            backend: Backend(name: "ignores-the-lock", capabilities: [.durability, .exclusiveOpen]) { CopyAtOpenStore.storage() }),
    ]
}

/// A copy of the records, loaded when it opens and saved when it closes: a reopen finds
/// them, but two stores open at once never see each other's writes, and the last to close wins.
struct CopyAtOpenStore: ForwardingStore {
    let inner: MemoryStore
    let storage: KeptStateStorage

    /// Storage whose every opener gets such a copy.
    static func storage() -> KeptStateStorage {
        KeptStateStorage { inner, storage in CopyAtOpenStore(inner: inner, storage: storage) }
    }

    func close() async throws {
        storage.save(await inner.currentState())
    }
}
