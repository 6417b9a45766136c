import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

// Task update, delete and import mistakes.

/// Rename rebuilds the record from scratch, and the rebuilt record starts not completed.
struct RenameRebuildsStore: ForwardingStore {
    let inner: RebuildingStore
    func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        let checked = try Validation.title(title)
        return try await inner.amendTask(inner.task(id: id)) { task in
            task = TaskItem(
                id: id, title: checked, notes: task.notes, isCompleted: false, createdAt: task.createdAt,
                updatedAt: inner.clock.timestamp())
        }
    }
}

/// Rename writes updatedAt from the createdAt column.
struct RenameUpdatedFromCreatedStore: ForwardingStore {
    let inner: RebuildingStore
    func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        try await inner.amendTask(inner.renameTask(id: id, to: title)) { $0.updatedAt = $0.createdAt }
    }
}

/// Rename finds the record by its current title and renames the first task with that title.
struct RenameByTitleStore: ForwardingStore {
    let inner: MemoryStore
    func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        let current = try await inner.task(id: id)
        let first = await inner.currentState().tasksInCreationOrder.first { $0.title == current.title }
        return try await inner.renameTask(id: first?.id ?? id, to: title)
    }
}

/// Rename checks emptiness and length, but not control characters.
struct RenameSkipsControlsStore: ForwardingStore {
    let inner: RebuildingStore
    func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        let text = Validation.trimmed(title)
        if text.isEmpty { throw Hand.failure(.title, .empty) }
        if text.count > Validation.maxTitleLength { throw Hand.failure(.title, .tooLong(max: Validation.maxTitleLength)) }
        return try await inner.amendTask(inner.task(id: id)) { task in
            task.title = text
            task.updatedAt = inner.clock.timestamp()
        }
    }
}

/// Rename "touches" the record (updatedAt) before validating the new title.
struct TouchBeforeRenameStore: ForwardingStore {
    let inner: MemoryStore
    func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        let current = try await inner.task(id: id)
        _ = try await inner.setTaskCompleted(id: id, current.isCompleted)
        return try await inner.renameTask(id: id, to: title)
    }
}

/// Rename validates the trimmed title but stores the title as typed.
struct RenameUntrimmedStore: ForwardingStore {
    let inner: RebuildingStore
    func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        _ = try Validation.title(title)
        return try await inner.amendTask(inner.task(id: id)) { task in
            task.title = title
            task.updatedAt = inner.clock.timestamp()
        }
    }
}

/// Editing notes checks control characters but not the length.
struct NotesEditWithoutLengthStore: ForwardingStore {
    let inner: RebuildingStore
    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem {
        let text = notes.map(Validation.trimmed)
        if let text, text.unicodeScalars.contains(where: { Validation.isControl($0) && $0 != "\n" && $0 != "\r" }) {
            throw Hand.failure(.notes, .invalidCharacters)
        }
        return try await inner.amendTask(inner.task(id: id)) { task in
            task.notes = text?.isEmpty == false ? text : nil
            task.updatedAt = inner.clock.timestamp()
        }
    }
}

/// PATCH semantics: editing notes with nil leaves them as they are.
struct NilNotesKeptStore: ForwardingStore {
    let inner: MemoryStore
    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem {
        guard let notes else { return try await inner.task(id: id) }
        return try await inner.editTaskNotes(id: id, notes: notes)
    }
}

/// Editing notes forgets to stamp updatedAt.
struct NotesKeepUpdatedAtStore: ForwardingStore {
    let inner: RebuildingStore
    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem {
        let old = try await inner.task(id: id)
        return try await inner.amendTask(inner.editTaskNotes(id: id, notes: notes)) { $0.updatedAt = old.updatedAt }
    }
}

/// setTaskCompleted skips the write when the flag already has the value.
struct SkipUnchangedFlagStore: ForwardingStore {
    let inner: MemoryStore
    func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem {
        let current = try await inner.task(id: id)
        if current.isCompleted == isCompleted { return current }
        return try await inner.setTaskCompleted(id: id, isCompleted)
    }
}

/// Toggle writes the whole row back with both dates set to now.
struct ToggleRestampsStore: ForwardingStore {
    let inner: RebuildingStore
    func toggleTask(id: UUID) async throws -> TaskItem {
        try await inner.amendTask(inner.toggleTask(id: id)) { $0.createdAt = $0.updatedAt }
    }
}

/// Toggle wired to "mark as done": it always sets the flag to true.
struct ToggleCompletesStore: ForwardingStore {
    let inner: MemoryStore
    func toggleTask(id: UUID) async throws -> TaskItem { try await inner.setTaskCompleted(id: id, true) }
}

