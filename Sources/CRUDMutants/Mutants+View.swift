import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes a screen sees: a write that throws after it happened, a total that leaves
    /// out done tasks, and list answers that lag one call behind.
    static let view: [Mutant] = [
        Mutant(
            "notes-saved-then-error", mistake: "stores new notes and then throws network, as if the write had failed",
            aimedAt: ["VIEW-001"]
        ) { inner, _ in NotesSavedThenErrorStore(inner: inner) },
        Mutant(
            "total-leaves-out-done", mistake: "counts only tasks not done when asked for every task", aimedAt: ["VIEW-004"]
        ) { inner, _ in TotalLeavesOutDoneStore(inner: inner) },
        Mutant(
            "list-answer-lags", mistake: "answers each list request with the answer it computed for the one before",
            aimedAt: ["VIEW-005", "VIEW-006"]
        ) { inner, _ in LaggingListStore(inner: inner) },
    ]
}

/// Writes the notes, then reports a lost connection: the editor undoes the rename and keeps
/// the draft, but the notes are stored behind its error message.
struct NotesSavedThenErrorStore: ForwardingStore {
    let inner: MemoryStore

    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem {
        _ = try await inner.editTaskNotes(id: id, notes: notes)
        throw CRUDError.network(reason: "the connection was lost")
    }
}

/// Counts every task as only the open ones: a list filtered to open tasks, with every task
/// done, then claims the store is empty.
struct TotalLeavesOutDoneStore: ForwardingStore {
    let inner: MemoryStore

    func countTasks(_ query: TaskQuery) async throws -> Int {
        guard query.filter == .all else { return try await inner.countTasks(query) }
        var open = query
        open.filter = .incomplete
        return try await inner.countTasks(open)
    }
}

/// A list cache that is one request late: each list request gets the answer computed for
/// the request before it, and the first gets an empty list.
final class LaggingListStore: ForwardingStore, @unchecked Sendable {
    let inner: MemoryStore
    private let lock = NSLock()
    private var previous: [TaskItem] = []

    init(inner: MemoryStore) {
        self.inner = inner
    }

    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        let fresh = try await inner.tasks(query)
        return lock.withLock {
            defer { previous = fresh }
            return previous
        }
    }
}
