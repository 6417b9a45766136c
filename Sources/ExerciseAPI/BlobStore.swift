import Foundation

/// A storage that knows only keys and bytes, and has errors of its own: the kind of API a
/// repository sits on (a key-value database, a cache, a cloud drive).
public final class BlobStore: @unchecked Sendable {
    /// What goes wrong in a blob store, in its own terms.
    public enum Failure: Error, Equatable {
        /// No blob has this key.
        case missing(key: String)
    }

    private let lock = NSLock()
    private var blobs: [String: Data] = [:]

    public init() {}

    /// Stores `data` under `key`, replacing what was there.
    public func put(_ data: Data, forKey key: String) {
        lock.withLock { blobs[key] = data }
    }

    /// The bytes under `key`, or `Failure.missing`.
    public func get(_ key: String) throws(Failure) -> Data {
        guard let data = lock.withLock({ blobs[key] }) else { throw .missing(key: key) }
        return data
    }

    /// Removes the bytes under `key`, or throws `Failure.missing`.
    public func remove(_ key: String) throws(Failure) {
        guard lock.withLock({ blobs.removeValue(forKey: key) }) != nil else { throw .missing(key: key) }
    }
}

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
