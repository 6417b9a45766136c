import CRUDBackends
import Foundation

/// Whether the tests that need PostgreSQL run here: the one answer every test target asks.
///
/// Where libpq or the server programs are missing, those tests are disabled and shown as
/// skipped with the reason, never passed; in CI (`CRUDKIT_REQUIRE_POSTGRES=1`) they run and
/// fail instead.
public enum PostgresAvailability {
    /// Why PostgreSQL cannot be used here, printed once; nil when it can.
    public static let unavailableReason: String? = {
        let reason = PostgresBackend.unavailableReason()
        if let reason { print("Tests that need PostgreSQL not run: \(reason)") }
        return reason
    }()

    /// Whether the tests run: where PostgreSQL is available, or where CI requires it.
    public static var runs: Bool {
        unavailableReason == nil || ProcessInfo.processInfo.environment["CRUDKIT_REQUIRE_POSTGRES"] == "1"
    }

    /// Whether the kit's own throwaway cluster is what the tests get: they run, and no outside
    /// server is named in `CRUDKIT_POSTGRES_URL`.
    public static var ownClusterRuns: Bool {
        runs && (ProcessInfo.processInfo.environment[PostgresServer.urlVariable] ?? "").isEmpty
    }
}
