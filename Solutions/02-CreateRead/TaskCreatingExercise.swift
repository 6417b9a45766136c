import ExerciseAPI
import Foundation

public struct TaskCreatingExercise: TaskCreating {
    public init() {}

    public func create(title: String, notes: String?, now: Date, in list: inout TaskList) throws -> TaskItem {
        let task = TaskItem(id: UUID(), title: title, notes: notes, isCompleted: false, createdAt: now, updatedAt: now)
        list.tasks.append(task)
        return task
    }

    public func task(id: UUID, in list: TaskList) throws -> TaskItem {
        guard let task = list.tasks.first(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        return task
    }

    public func newestFirst(_ list: TaskList) throws -> [TaskItem] {
        list.tasks.enumerated()
            .sorted { ($0.element.createdAt, $0.offset) > ($1.element.createdAt, $1.offset) }
            .map(\.element)
    }
}
