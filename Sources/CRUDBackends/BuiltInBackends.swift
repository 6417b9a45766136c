import CRUDConformance
import CRUDMemory
import CRUDSpec

/// The backends that ship with the kit, described for the conformance suite.
public enum BuiltInBackends {
    /// Every built-in backend, in the order `crudkit compare` shows them.
    public static let all: [Backend] = [memory, json, journal, sqlite, http, postgres]

    /// The in-memory reference backend.
    public static let memory = Backend.ephemeral(name: "memory") { clock in MemoryStore(clock: clock) }

    /// One JSON file per store, in a temporary folder per check.
    public static let json = StoreFile.json.backend

    /// One journal (a JSON Lines log of changes) per store, in a temporary folder per check.
    public static let journal = StoreFile.journal.backend

    /// One SQLite database per store, in a temporary folder per check.
    public static let sqlite = StoreFile.sqlite.backend

    /// The HTTP client against the mock server on an ephemeral port, backed by SQLite;
    /// reopening restarts the server on the same database, and another store is another
    /// client of the same server.
    public static let http = Backend(name: "http", capabilities: [.durability, .sharedStorage]) { try HTTPServerStorage() }

    /// PostgreSQL through libpq, on `CRUDKIT_POSTGRES_URL` or a throwaway cluster: n/a with
    /// the reason where either is missing (``PostgresBackend``).
    public static let postgres = PostgresBackend.backend

    /// The names of every built-in backend.
    public static var names: [String] { all.map(\.name) }

    /// The backend with this name, if there is one.
    public static func named(_ name: String) -> Backend? {
        all.first { $0.name == name }
    }
}
