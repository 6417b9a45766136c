import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in renaming, editing notes, completing and toggling tasks.
    static let taskUpdate: [Mutant] = [
        Mutant(
            "rename-creates-new-record", mistake: "renames by creating a new task and deleting the old one", aimedAt: ["TASK-UPDATE-001"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                rename: { id, title, inner in
                    let old = try await inner.task(id: id)
                    let new = try await inner.createTask(title: title, notes: old.notes)
                    try await inner.deleteTask(id: id)
                    return new
                })
        },
        Mutant(
            "rename-changes-createdAt", mistake: "sets createdAt as well as updatedAt on rename", aimedAt: ["TASK-UPDATE-001"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                rename: { id, title, inner in
                    var task = try await inner.renameTask(id: id, to: title)
                    task.createdAt = task.updatedAt
                    return task
                })
        },
        Mutant(
            "notes-never-cleared", mistake: "ignores a request to remove the notes", aimedAt: ["TASK-UPDATE-003"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                editNotes: { id, notes, inner in
                    guard Validation.searchTerm(notes) == nil else { return try await inner.editTaskNotes(id: id, notes: notes) }
                    return try await inner.task(id: id)
                })
        },
        Mutant(
            "set-completed-flips", mistake: "flips the flag instead of setting it", aimedAt: ["TASK-UPDATE-004"]
        ) { inner, _ in UpdateMutantStore(inner: inner, setCompleted: { id, _, inner in try await inner.toggleTask(id: id) }) },
        Mutant(
            "toggle-wrong-record", mistake: "toggles the newest task instead of the one asked for", aimedAt: ["TASK-UPDATE-005"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                toggle: { id, inner in
                    _ = try await inner.task(id: id)
                    guard let newest = try await inner.tasks(TaskQuery(limit: 1)).first else { throw CRUDError.notFound(id: id) }
                    return try await inner.toggleTask(id: newest.id)
                })
        },
        Mutant(
            "update-creates-unknown", mistake: "creates a task when renaming an id that does not exist (an upsert)",
            aimedAt: ["TASK-UPDATE-006"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                rename: { id, title, inner in
                    do { return try await inner.renameTask(id: id, to: title) } catch CRUDError.notFound {
                        return try await inner.createTask(title: title, notes: nil)
                    }
                })
        },
        Mutant(
            "rename-unvalidated", mistake: "renames without validating, so a blank title gets in", aimedAt: ["TASK-UPDATE-002"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                rename: { id, title, inner in
                    guard Validation.trimmed(title).isEmpty else { return try await inner.renameTask(id: id, to: title) }
                    var task = try await inner.task(id: id)
                    task.title = ""
                    return task
                })
        },
        Mutant(
            "rename-touches-all", mistake: "stamps updatedAt on every task when one is renamed (an UPDATE without WHERE)",
            aimedAt: ["TASK-UPDATE-007"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                rename: { id, title, inner in
                    let renamed = try await inner.renameTask(id: id, to: title)
                    for other in try await inner.tasks(TaskQuery()) where other.id != id {
                        _ = try await inner.renameTask(id: other.id, to: other.title)
                    }
                    return renamed
                })
        },
        Mutant(
            "rename-by-title", mistake: "renames every task that has the renamed task's title", aimedAt: ["TASK-UPDATE-008"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                rename: { id, title, inner in
                    let old = try await inner.task(id: id).title
                    for twin in try await inner.tasks(TaskQuery()) where twin.id != id && twin.title == old {
                        _ = try await inner.renameTask(id: twin.id, to: title)
                    }
                    return try await inner.renameTask(id: id, to: title)
                })
        },
    ]
}

/// Wrong updates: each closure gets the correct store and does the wrong thing.
struct UpdateMutantStore: ForwardingStore {
    let inner: MemoryStore
    var rename: (@Sendable (UUID, String, MemoryStore) async throws -> TaskItem)?
    var editNotes: (@Sendable (UUID, String?, MemoryStore) async throws -> TaskItem)?
    var setCompleted: (@Sendable (UUID, Bool, MemoryStore) async throws -> TaskItem)?
    var toggle: (@Sendable (UUID, MemoryStore) async throws -> TaskItem)?

    func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        if let rename { return try await rename(id, title, inner) }
        return try await inner.renameTask(id: id, to: title)
    }
    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem {
        if let editNotes { return try await editNotes(id, notes, inner) }
        return try await inner.editTaskNotes(id: id, notes: notes)
    }
    func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem {
        if let setCompleted { return try await setCompleted(id, isCompleted, inner) }
        return try await inner.setTaskCompleted(id: id, isCompleted)
    }
    func toggleTask(id: UUID) async throws -> TaskItem {
        if let toggle { return try await toggle(id, inner) }
        return try await inner.toggleTask(id: id)
    }
}
