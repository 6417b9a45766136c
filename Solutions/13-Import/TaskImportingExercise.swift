import ExerciseAPI
import Foundation

public struct TaskImportingExercise: TaskImporting {
    public init() {}

    public func importTitles(_ titles: [String], now: Date, validate: (String) throws -> String, into list: inout TaskList) throws
        -> [TaskItem]
    {
        var valid: [String] = []
        for (index, title) in titles.enumerated() {
            do {
                valid.append(try validate(title))
            } catch CRUDError.validation(var failure) {
                failure.position = index + 1
                throw CRUDError.validation(failure)
            }
        }
        let tasks = valid.map { TaskItem(id: UUID(), title: $0, notes: nil, isCompleted: false, createdAt: now, updatedAt: now) }
        list.tasks.append(contentsOf: tasks)
        return tasks
    }
}
