import CRUDJSONFile
import CRUDMemory
import CRUDSpec
import Foundation

/// A log-structured store: one JSON Lines file with one line per change.
///
/// Every change appends one line and flushes it to the disk (`fsync`) before the call
/// returns, so a write costs the same whether the store holds a hundred records or a
/// million: nothing else in the file is touched. Reads never touch the file: opening replays
/// the log into memory, and lists and queries are answered from there.
///
/// The log grows with every change, deletes and renames included. When it holds more than
/// twice as many records as are live (and more than a few), it is compacted: the live
/// records are written to a new file beside it, which is flushed and renamed over the log.
///
/// A crash can cut off at most the line being written, which was never acknowledged. On
/// open, a last line without its newline, or that is not a change, is dropped (the file is
/// cut back to its last whole line) and said in ``notices``. Any other damage (a bad header,
/// a bad line before the last, a change that does not fit the records before it) gives
/// `CRUDError.corruptStore(path:)`, and the file is left exactly as it was. A store holds its
/// file from open to close, as `JSONFileStore` does: a second open waits, up to its lock wait,
/// and then gives `CRUDError.storeLocked(path:)`.
///
/// ```swift
/// let store = try await JournalStore.open(path: "tasks.journal")
/// for notice in store.notices { print("warning:", notice) }
/// _ = try await store.createTask(title: "Back up the laptop", notes: nil)
/// try await store.close()
/// ```
public actor JournalStore: CRUDSpec {
    /// The absolute path of the journal file.
    public nonisolated let path: String
    /// What opening had to repair, in plain sentences for the person using the program (a
    /// dropped torn last line); empty when the file was intact.
    public nonisolated let notices: [String]
    private let clock: any CRUDClock
    private var state: StoreState
    private let file: JournalFile
    private var lock: FileLock?
    /// Live records (tasks and contacts), and records the log holds since its header.
    private var liveRecords: Int
    private var loggedRecords: Int
    /// The log length at which compaction is next tried: raised after a failed attempt, so
    /// a full disk does not make every write try a whole rewrite.
    private var nextCompactionAttempt = 0

    /// Below this many logged records the log is never compacted: rewriting a tiny file
    /// on every other change would gain nothing.
    public static let compactionFloor = 32

    /// Opens (or prepares to create) the journal at `path`, waiting up to `lockWait` while
    /// another store has it open. The wait blocks the calling thread; ``open(path:clock:lockWait:)``
    /// waits without blocking one.
    ///
    /// - Throws: `CRUDError.corruptStore(path:)` when the file is not an intact journal,
    ///   `CRUDError.storeLocked(path:)` when it stayed open elsewhere past `lockWait`,
    ///   `CRUDError.storeUnavailable(path:)` when it or its folder cannot be used.
    public init(path: String, clock: any CRUDClock = SystemClock(), lockWait: Duration = LockWait.standard) throws(CRUDError) {
        let absolute = try StorePath.prepared(path)
        try self.init(absolute: absolute, clock: clock, lock: try FileLock(storePath: absolute, wait: lockWait))
    }

    /// Opens the journal at `path` like ``init(path:clock:lockWait:)``, sleeping while it
    /// waits for another store to close it, so no thread is held meanwhile.
    public static func open(
        path: String, clock: any CRUDClock = SystemClock(), lockWait: Duration = LockWait.standard
    ) async throws(CRUDError) -> JournalStore {
        let absolute = try StorePath.prepared(path)
        return try JournalStore(absolute: absolute, clock: clock, lock: try await FileLock.acquire(storePath: absolute, wait: lockWait))
    }

    /// The store at `absolute`, whose `lock` is held: released again if the file cannot be read.
    private init(absolute: String, clock: any CRUDClock, lock: FileLock) throws(CRUDError) {
        path = absolute
        self.clock = clock
        do throws(CRUDError) {
            var replay = JournalReplay()
            var existingLength: Int?
            if FileManager.default.fileExists(atPath: absolute) {
                guard let data = FileManager.default.contents(atPath: absolute) else { throw CRUDError.storeUnavailable(path: absolute) }
                guard let read = JournalReplay.read(Array(data)) else { throw CRUDError.corruptStore(path: absolute) }
                (replay, existingLength) = (read, data.count)
            }
            file = try JournalFile(path: absolute, existingLength: existingLength, validLength: replay.validLength)
            state = replay.state
            liveRecords = replay.liveRecords
            loggedRecords = replay.loggedRecords
            notices =
                replay.tornBytes == 0
                ? []
                : [
                    "The store at \(absolute) ended in a change cut off part-way (\(replay.tornBytes) bytes), as a crash leaves "
                        + "one. That change was never confirmed, and it was dropped; every confirmed change is kept."
                ]
        } catch {
            lock.release()
            throw error
        }
        self.lock = lock
    }

    // MARK: Writing

    /// Appends `entry` to the log. If that fails, `undo` puts the state back as it was
    /// before the change was applied to it, so a failed write changes nothing.
    private func log(_ entry: JournalEntry, undo: (inout StoreState) throws(CRUDError) -> Void) throws(CRUDError) {
        do throws(CRUDError) {
            let line: Data
            do {
                line = try entry.line()
            } catch {
                throw CRUDError.storeUnavailable(path: path)
            }
            try file.append(line)
        } catch {
            do {
                try undo(&state)
            } catch {
                // Memory no longer matches the file: stop here rather than serve it.
                close()
            }
            throw error
        }
        loggedRecords += entry.weight
        liveRecords += entry.liveChange
    }

    /// Rewrites the log as the live records alone when it holds more than twice as many.
    /// A failure leaves the old log, which is whole: the change before was already kept.
    private func compactIfDue() {
        guard loggedRecords > Self.compactionFloor, loggedRecords > 2 * liveRecords, loggedRecords >= nextCompactionAttempt else {
            return
        }
        do {
            var data = JournalEntry.headerLine
            for task in state.tasksInCreationOrder { data.append(try JournalEntry.createTask(task).line()) }
            for contact in state.contactsInCreationOrder { data.append(try JournalEntry.createContact(contact).line()) }
            try file.replace(with: data)
            loggedRecords = liveRecords
            nextCompactionAttempt = 0
        } catch {
            nextCompactionAttempt = loggedRecords * 2
        }
    }

    private func checkOpen() throws(CRUDError) {
        guard lock != nil, !file.isBroken else { throw .storeUnavailable(path: path) }
    }

    /// Applies a change to one task, logs the task as it is after, and undoes the change
    /// if the log cannot be written.
    private func updateTask(
        id: UUID, _ change: (inout StoreState, Date) throws(CRUDError) -> TaskItem
    ) throws(CRUDError) -> TaskItem {
        let now = clock.timestamp()
        try checkOpen()
        let before = try state.task(id: id)
        let after = try change(&state, now)
        try log(.updateTask(after)) { state throws(CRUDError) in
            _ = try state.renameTask(id: id, to: before.title, now: before.updatedAt)
            _ = try state.editTaskNotes(id: id, notes: before.notes, now: before.updatedAt)
            _ = try state.setTaskCompleted(id: id, before.isCompleted, now: before.updatedAt)
        }
        compactIfDue()
        return after
    }

    // MARK: Tasks

    public func createTask(title: String, notes: String?) throws -> TaskItem {
        let now = clock.timestamp()
        try checkOpen()
        let task = try state.createTask(title: title, notes: notes, now: now)
        try log(.createTask(task)) { state throws(CRUDError) in try state.deleteTask(id: task.id) }
        compactIfDue()
        return task
    }

    public func task(id: UUID) throws -> TaskItem {
        try checkOpen()
        return try state.task(id: id)
    }

    public func tasks(_ query: TaskQuery) throws -> [TaskItem] {
        try checkOpen()
        return try state.tasks(query)
    }

    public func countTasks(_ query: TaskQuery) throws -> Int {
        try checkOpen()
        return try state.countTasks(query)
    }

    public func renameTask(id: UUID, to title: String) throws -> TaskItem {
        try updateTask(id: id) { state, now throws(CRUDError) in try state.renameTask(id: id, to: title, now: now) }
    }

    public func editTaskNotes(id: UUID, notes: String?) throws -> TaskItem {
        try updateTask(id: id) { state, now throws(CRUDError) in try state.editTaskNotes(id: id, notes: notes, now: now) }
    }

    public func setTaskCompleted(id: UUID, _ isCompleted: Bool) throws -> TaskItem {
        try updateTask(id: id) { state, now throws(CRUDError) in try state.setTaskCompleted(id: id, isCompleted, now: now) }
    }

    public func toggleTask(id: UUID) throws -> TaskItem {
        try updateTask(id: id) { state, now throws(CRUDError) in try state.toggleTask(id: id, now: now) }
    }

    /// Logs the delete first and only then forgets the task: a record cannot be put back
    /// in its place in the creation order once removed.
    public func deleteTask(id: UUID) throws {
        try checkOpen()
        _ = try state.task(id: id)
        try log(.deleteTask(id)) { _ throws(CRUDError) in }
        try state.deleteTask(id: id)
        compactIfDue()
    }

    /// Validates every title, then appends one line for the whole batch.
    public func importTasks(titles: [String]) throws -> [TaskItem] {
        let now = clock.timestamp()
        try checkOpen()
        let tasks = try state.importTasks(titles: titles, now: now)
        try log(.importTasks(tasks)) { state throws(CRUDError) in
            for task in tasks { try state.deleteTask(id: task.id) }
        }
        compactIfDue()
        return tasks
    }

    // MARK: Contacts

    public func createContact(name: String, email: String, phone: String?) throws -> Contact {
        let now = clock.timestamp()
        try checkOpen()
        let contact = try state.createContact(name: name, email: email, phone: phone, now: now)
        try log(.createContact(contact)) { state throws(CRUDError) in try state.deleteContact(id: contact.id) }
        compactIfDue()
        return contact
    }

    public func contact(id: UUID) throws -> Contact {
        try checkOpen()
        return try state.contact(id: id)
    }

    public func contacts(_ query: ContactQuery) throws -> [Contact] {
        try checkOpen()
        return try state.contacts(query)
    }

    public func updateContact(id: UUID, _ changes: ContactChanges) throws -> Contact {
        let now = clock.timestamp()
        try checkOpen()
        let before = try state.contact(id: id)
        let after = try state.updateContact(id: id, changes, now: now)
        try log(.updateContact(after)) { state throws(CRUDError) in
            let restore = ContactChanges(name: before.name, email: before.email, phone: before.phone ?? "")
            _ = try state.updateContact(id: id, restore, now: before.updatedAt)
        }
        compactIfDue()
        return after
    }

    /// Logs the delete first and only then forgets the contact, as ``deleteTask(id:)`` does.
    public func deleteContact(id: UUID) throws {
        try checkOpen()
        _ = try state.contact(id: id)
        try log(.deleteContact(id)) { _ throws(CRUDError) in }
        try state.deleteContact(id: id)
        compactIfDue()
    }

    /// Closes the file and releases the lock. Every change is already on the disk.
    public func close() {
        file.close()
        lock?.release()
        lock = nil
    }
}
