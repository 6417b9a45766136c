// Exercise 9: Keep the store in a JSON file. Lesson: Course/Lessons/02-ChoosingStorage.md
// Check it: swift run crudkit exercises check 9
// Types: Sources/ExerciseAPI/StoreFile.swift (StoreFile, StoreSnapshot), with TaskList.swift and ContactList.swift beside it
import ExerciseAPI
import Foundation

public struct StoreFileExercise: StoreFile {
    public init() {}

    /// TODO: encode the tasks and contacts (in their order) as JSON and write them to
    /// `path` atomically: a temporary file in the same folder, then a rename over `path`.
    public func save(_ snapshot: StoreSnapshot, to path: String) throws {
        throw CRUDError.notImplemented(operation: "Exercise 9: save")
    }

    /// TODO: read and decode the file at `path`; a missing file is an empty store
    /// (`StoreSnapshot()`).
    public func load(from path: String) throws -> StoreSnapshot {
        throw CRUDError.notImplemented(operation: "Exercise 9: load")
    }
}
