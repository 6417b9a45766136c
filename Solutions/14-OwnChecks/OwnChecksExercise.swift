import ExerciseAPI
import Foundation

public struct OwnChecksExercise: OwnChecks {
    public init() {}

    struct CheckFailed: Error {
        let what: String
    }

    private func require(_ condition: Bool, _ what: String) throws {
        if !condition { throw CheckFailed(what: what) }
    }

    public func run(on store: any CRUDSpec) async throws {
        // Create, and read back.
        let milk = try await store.createTask(title: "Buy milk", notes: nil)
        try require(milk.title == "Buy milk" && !milk.isCompleted, "a new task has its title and is not done")
        try require(try await store.task(id: milk.id) == milk, "a task reads back as it was created")
        do {
            _ = try await store.task(id: UUID())
            throw CheckFailed(what: "an unknown id was found")
        } catch CRUDError.notFound {}
        // Update in place.
        let renamed = try await store.renameTask(id: milk.id, to: "Buy oat milk")
        try require(renamed.id == milk.id && renamed.createdAt == milk.createdAt, "a rename keeps the id and createdAt")
        try require(try await store.countTasks(TaskQuery()) == 1, "a rename does not add a task")
        // Delete exactly one.
        let bread = try await store.createTask(title: "Buy bread", notes: nil)
        try await store.deleteTask(id: milk.id)
        try require(try await store.tasks(TaskQuery()).map(\.id) == [bread.id], "a delete removes only its task")
    }
}
