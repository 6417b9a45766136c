import CRUDBackends
import Foundation

/// Whether tests that need PostgreSQL run here: where libpq and a server (named by
/// `CRUDKIT_POSTGRES_URL`, or the programs to start a throwaway one) are available, or where
/// CI requires them (`CRUDKIT_REQUIRE_POSTGRES=1`, so that a missing server fails them).
/// Elsewhere they are disabled: shown as skipped with the printed reason, never passed.
///
/// ```swift
/// @Suite("Uses PostgreSQL", .enabled(if: PostgresAvailability.runs, "needs libpq and a PostgreSQL server"))
/// ```
public enum PostgresAvailability {
    /// Why the tests cannot run here, printed once; nil when they can.
    public static let unavailableReason: String? = {
        let reason = PostgresBackend.unavailableReason()
        if let reason { print("PostgreSQL tests not run: \(reason)") }
        return reason
    }()

    /// Whether the tests run: where PostgreSQL is available, or where CI requires it.
    public static var runs: Bool {
        unavailableReason == nil || ProcessInfo.processInfo.environment["CRUDKIT_REQUIRE_POSTGRES"] == "1"
    }
}
