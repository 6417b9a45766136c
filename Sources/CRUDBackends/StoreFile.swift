import CRUDConformance
import CRUDJSONFile
import CRUDSQLite
import CRUDSpec

/// The kit's stores that keep their records in one file, by the name the suite and the tool
/// give each: the one place such a name becomes a store, whether the file is a check's
/// temporary one or the tool's `--store json:PATH`.
public enum StoreFile: String, Sendable, CaseIterable {
    /// A ``JSONFileStore``.
    case json
    /// An ``SQLiteStore``.
    case sqlite

    /// Opens (or creates) the store kept in the file at `path`.
    public func open(at path: String, clock: any CRUDClock) throws(CRUDError) -> any CRUDSpec {
        switch self {
        case .json: try JSONFileStore(path: path, clock: clock)
        case .sqlite: try SQLiteStore(path: path, clock: clock)
        }
    }

    /// A durable backend of this kind for the suite: a file in a temporary folder per check.
    public var backend: Backend {
        Backend(name: rawValue, capabilities: [.durability]) {
            try TemporaryFolderStorage(name: rawValue) { folder, clock in try open(at: folder + "/store." + rawValue, clock: clock) }
        }
    }
}
