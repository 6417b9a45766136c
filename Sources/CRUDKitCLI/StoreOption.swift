import CRUDHTTP
import CRUDJSONFile
import CRUDMemory
import CRUDSQLite
import CRUDSpec
import Foundation

/// Where a command keeps its data: `memory`, `json:PATH`, `sqlite:PATH` or an
/// `http://HOST:PORT/parse` URL.
enum StoreOption: Equatable {
    case memory
    case json(String)
    case sqlite(String)
    case http(URL)

    static let forms = ["memory", "json:PATH", "sqlite:PATH", "http://HOST:PORT/parse"]

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
        return .sqlite(defaultFolder(environment: environment) + "/crudkit.sqlite")
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

    init(_ text: String) throws(UsageError) {
        if text == "memory" {
            self = .memory
        } else if text.hasPrefix("json:"), text.count > 5 {
            self = .json(String(text.dropFirst(5)))
        } else if text.hasPrefix("sqlite:"), text.count > 7 {
            self = .sqlite(String(text.dropFirst(7)))
        } else if text.hasPrefix("http://") || text.hasPrefix("https://"), let url = URL(string: text), url.host != nil {
            self = .http(url)
        } else {
            throw UsageError("--store must be one of \(Self.forms.joined(separator: ", ")), not '\(text)'.")
        }
    }

    func open(clock: any CRUDClock = SystemClock()) throws(CRUDError) -> any CRUDSpec {
        switch self {
        case .memory: MemoryStore(clock: clock)
        case .json(let path): try JSONFileStore(path: path, clock: clock)
        case .sqlite(let path): try SQLiteStore(path: path, clock: clock)
        case .http(let url): HTTPStore(configuration: .fromEnvironment(baseURL: url))
        }
    }
}
