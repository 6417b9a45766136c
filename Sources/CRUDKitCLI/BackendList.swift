import CRUDConformance
import Foundation

/// `--backends LIST`, as `compare`, `fuzz` and `bench` read it: comma-separated names from
/// the catalogue and, where a command allows them, URLs of Parse servers.
enum BackendList {
    /// One entry of the list.
    enum Entry {
        case backend(Backend)
        /// A server named by its URL (`http://HOST:PORT/parse`); `name` is as typed.
        case server(URL, name: String)
    }

    /// The entries of `list`, each once, in order. Blank entries are skipped; a name that is
    /// not in `catalogue` (nor a URL, when `servers` allows them) is a usage error naming the
    /// closest one.
    static func parse(_ list: String, among catalogue: [Backend], servers: Bool = false) throws(UsageError) -> [Entry] {
        var entries: [Entry] = []
        var seen: Set<String> = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard seen.insert(name).inserted else { continue }
            if servers, let url = StoreOption.serverURL(name) {
                entries.append(.server(url, name: name))
            } else if let backend = catalogue.first(where: { $0.name == name }) {
                entries.append(.backend(backend))
            } else {
                throw .unknown("backend", name, among: catalogue.map(\.name))
            }
        }
        guard !entries.isEmpty else { throw UsageError("--backends needs at least one backend name.") }
        return entries
    }

    /// The backends of `list`, which may name only backends of `catalogue`; all of them
    /// when there is no list.
    static func backends(_ list: String?, among catalogue: [Backend]) throws(UsageError) -> [Backend] {
        guard let list else { return catalogue }
        return try parse(list, among: catalogue).compactMap { entry in
            if case .backend(let backend) = entry { return backend }
            return nil
        }
    }

}
