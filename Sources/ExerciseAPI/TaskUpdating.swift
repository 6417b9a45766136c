import Foundation

/// Exercise 3: change a task in place.
public protocol TaskUpdating: Sendable {
    /// Applies `change` to the task with `id`, stamps `updatedAt = now`, and returns it;
    /// `CRUDError.notFound(id:)` (changing nothing) when there is no such task.
    func update(id: UUID, now: Date, in list: inout TaskList, _ change: (inout TaskItem) -> Void) throws -> TaskItem
}
