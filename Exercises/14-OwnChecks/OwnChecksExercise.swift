// Exercise 14: Write your own checks. Lesson: Course/Lessons/13-Testing.md
// Check it: swift run crudkit exercises check 14
// Types: Sources/ExerciseAPI/OwnChecks.swift (OwnChecks), Sources/CRUDModels/CRUDSpec.swift (the store's operations)
//
// Your checks are graded by running them on a correct store (they must pass) and on
// stores with a planted bug in create, read, update or delete (they must catch each).
import ExerciseAPI
import Foundation

public struct OwnChecksExercise: OwnChecks {
    public init() {}

    /// TODO: check create, read, update and delete on `store` (fresh and empty). Throw an
    /// error of your own whenever the store answers wrongly, for example:
    ///
    ///     struct CheckFailed: Error { let what: String }
    ///     guard !task.isCompleted else { throw CheckFailed(what: "a new task is already done") }
    public func run(on store: any CRUDSpec) async throws {
        throw CRUDError.notImplemented(operation: "Exercise 14: run(on:)")
    }
}
