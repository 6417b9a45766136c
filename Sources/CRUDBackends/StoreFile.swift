import CRUDConformance
import CRUDJSONFile
import CRUDJournal
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
    /// A ``JournalStore``: one JSON Lines file, one appended line per change.
    case journal

    /// Opens (or creates) the store kept in the file at `path`, waiting up to `lockWait`
    /// while another store holds it.
    public func open(
        at path: String, clock: any CRUDClock, lockWait: Duration = LockWait.standard
    ) async throws(CRUDError) -> any CRUDSpec {
        switch self {
        case .json: try await JSONFileStore.open(path: path, clock: clock, lockWait: lockWait)
        case .sqlite: try SQLiteStore(path: path, clock: clock, lockWait: lockWait)
        case .journal: try await JournalStore.open(path: path, clock: clock, lockWait: lockWait)
        }
    }

    /// How the suite's stores of this kind share their file: SQLite lets several
    /// connections write at once; a JSON store or a journal holds its file alone from open to close.
    public var sharing: Capability {
        switch self {
        case .json, .journal: .exclusiveOpen
        case .sqlite: .sharedStorage
        }
    }

    /// How long the suite's JSON and journal stores wait for one another: shorter than the
    /// tool's `LockWait.standard`, so the rule that waits past it (SHARED-005) takes two
    /// seconds, not ten.
    public static let suiteLockWait: Duration = .seconds(2)

    /// How long the suite's stores of this kind wait for one another's locks. SQLite's
    /// writers take turns at every write, and SHARED-005 does not apply to it: its stores wait
    /// as long as the tool's do, since eight writers on a busy machine (SHARED-003) waited
    /// past two seconds for a writer the system had set aside.
    public var suiteLockWait: Duration {
        self == .sqlite ? LockWait.standard : Self.suiteLockWait
    }

    /// A durable backend of this kind for the suite: a file in a temporary folder per check.
    public var backend: Backend {
        Backend(name: rawValue, capabilities: [.durability, sharing]) {
            try TemporaryFolderStorage(name: rawValue) { folder, clock in
                try await open(at: folder + "/store." + rawValue, clock: clock, lockWait: suiteLockWait)
            }
        }
    }
}
