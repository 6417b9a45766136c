import CRUDJSONFile
import CRUDMemory
import CRUDSQLite
import CRUDSpec
import Foundation

/// Where a command keeps its data: `memory`, `json:PATH` or `sqlite:PATH`.
enum StoreOption: Equatable {
    case memory
    case json(String)
    case sqlite(String)

    static let forms = ["memory", "json:PATH", "sqlite:PATH"]

    init(_ text: String) throws(UsageError) {
        if text == "memory" {
            self = .memory
        } else if text.hasPrefix("json:"), text.count > 5 {
            self = .json(String(text.dropFirst(5)))
        } else if text.hasPrefix("sqlite:"), text.count > 7 {
            self = .sqlite(String(text.dropFirst(7)))
        } else {
            throw UsageError("--store must be one of \(Self.forms.joined(separator: ", ")), not '\(text)'.")
        }
    }

    func open(clock: any CRUDClock = SystemClock()) throws(CRUDError) -> any CRUDSpec {
        switch self {
        case .memory: MemoryStore(clock: clock)
        case .json(let path): try JSONFileStore(path: path, clock: clock)
        case .sqlite(let path): try SQLiteStore(path: path, clock: clock)
        }
    }
}
