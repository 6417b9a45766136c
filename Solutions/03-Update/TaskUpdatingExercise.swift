import ExerciseAPI
import Foundation

public struct TaskUpdatingExercise: TaskUpdating {
    public init() {}

    public func update(id: UUID, now: Date, in list: inout TaskList, _ change: (inout TaskItem) -> Void) throws -> TaskItem {
        guard let index = list.tasks.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        change(&list.tasks[index])
        list.tasks[index].updatedAt = now
        return list.tasks[index]
    }
}
