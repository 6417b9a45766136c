import Foundation

/// Exercise 4: delete a task.
public protocol TaskDeleting: Sendable {
    /// Removes the task with `id`; `CRUDError.notFound(id:)` when there is none.
    func delete(id: UUID, in list: inout TaskList) throws
}
