import Foundation

/// A to-do item: the course's `TaskItem` entity.
///
/// A plain value. Backends hand out copies; changing one changes nothing
/// stored until it goes back through a ``CRUDSpec`` operation.
///
/// ```swift
/// let task = try await store.createTask(title: "Buy milk", notes: nil)
/// print(task.title, task.isCompleted) // Buy milk false
/// ```
public struct TaskItem: Codable, Sendable, Hashable, Identifiable {
    /// Assigned by the store when the task is created; never changes.
    public var id: UUID
    /// Trimmed, 1 to 200 Characters, no control characters. See ``Validation/title(_:)``.
    public var title: String
    /// Optional free text (the Parse to-do app's "description"). Trimmed, at most 1,000
    /// Characters, newlines allowed. Named `notes` because `description` would clash
    /// with `CustomStringConvertible`.
    public var notes: String?
    /// Whether the task is done. `false` for a new task.
    public var isCompleted: Bool
    /// When the task was created, to the millisecond. Never changes.
    public var createdAt: Date
    /// When the task was last changed, to the millisecond.
    public var updatedAt: Date

    /// Makes a task value. Stores call this; user code normally receives tasks from a store.
    /// Inlinable, so that a store building one per row of a list builds it in place.
    @inlinable
    public init(
        id: UUID, title: String, notes: String?, isCompleted: Bool, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.isCompleted = isCompleted
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension TaskItem {
    /// New tasks for titles already validated, all created at `now`, not done, without
    /// notes, each with a random id: what a store's `importTasks(titles:)` stores. The ids
    /// come from one read of the system's random source (`UUID.random(count:)`).
    public static func imported(titles: [String], at now: Date) -> [TaskItem] {
        zip(UUID.random(count: titles.count), titles).map { id, title in
            TaskItem(id: id, title: title, notes: nil, isCompleted: false, createdAt: now, updatedAt: now)
        }
    }
}
