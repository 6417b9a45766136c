import CRUDSpec
import Foundation

/// A store that forwards to another and makes chosen operations fail, to show and check
/// what a program does when a save fails.
///
/// It fails the next N operations of a kind, or a seeded share of them, with an error a
/// real store throws when its storage or its server is out of reach. A failed operation
/// never reaches the inner store, so it changes nothing there. Plans can be changed while
/// the store is in use, from any thread, and the store counts the failures it injected,
/// so a test can assert that its failure really happened.
///
/// ```swift
/// let store = FailingStore(MemoryStore())
/// store.failNext(1)                    // the next write throws storeUnavailable
/// _ = try? await store.createTask(title: "Buy milk", notes: nil)
/// store.injectedFailures               // 1, and the memory store holds no task
/// ```
public final class FailingStore<Inner: CRUDSpec>: ForwardingStore, @unchecked Sendable {
    /// The kinds of operation a plan can fail.
    public enum OperationKind: Sendable, Hashable {
        /// Creates, updates, toggles, imports and deletes.
        case writes
        /// Gets, lists and counts.
        case reads
    }

    /// The error an injected failure throws.
    public enum InjectedError: Sendable, Hashable {
        /// `CRUDError.storeUnavailable(path:)`, as from a full disk or a closed store.
        case storeUnavailable
        /// `CRUDError.network(reason:)`, as from a dropped connection.
        case network

        /// The error thrown.
        public var error: CRUDError {
            switch self {
            case .storeUnavailable: .storeUnavailable(path: "failing-store")
            case .network: .network(reason: "the connection was lost")
            }
        }
    }

    private enum Plan {
        case none
        case next(count: Int, skipping: Int, error: InjectedError)
        case share(Double, random: SeededRandom, error: InjectedError)
    }

    /// The store every operation that does not fail goes to.
    public let inner: Inner
    // A lock, not an actor: plans are set from synchronous test code and from any thread.
    private let lock = NSLock()
    private var plans: [OperationKind: Plan] = [:]
    private var failures: [OperationKind: Int] = [:]
    private var innerError: (any Error)?

    /// Wraps `inner`; nothing fails until a plan says so.
    public init(_ inner: Inner) {
        self.inner = inner
    }

    /// The next `count` operations of `kind` fail with `error`, after the first `skipping`
    /// of them go through (to fail the second write of a save); later ones go through.
    /// Replaces the plan for that kind.
    public func failNext(
        _ count: Int, of kind: OperationKind = .writes, after skipping: Int = 0, with error: InjectedError = .storeUnavailable
    ) {
        lock.withLock { plans[kind] = count > 0 ? .next(count: count, skipping: max(0, skipping), error: error) : Plan.none }
    }

    /// Each operation of `kind` fails with probability `share` (0...1), drawn from a
    /// source seeded with `seed`, so a run repeats. Replaces the plan for that kind.
    public func failShare(_ share: Double, of kind: OperationKind = .writes, seed: UInt64, with error: InjectedError = .storeUnavailable) {
        lock.withLock { plans[kind] = .share(min(max(share, 0), 1), random: SeededRandom(seed: seed), error: error) }
    }

    /// Nothing fails any more; the counts stay.
    public func stopFailing() {
        lock.withLock { plans = [:] }
    }

    /// How many failures this store has injected, of every kind.
    public var injectedFailures: Int {
        lock.withLock { failures.values.reduce(0, +) }
    }

    /// How many failures this store has injected into operations of `kind`.
    public func injectedFailures(of kind: OperationKind) -> Int {
        lock.withLock { failures[kind, default: 0] }
    }

    /// Takes the last error the inner store threw (not an injected one), if any since the
    /// last take: a model shows only a message, and a check that fails under it can say
    /// what the store really threw.
    public func takeInnerError() -> (any Error)? {
        lock.withLock {
            defer { innerError = nil }
            return innerError
        }
    }

    /// Runs an operation of the inner store, keeping the error it throws.
    private func pass<T>(_ operation: () async throws -> T) async throws -> T {
        do {
            return try await operation()
        } catch {
            lock.withLock { innerError = error }
            throw error
        }
    }

    /// Throws the planned error when this operation is to fail, and counts it.
    private func check(_ kind: OperationKind) throws(CRUDError) {
        let error: InjectedError? = lock.withLock {
            switch plans[kind] ?? Plan.none {
            case .none:
                return nil
            case .next(let count, let skipping, let error) where skipping > 0:
                plans[kind] = .next(count: count, skipping: skipping - 1, error: error)
                return nil
            case .next(let count, _, let error):
                plans[kind] = count > 1 ? .next(count: count - 1, skipping: 0, error: error) : Plan.none
                failures[kind, default: 0] += 1
                return error
            case .share(let share, var random, let error):
                let fails = Double(random.next() >> 11) / Double(1 << 53) < share
                plans[kind] = .share(share, random: random, error: error)
                if fails { failures[kind, default: 0] += 1 }
                return fails ? error : nil
            }
        }
        if let error { throw error.error }
    }

    // MARK: Reads

    public func task(id: UUID) async throws -> TaskItem {
        try check(.reads)
        return try await pass { try await inner.task(id: id) }
    }
    public func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        try check(.reads)
        return try await pass { try await inner.tasks(query) }
    }
    public func countTasks(_ query: TaskQuery) async throws -> Int {
        try check(.reads)
        return try await pass { try await inner.countTasks(query) }
    }
    public func contact(id: UUID) async throws -> Contact {
        try check(.reads)
        return try await pass { try await inner.contact(id: id) }
    }
    public func contacts(_ query: ContactQuery) async throws -> [Contact] {
        try check(.reads)
        return try await pass { try await inner.contacts(query) }
    }

    // MARK: Writes

    public func createTask(title: String, notes: String?) async throws -> TaskItem {
        try check(.writes)
        return try await pass { try await inner.createTask(title: title, notes: notes) }
    }
    public func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        try check(.writes)
        return try await pass { try await inner.renameTask(id: id, to: title) }
    }
    public func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem {
        try check(.writes)
        return try await pass { try await inner.editTaskNotes(id: id, notes: notes) }
    }
    public func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem {
        try check(.writes)
        return try await pass { try await inner.setTaskCompleted(id: id, isCompleted) }
    }
    public func toggleTask(id: UUID) async throws -> TaskItem {
        try check(.writes)
        return try await pass { try await inner.toggleTask(id: id) }
    }
    public func deleteTask(id: UUID) async throws {
        try check(.writes)
        try await pass { try await inner.deleteTask(id: id) }
    }
    public func importTasks(titles: [String]) async throws -> [TaskItem] {
        try check(.writes)
        return try await pass { try await inner.importTasks(titles: titles) }
    }
    public func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        try check(.writes)
        return try await pass { try await inner.createContact(name: name, email: email, phone: phone) }
    }
    public func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        try check(.writes)
        return try await pass { try await inner.updateContact(id: id, changes) }
    }
    public func deleteContact(id: UUID) async throws {
        try check(.writes)
        try await pass { try await inner.deleteContact(id: id) }
    }
}
