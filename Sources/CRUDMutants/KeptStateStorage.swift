import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

/// Storage for broken backends that keep their records between opens in memory, as a file
/// would keep them: every open gets a ``MemoryStore`` on the state saved last, wrapped in
/// the broken store `wrap` makes. When and what the wrapper saves (on close, after some
/// writes, with something dropped) is its mistake.
///
/// ```swift
/// Backend(name: "saves-on-close", capabilities: [.durability]) {
///     KeptStateStorage { inner, storage in SavesOnCloseStore(inner: inner, storage: storage) }
/// }
/// ```
public final class KeptStateStorage: BackendStorage, @unchecked Sendable {
    private let lock = NSLock()
    private var saved = StoreState()
    private let wrap: @Sendable (MemoryStore, KeptStateStorage) -> any CRUDSpec

    /// Storage whose stores `wrap` makes from a memory store on the saved state.
    public init(wrap: @escaping @Sendable (_ inner: MemoryStore, _ storage: KeptStateStorage) -> any CRUDSpec) {
        self.wrap = wrap
    }

    public func open(clock: any CRUDClock) async throws -> any CRUDSpec {
        wrap(MemoryStore(state: lock.withLock { saved }, clock: clock), self)
    }

    /// Keeps `state` for the next open.
    public func save(_ state: StoreState) {
        lock.withLock { saved = state }
    }

    public func dispose() async {}
}
