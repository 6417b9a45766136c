import Foundation

/// Why PostgreSQL's client library, libpq, could not be used: the store loads it while the
/// program runs, so a machine without it builds the kit but cannot open a PostgreSQL store.
public enum LibPQError: Error, Sendable, Hashable {
    /// None of the library names tried could be loaded.
    case libraryNotFound(tried: [String])
    /// The library loaded but lacks a function the store calls (it is too old, or not libpq).
    case functionMissing(String, library: String)

    /// How to install libpq on this kind of system.
    public static var installHint: String {
        #if os(macOS)
            "Install it with `brew install libpq` (or Postgres.app), or set CRUDKIT_LIBPQ to the library's path."
        #else
            "Install it with `apt-get install libpq5` (Debian, Ubuntu) or `dnf install libpq` (Fedora), or set CRUDKIT_LIBPQ to the library's path."
        #endif
    }

    /// A plain sentence naming what is missing and how to get it.
    public var message: String {
        switch self {
        case .libraryNotFound(let tried):
            "PostgreSQL's client library (libpq) was not found; tried \(tried.joined(separator: ", ")). \(Self.installHint)"
        case .functionMissing(let function, let library):
            "The library \(library) has no function \(function): it is not libpq, or too old a version. \(Self.installHint)"
        }
    }
}

extension LibPQError: LocalizedError, CustomStringConvertible {
    /// The message, for `localizedDescription`.
    public var errorDescription: String? { message }
    /// The message.
    public var description: String { message }
}
