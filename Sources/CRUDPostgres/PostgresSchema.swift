import CRUDSpec

/// The tables in PostgreSQL, their version record and the migrations between versions.
///
/// The schema's table `crudkit_schema` holds one row: the application (`crudkit`) and the
/// version of the layout. A schema with tables but no such row, another application's
/// row, or a newer version is not touched.
///
/// Dates are `bigint` milliseconds since 1970-01-01 UTC. `seq`, from an identity sequence,
/// is the creation order that breaks ties. The `*_key` and `*_search` columns hold
/// ``TextKey/folded(_:)`` and ``TextKey/searchKey(_:)`` of the title or name, computed in
/// Swift, and every text column the store orders by is `COLLATE "C"`: byte order, which
/// for UTF-8 is Unicode scalar order, whatever the server's collation and locale.
enum PostgresSchema {
    static let application = "crudkit"
    static let currentVersion = 1

    /// Version 1: the tables, the unique index on the (lowercased) email and the indexes
    /// of the orders the store lists by.
    static let version1 = """
        CREATE TABLE crudkit_schema (application text NOT NULL, version integer NOT NULL);
        INSERT INTO crudkit_schema (application, version) VALUES ('crudkit', 1);
        CREATE TABLE tasks (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id uuid NOT NULL UNIQUE,
            title text COLLATE "C" NOT NULL,
            notes text,
            is_completed boolean NOT NULL DEFAULT false,
            created_at bigint NOT NULL,
            updated_at bigint NOT NULL,
            title_key text COLLATE "C" NOT NULL,
            title_search text COLLATE "C" NOT NULL
        );
        CREATE INDEX tasks_newest ON tasks (created_at DESC, seq DESC);
        CREATE INDEX tasks_by_title ON tasks (title_key, title, seq);
        CREATE TABLE contacts (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id uuid NOT NULL UNIQUE,
            name text COLLATE "C" NOT NULL,
            email text COLLATE "C" NOT NULL,
            phone text,
            created_at bigint NOT NULL,
            updated_at bigint NOT NULL,
            name_key text COLLATE "C" NOT NULL,
            name_search text COLLATE "C" NOT NULL
        );
        CREATE UNIQUE INDEX contacts_email ON contacts (email);
        CREATE INDEX contacts_by_name ON contacts (name_key, email, seq);
        """

    /// The step from each older version to the next: `migrations[v]` turns version `v`
    /// into `v + 1` and records it. Version 1 is the first, so there is none yet.
    static let migrations: [Int: String] = [:]

    /// Brings the current schema, new or of any known version, to the current version in
    /// one transaction, under an advisory lock so stores opening at once create it once.
    /// Throws ``CRUDError/corruptStore(path:)`` for tables that are not CRUDKit's or are of a
    /// newer version, changing nothing. `target` and `steps` are the current version and
    /// ``migrations``, and differ only in the test of the migration path.
    static func prepare(
        _ db: PostgresConnection, lockName: String, location: String, target: Int = currentVersion, steps: [Int: String] = migrations
    ) throws(PostgresFailure) {
        try db.execute("BEGIN")
        do throws(PostgresFailure) {
            _ = try db.query("SELECT pg_advisory_xact_lock(hashtext($1))", ["crudkit schema " + lockName])
            let tables = try db.query(
                """
                SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
                """)
            if tables.first?.first == "0" {
                try db.execute(version1)
            } else {
                var version = try recordedVersion(db, location: location, newest: target)
                while version < target {
                    guard let step = steps[version] else { throw PostgresFailure.crud(.corruptStore(path: location)) }
                    try db.execute(step)
                    version += 1
                }
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }

    /// The version in the schema's record; a schema without one, or not CRUDKit's, or of a
    /// newer version, is `corruptStore`.
    private static func recordedVersion(_ db: PostgresConnection, location: String, newest: Int) throws(PostgresFailure) -> Int {
        let corrupt = PostgresFailure.crud(.corruptStore(path: location))
        let record = try db.query(
            """
            SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relname = 'crudkit_schema'
            """)
        guard record.first?.first == "1" else { throw corrupt }
        let rows: [[String?]]
        do {
            rows = try db.query("SELECT application, version FROM crudkit_schema")
        } catch .server {
            throw corrupt
        }
        guard rows.count == 1, rows[0].count == 2, rows[0][0] == application, let text = rows[0][1], let version = Int(text),
            (1...newest).contains(version)
        else { throw corrupt }
        return version
    }
}
