import ExerciseAPI
import Foundation

public struct TaskDeletingExercise: TaskDeleting {
    public init() {}

    public func delete(id: UUID, in list: inout TaskList) throws {
        guard let index = list.tasks.firstIndex(where: { $0.id == id }) else { throw CRUDError.notFound(id: id) }
        list.tasks.remove(at: index)
    }
}
