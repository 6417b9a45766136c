import Foundation

/// Exercise 12: a repository of tasks over a ``BlobStore``. It hides how tasks are kept
/// (JSON under their id) and turns the blob store's errors into the kit's.
public protocol TaskRepository: Sendable {
    /// Keeps `task` (new or changed) in `blobs`.
    func save(_ task: TaskItem, in blobs: BlobStore) throws
    /// The task with `id`: `CRUDError.notFound(id:)` when the blob is missing,
    /// `CRUDError.corruptStore(path:)` when it cannot be decoded.
    func load(id: UUID, from blobs: BlobStore) throws -> TaskItem
    /// Removes the task with `id`, or throws `CRUDError.notFound(id:)`.
    func remove(id: UUID, from blobs: BlobStore) throws
}
