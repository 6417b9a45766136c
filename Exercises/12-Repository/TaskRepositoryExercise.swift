// Exercise 12: A repository over a blob store. Lesson: Course/Lessons/10-ServiceLayer.md
// Check it: swift run crudkit exercises check 12
// Types: Sources/ExerciseAPI/TaskRepository.swift, Sources/ExerciseAPI/BlobStore.swift (BlobStore), Sources/CRUDModels/TaskItem.swift
//
// BlobStore keeps bytes under keys: blobs.put(data, forKey:), try blobs.get(key),
// try blobs.remove(key). Its errors are its own (BlobStore.Failure.missing); the rest of
// the app must only ever see CRUDErrors.
import ExerciseAPI
import Foundation

public struct TaskRepositoryExercise: TaskRepository {
    public init() {}

    /// TODO: encode `task` as JSON and put it under a key made from its id.
    public func save(_ task: TaskItem, in blobs: BlobStore) throws {
        throw CRUDError.notImplemented(operation: "Exercise 12: save")
    }

    /// TODO: get and decode the task with `id`. A missing blob is CRUDError.notFound(id:);
    /// a blob that does not decode is CRUDError.corruptStore(path:).
    public func load(id: UUID, from blobs: BlobStore) throws -> TaskItem {
        throw CRUDError.notImplemented(operation: "Exercise 12: load")
    }

    /// TODO: remove the task with `id`; a missing blob is CRUDError.notFound(id:).
    public func remove(id: UUID, from blobs: BlobStore) throws {
        throw CRUDError.notImplemented(operation: "Exercise 12: remove")
    }
}
