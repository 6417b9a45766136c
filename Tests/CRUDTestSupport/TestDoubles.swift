import CRUDConformance
import CRUDMemory
import CRUDMutants
import CRUDSpec
import Foundation

/// A store whose every operation throws `notImplemented`, like an untouched exercise stub.
public struct UnimplementedStore: CRUDSpec {
    public init() {}
    private func stub<T>(_ name: String = #function) throws -> T { throw CRUDError.notImplemented(operation: name) }
    public func createTask(title: String, notes: String?) async throws -> TaskItem { try stub() }
    public func task(id: UUID) async throws -> TaskItem { try stub() }
    public func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try stub() }
    public func countTasks(_ query: TaskQuery) async throws -> Int { try stub() }
    public func renameTask(id: UUID, to title: String) async throws -> TaskItem { try stub() }
    public func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem { try stub() }
    public func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem { try stub() }
    public func toggleTask(id: UUID) async throws -> TaskItem { try stub() }
    public func deleteTask(id: UUID) async throws { try stub() as Void }
    public func importTasks(titles: [String]) async throws -> [TaskItem] { try stub() }
    public func createContact(name: String, email: String, phone: String?) async throws -> Contact { try stub() }
    public func contact(id: UUID) async throws -> Contact { try stub() }
    public func contacts(_ query: ContactQuery) async throws -> [Contact] { try stub() }
    public func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact { try stub() }
    public func deleteContact(id: UUID) async throws { try stub() as Void }
    public func close() async throws {}
}

/// Storage that counts how often it was opened and disposed of.
public final class CountingStorage: BackendStorage, @unchecked Sendable {
    private let lock = NSLock()
    private var openCount = 0
    private var disposeCount = 0
    private let make: @Sendable (any CRUDClock) -> any CRUDSpec

    public init(make: @escaping @Sendable (any CRUDClock) -> any CRUDSpec) { self.make = make }

    public var opens: Int { lock.withLock { openCount } }
    public var disposals: Int { lock.withLock { disposeCount } }

    public func open(clock: any CRUDClock) async throws -> any CRUDSpec {
        lock.withLock { openCount += 1 }
        return make(clock)
    }

    public func dispose() async { lock.withLock { disposeCount += 1 } }
}

/// A store whose list operation never answers.
public struct HangingStore: ForwardingStore {
    public let inner: MemoryStore
    public init(inner: MemoryStore) { self.inner = inner }
    public func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        return []
    }
}
