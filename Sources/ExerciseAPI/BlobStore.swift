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
