import CRUDSpec
import Foundation

/// One row of a task list: the task, how long ago it was created, whether it is being
/// deleted, and what a screen reader says for the row and its buttons.
public struct TaskRow: Sendable, Hashable, Identifiable {
    /// The task as the store last returned it.
    public var task: TaskItem
    /// When it was created, in words from the model's clock: "2 minutes ago".
    public var createdText: String
    /// Whether the store has been asked to delete it and has not answered yet. The row
    /// stays, and should look busy, until the store confirms.
    public var isDeleting: Bool

    /// The task's id.
    public var id: UUID { task.id }

    /// Makes a row; `now` is the instant `createdText` counts from.
    public init(task: TaskItem, now: Date, isDeleting: Bool = false) {
        self.task = task
        self.createdText = Timestamp.relative(task.createdAt, now: now)
        self.isDeleting = isDeleting
    }

    /// The row: label the title, value "done" or "not done" and when it was created,
    /// such as "not done, created 2 minutes ago"; while deleting, ", deleting" follows.
    public var accessibility: AccessibilityInfo {
        let state = task.isCompleted ? "done" : "not done"
        return AccessibilityInfo(label: task.title, value: "\(state), created \(createdText)" + (isDeleting ? ", deleting" : ""))
    }

    /// The toggle button: label `Mark "Buy milk" as done` (or `as not done`), value the
    /// current state.
    public var toggleAccessibility: AccessibilityInfo {
        AccessibilityInfo(
            label: "Mark \"\(task.title)\" as \(task.isCompleted ? "not done" : "done")",
            value: task.isCompleted ? "done" : "not done")
    }

    /// The delete button: label `Delete "Buy milk"`.
    public var deleteAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Delete \"\(task.title)\"")
    }
}
