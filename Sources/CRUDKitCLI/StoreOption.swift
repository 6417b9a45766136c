import CRUDBackends
import CRUDHTTP
import CRUDJournal
import CRUDMemory
import CRUDPostgres
import CRUDSpec
import Foundation

/// Where a command keeps its data: `memory`, `json:PATH`, `journal:PATH`, `sqlite:PATH`, an
/// `http://HOST:PORT/parse` URL or a `postgres://USER@HOST/DATABASE` URL.
enum StoreOption: Equatable {
    case memory
    /// A store kept in the file at the path, such as `json:tasks.json`.
    case file(StoreFile, String)
    case http(URL)
    /// A PostgreSQL database, by its `postgres://` or `postgresql://` URL, as libpq reads it.
    case postgres(String)

    static let forms = ["memory", "json:PATH", "journal:PATH", "sqlite:PATH", "http://HOST:PORT/parse", "postgres://USER@HOST/DATABASE"]

    /// `--store` if given, else `CRUDKIT_STORE`, else an SQLite file in the user's data
    /// folder: `$XDG_DATA_HOME/crudkit`, else `~/.local/share/crudkit` on Linux, and
    /// `~/Library/Application Support/crudkit` on macOS.
    static func resolve(_ option: String?, environment: [String: String]) throws(UsageError) -> StoreOption {
        if let option { return try StoreOption(option) }
        if let variable = environment["CRUDKIT_STORE"], !variable.isEmpty {
            do {
                return try StoreOption(variable)
            } catch {
                throw UsageError("CRUDKIT_STORE must be one of \(forms.joined(separator: ", ")), not '\(variable)'.")
            }
        }
        return .file(.sqlite, defaultFolder(environment: environment) + "/crudkit.sqlite")
    }

    static func defaultFolder(environment: [String: String]) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        #if os(macOS)
            return home + "/Library/Application Support/crudkit"
        #else
            if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/crudkit" }
            return home + "/.local/share/crudkit"
        #endif
    }

    /// The URL of a server, when `text` is one: `http://` or `https://` (in any case) and a host.
    /// `--store` and `compare --backends` read server URLs with it.
    static func serverURL(_ text: String) -> URL? {
        let scheme = text.prefix(8).lowercased()
        guard scheme.hasPrefix("http://") || scheme.hasPrefix("https://"), let url = URL(string: text), url.host != nil else { return nil }
        return url
    }

    init(_ text: String) throws(UsageError) {
        if text == "memory" {
            self = .memory
        } else if let kind = StoreFile.allCases.first(where: { text.hasPrefix($0.rawValue + ":") }), text.count > kind.rawValue.count + 1 {
            self = .file(kind, String(text.dropFirst(kind.rawValue.count + 1)))
        } else if let url = Self.serverURL(text) {
            self = .http(url)
        } else if ["postgres://", "postgresql://"].contains(where: { text.lowercased().hasPrefix($0) }) {
            self = .postgres(text)
        } else {
            throw UsageError("--store must be one of \(Self.forms.joined(separator: ", ")), not '\(text)'.")
        }
    }

    /// How long opening and writing wait while another program holds the store:
    /// `CRUDKIT_LOCK_WAIT` seconds, else `LockWait.standard`.
    static func lockWait(environment: [String: String]) throws(UsageError) -> Duration {
        guard let text = environment["CRUDKIT_LOCK_WAIT"], !text.isEmpty else { return LockWait.standard }
        return try ValueParser.positiveSeconds.parse(text, "CRUDKIT_LOCK_WAIT")
    }

    /// Opens the store, and passes `warn` each repair opening made (a journal's dropped torn
    /// line), for stderr. A PostgreSQL store whose client library is missing is a
    /// ``CommandFailure`` that says how to install it.
    func open(
        clock: any CRUDClock = SystemClock(), lockWait: Duration = LockWait.standard, warn: (String) -> Void = { _ in }
    ) async throws -> any CRUDSpec {
        switch self {
        case .memory: return MemoryStore(clock: clock)
        case .file(let kind, let path):
            let store = try await kind.open(at: path, clock: clock, lockWait: lockWait)
            if let journal = store as? JournalStore { journal.notices.forEach(warn) }
            return store
        case .http(let url): return HTTPStore(configuration: .fromEnvironment(baseURL: url))
        case .postgres(let connection):
            do {
                return try PostgresStore(connection: connection, clock: clock)
            } catch let error as LibPQError {
                throw CommandFailure(error.message, exitCode: .unavailable)
            }
        }
    }
}
