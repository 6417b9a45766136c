/// Thrown by a backend's ``Backend/makeStorage`` when the backend cannot run on this machine
/// at all: a library it loads at run time, or the server it needs, is missing. The runner
/// reports every rule on it as not applicable with ``reason``, never as passed or failed.
///
/// ```swift
/// Backend(name: "postgres", capabilities: [.durability]) {
///     guard let server = Postgres.server() else {
///         throw BackendUnavailable("no PostgreSQL server: install one with apt-get install postgresql")
///     }
///     return server.storage()
/// }
/// ```
public struct BackendUnavailable: Error, CustomStringConvertible, Sendable {
    /// What is missing and how to get it, as one sentence for the report.
    public let reason: String

    /// The backend cannot run because of `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