/// Rename of an unknown id creates a task with the new title (an accidental upsert).
struct RenameUpsertStore: ForwardingStore {
    let inner: MemoryStore
    func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        do {
            return try await inner.renameTask(id: id, to: title)
        } catch CRUDError.notFound {
            return try await inner.createTask(title: title, notes: nil)
        }
    }
}

/// Delete runs `DELETE ... WHERE title = ?` with the title of the task.
struct DeleteByTitleStore: ForwardingStore {
    let inner: MemoryStore
    func deleteTask(id: UUID) async throws {
        let target = try await inner.task(id: id)
        try await Hand.deleteAll(await inner.currentState().tasksInCreationOrder, sharing: \.title, with: target) {
            try await inner.deleteTask(id: $0)
        }
    }
}

/// Delete ignores "no such row".
struct MissingRowIgnoredStore: ForwardingStore {
    let inner: MemoryStore
    func deleteTask(id: UUID) async throws {
        do { try await inner.deleteTask(id: id) } catch CRUDError.notFound {}
    }
}

/// Soft delete: a deleted task keeps a tombstone, and deleting it again "succeeds".
actor TombstoneDeleteStore: ForwardingStore {
    let inner: MemoryStore
    private var tombstones: Set<UUID> = []
    init(inner: MemoryStore) { self.inner = inner }

    func deleteTask(id: UUID) async throws {
        if tombstones.contains(id) { return }
        try await inner.deleteTask(id: id)
        tombstones.insert(id)
    }
}

/// One table of records: deleting a task id that misses deletes the contact with that id.
struct SharedTableDeleteStore: ForwardingStore {
    let inner: MemoryStore
    func deleteTask(id: UUID) async throws {
        do { try await inner.deleteTask(id: id) } catch CRUDError.notFound { try await inner.deleteContact(id: id) }
    }
}

/// Import validates everything, then creates one task at a time (one clock reading each).
struct ImportLoopStore: ForwardingStore {
    let inner: MemoryStore
    func importTasks(titles: [String]) async throws -> [TaskItem] {
        var created: [TaskItem] = []
        for title in try Validation.titles(titles) { created.append(try await inner.createTask(title: title, notes: nil)) }
        return created
    }
}

/// Import writes the valid titles before the first invalid one, then reports the error.
struct UnrolledImportStore: ForwardingStore {
    let inner: MemoryStore
    func importTasks(titles: [String]) async throws -> [TaskItem] {
        do {
            return try await inner.importTasks(titles: titles)
        } catch CRUDError.validation(let failure) {
            let good = titles.prefix(max(0, (failure.position ?? 1) - 1))
            _ = try await inner.importTasks(titles: Array(good))
            throw CRUDError.validation(failure)
        }
    }
}

/// Import reports the position of the bad title 0-based (its array index).
struct ZeroBasedPositionStore: ForwardingStore {
    let inner: MemoryStore
    func importTasks(titles: [String]) async throws -> [TaskItem] {
        do {
            return try await inner.importTasks(titles: titles)
        } catch CRUDError.validation(var failure) {
            failure.position = failure.position.map { $0 - 1 }
            throw CRUDError.validation(failure)
        }
    }
}

/// Import validates every title and reports the last failure rather than the first.
struct LastFailureImportStore: ForwardingStore {
    let inner: MemoryStore
    func importTasks(titles: [String]) async throws -> [TaskItem] {
        var last: CRUDError?
        for (index, title) in titles.enumerated() {
            do { _ = try Validation.title(title) } catch { last = Hand.failureAt(error, position: index + 1) }
        }
        if let last { throw last }
        return try await inner.importTasks(titles: titles)
    }
}

/// Import inserts the titles in reverse, so that the first title ends up on top of the list.
struct ReversedImportStore: ForwardingStore {
    let inner: MemoryStore
    func importTasks(titles: [String]) async throws -> [TaskItem] {
        try await inner.importTasks(titles: titles.reversed()).reversed()
    }
}

/// An empty import is refused as an empty title.
struct EmptyImportStore: ForwardingStore {
    let inner: MemoryStore
    func importTasks(titles: [String]) async throws -> [TaskItem] {
        guard !titles.isEmpty else { throw Hand.failure(.title, .empty) }
        return try await inner.importTasks(titles: titles)
    }
}

/// Import skips blank lines, as if pasting a list with gaps were harmless.
struct SkipBlankImportStore: ForwardingStore {
    let inner: MemoryStore
    func importTasks(titles: [String]) async throws -> [TaskItem] {
        try await inner.importTasks(titles: titles.filter { !Validation.trimmed($0).isEmpty })
    }
}
