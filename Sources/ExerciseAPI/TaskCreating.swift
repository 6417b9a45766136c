import Foundation

/// Exercise 2: create a task and read it back.
public protocol TaskCreating: Sendable {
    /// Appends a new task made from an already validated title and notes, at `now`.
    func create(title: String, notes: String?, now: Date, in list: inout TaskList) throws -> TaskItem
    /// The task with `id`, or `CRUDError.notFound(id:)`.
    func task(id: UUID, in list: TaskList) throws -> TaskItem
    /// Every task, newest `createdAt` first; at the same instant, the later-created first.
    func newestFirst(_ list: TaskList) throws -> [TaskItem]
}
