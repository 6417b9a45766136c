import Foundation

/// The tasks of an exercise store: a plain array in creation order, oldest first.
///
/// In the exercises a store is this array and a few functions that change it, the way a
/// Core Data context is a set of objects and the operations on them.
public struct TaskList: Sendable, Equatable, Codable {
    /// Every task, oldest-created first. The position breaks ties in order.
    public var tasks: [TaskItem]

    /// An empty list, or one holding `tasks`.
    public init(tasks: [TaskItem] = []) {
        self.tasks = tasks
    }
}
