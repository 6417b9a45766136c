/// The libpq this process loads (see `CRUDKIT_LIBPQ`), for callers that must know what it
/// can do before they hand it a connection string.
public enum PostgresClientLibrary {
    /// libpq's version as `PQlibVersion` gives it (150018 for 15.18); nil when libpq cannot
    /// be loaded.
    public static var version: Int? {
        guard case .success(let lib) = LibPQ.shared else { return nil }
        return Int(lib.libVersion())
    }

    /// Whether libpq reaches a server on a Linux abstract socket (a host starting with `@`),
    /// which it does from version 14.
    public static var reachesAbstractSockets: Bool {
        #if os(Linux)
            return (version ?? 0) >= 140_000
        #else
            return false
        #endif
    }
}
