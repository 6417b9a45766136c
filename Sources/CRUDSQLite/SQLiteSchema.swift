import CRUDSpec

/// The database layout, its version history and the migrations between versions.
///
/// The version lives in `PRAGMA user_version`; `PRAGMA application_id` marks the file as
/// CRUDKit's, so a database of another application is recognised and left alone.
///
/// Dates are integers: milliseconds since 1970-01-01 UTC. `seq` (the rowid) is the
/// creation sequence that breaks ties. The `*_key` and `*_search` columns hold
/// ``TextKey/folded(_:)`` and ``TextKey/searchKey(_:)`` of the title or name: SQLite's
/// `lower()`, `NOCASE` and `LIKE` fold ASCII letters only, so Unicode-correct order and
/// search are computed in Swift when a row is written and compared byte-wise in SQL.
enum SQLiteSchema {
    /// "CRKT" in ASCII.
    static let applicationID: Int64 = 0x4352_4B54
    static let currentVersion: Int64 = 2

    /// Version 1: the tables without the folded keys (order and search used `lower()`).
    static let version1 = """
        CREATE TABLE tasks (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            notes TEXT,
            is_completed INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );
        CREATE TABLE contacts (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            email TEXT NOT NULL,
            phone TEXT,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );
        CREATE UNIQUE INDEX contacts_email ON contacts(email);
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = 1;
        """

    /// From version 1 to 2: adds the folded keys, fills them for existing rows, and
    /// indexes the orders the store lists by.
    static func migrateToVersion2(_ db: SQLiteConnection) throws(CRUDError) {
        try db.execute(
            """
            ALTER TABLE tasks ADD COLUMN title_key TEXT NOT NULL DEFAULT '';
            ALTER TABLE tasks ADD COLUMN title_search TEXT NOT NULL DEFAULT '';
            ALTER TABLE contacts ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
            ALTER TABLE contacts ADD COLUMN name_search TEXT NOT NULL DEFAULT '';
            """)
        let titles = try db.query("SELECT seq, title FROM tasks") { row in (row.integer(0), row.text(1)) }
        for (seq, title) in titles {
            try db.run(
                "UPDATE tasks SET title_key = ?, title_search = ? WHERE seq = ?",
                [.text(TextKey.folded(title)), .text(TextKey.searchKey(title)), .integer(seq)])
        }
        let names = try db.query("SELECT seq, name FROM contacts") { row in (row.integer(0), row.text(1)) }
        for (seq, name) in names {
            try db.run(
                "UPDATE contacts SET name_key = ?, name_search = ? WHERE seq = ?",
                [.text(TextKey.folded(name)), .text(TextKey.searchKey(name)), .integer(seq)])
        }
        try db.execute(
            """
            CREATE INDEX tasks_newest ON tasks(created_at DESC, seq DESC);
            CREATE INDEX tasks_by_title ON tasks(title_key, title, seq);
            CREATE INDEX contacts_by_name ON contacts(name_key, email, seq);
            PRAGMA user_version = 2;
            """)
    }

    /// Brings a database of any known version, or a new empty one, to the current version
    /// in one transaction. Throws ``CRUDError/corruptStore(path:)`` for a database that is
    /// not CRUDKit's or is newer than this code.
    static func prepare(_ db: SQLiteConnection) throws(CRUDError) {
        try db.transaction { () throws(CRUDError) in
            let applicationID = try db.query("PRAGMA application_id") { $0.integer(0) }.first ?? 0
            var version = try db.query("PRAGMA user_version") { $0.integer(0) }.first ?? 0
            let tables = try db.query("SELECT count(*) FROM sqlite_master") { $0.integer(0) }.first ?? 0
            if applicationID == 0, version == 0, tables == 0 {
                try db.execute(version1)
                version = 1
            } else if applicationID != Self.applicationID || version > currentVersion || version < 1 {
                throw .corruptStore(path: db.path)
            }
            if version < 2 { try migrateToVersion2(db) }
        }
    }
}
