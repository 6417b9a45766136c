import CRUDMemory
import CRUDSpec
import Foundation

/// A store kept in one human-readable JSON file.
///
/// Every change is written whole and atomically before the call returns (see
/// `AtomicFile`), so the file is always either the state before a change or the state
/// after it, never a mix. The cost is that each write rewrites the whole file: the time
/// per write grows in proportion to the number of records. That is the lesson of this
/// backend: simple, readable, diffable, and right for hundreds of records, not millions.
///
/// A missing file is an empty store, created on the first write. A file that is not a
/// CRUDKit store of a version this code reads gives `CRUDError.corruptStore(path:)` and
/// is never modified. A store holds the file from open to close: a second open of the same
/// file, from this process or another, waits until the first closes, up to its lock wait
/// (`LockWait.standard` unless given), and then gives `CRUDError.storeLocked(path:)`.
///
/// ```swift
/// let store = try JSONFileStore(path: "tasks.json")
/// _ = try await store.createTask(title: "Back up the laptop", notes: nil)
/// try await store.close()
/// ```
public actor JSONFileStore: CRUDSpec {
    /// The absolute path of the store file.
    public nonisolated let path: String
    private let clock: any CRUDClock
    private var state: StoreState
    private var lock: FileLock?

    /// Opens (or prepares to create) the store at `path`, waiting up to `lockWait` while
    /// another store has it open. The wait blocks the calling thread; ``open(path:clock:lockWait:)``
    /// waits without blocking one.
    ///
    /// - Throws: `CRUDError.corruptStore(path:)` when the file is not a readable CRUDKit
    ///   store, `CRUDError.storeLocked(path:)` when it stayed open elsewhere past `lockWait`,
    ///   `CRUDError.storeUnavailable(path:)` when its folder cannot be used.
    public init(path: String, clock: any CRUDClock = SystemClock(), lockWait: Duration = LockWait.standard) throws(CRUDError) {
        let absolute = try StorePath.prepared(path)
        try self.init(absolute: absolute, clock: clock, lock: try FileLock(storePath: absolute, wait: lockWait))
    }

    /// Opens the store at `path` like ``init(path:clock:lockWait:)``, sleeping while it
    /// waits for another store to close it, so no thread is held meanwhile.
    public static func open(
        path: String, clock: any CRUDClock = SystemClock(), lockWait: Duration = LockWait.standard
    ) async throws(CRUDError) -> JSONFileStore {
        let absolute = try StorePath.prepared(path)
        return try JSONFileStore(absolute: absolute, clock: clock, lock: try await FileLock.acquire(storePath: absolute, wait: lockWait))
    }

    /// The store at `absolute`, whose `lock` is held: released again if the file cannot be read.
    private init(absolute: String, clock: any CRUDClock, lock: FileLock) throws(CRUDError) {
        self.path = absolute
        self.clock = clock
        do {
            state = try Self.load(absolute)
        } catch {
            lock.release()
            throw error
        }
        self.lock = lock
    }

    private static func load(_ path: String) throws(CRUDError) -> StoreState {
        guard FileManager.default.fileExists(atPath: path) else { return StoreState() }
        guard let data = FileManager.default.contents(atPath: path) else { throw .storeUnavailable(path: path) }
        guard let state = StoreDocument.decodeState(from: data) else { throw .corruptStore(path: path) }
        return state
    }

    /// Applies `change` to a copy of the state, writes the copy, and only then keeps it:
    /// a rejected change or a failed write leaves both the file and memory as they were.
    private func commit<T>(_ change: (inout StoreState) throws(CRUDError) -> T) throws(CRUDError) -> T {
        try checkOpen()
        var next = state
        let result = try change(&next)
        let data: Data
        do {
            data = try StoreDocument(state: next).encoded()
        } catch {
            throw .storeUnavailable(path: path)
        }
        try AtomicFile.write(data, to: path)
        state = next
        return result
    }

    private func read<T>(_ query: (StoreState) throws(CRUDError) -> T) throws(CRUDError) -> T {
        try checkOpen()
        return try query(state)
    }

    private func checkOpen() throws(CRUDError) {
        guard lock != nil else { throw .storeUnavailable(path: path) }
    }

    public func createTask(title: String, notes: String?) throws -> TaskItem {
        let now = clock.timestamp()
        return try commit { state throws(CRUDError) in try state.createTask(title: title, notes: notes, now: now) }
    }

    public func task(id: UUID) throws -> TaskItem {
        try read { state throws(CRUDError) in try state.task(id: id) }
    }

    public func tasks(_ query: TaskQuery) throws -> [TaskItem] {
        try read { state throws(CRUDError) in try state.tasks(query) }
    }

    public func countTasks(_ query: TaskQuery) throws -> Int {
        try read { state throws(CRUDError) in try state.countTasks(query) }
    }

    public func renameTask(id: UUID, to title: String) throws -> TaskItem {
        let now = clock.timestamp()
        return try commit { state throws(CRUDError) in try state.renameTask(id: id, to: title, now: now) }
    }

    public func editTaskNotes(id: UUID, notes: String?) throws -> TaskItem {
        let now = clock.timestamp()
        return try commit { state throws(CRUDError) in try state.editTaskNotes(id: id, notes: notes, now: now) }
    }

    public func setTaskCompleted(id: UUID, _ isCompleted: Bool) throws -> TaskItem {
        let now = clock.timestamp()
        return try commit { state throws(CRUDError) in try state.setTaskCompleted(id: id, isCompleted, now: now) }
    }

    public func toggleTask(id: UUID) throws -> TaskItem {
        let now = clock.timestamp()
        return try commit { state throws(CRUDError) in try state.toggleTask(id: id, now: now) }
    }

    public func deleteTask(id: UUID) throws {
        try commit { state throws(CRUDError) in try state.deleteTask(id: id) }
    }

    /// Validates every title, then writes the file once for the whole batch.
    public func importTasks(titles: [String]) throws -> [TaskItem] {
        let now = clock.timestamp()
        return try commit { state throws(CRUDError) in try state.importTasks(titles: titles, now: now) }
    }

    public func createContact(name: String, email: String, phone: String?) throws -> Contact {
        let now = clock.timestamp()
        return try commit { state throws(CRUDError) in try state.createContact(name: name, email: email, phone: phone, now: now) }
    }

    public func contact(id: UUID) throws -> Contact {
        try read { state throws(CRUDError) in try state.contact(id: id) }
    }

    public func contacts(_ query: ContactQuery) throws -> [Contact] {
        try read { state throws(CRUDError) in try state.contacts(query) }
    }

    public func updateContact(id: UUID, _ changes: ContactChanges) throws -> Contact {
        let now = clock.timestamp()
        return try commit { state throws(CRUDError) in try state.updateContact(id: id, changes, now: now) }
    }

    public func deleteContact(id: UUID) throws {
        try commit { state throws(CRUDError) in try state.deleteContact(id: id) }
    }

    /// Releases the lock. Every change is already on disk; there is nothing to flush.
    public func close() {
        lock?.release()
        lock = nil
    }
}
