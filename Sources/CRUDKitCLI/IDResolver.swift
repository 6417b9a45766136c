import CRUDConformance
import CRUDSpec
import Foundation

/// Turns what a person typed (a full id, or any unique prefix of one, such as the 8 hex
/// digits the lists show) into an id.
enum IDResolver {
    /// The id among `candidates` that `typed` names. `kind` is "task" or "contact", for messages.
    static func resolve(_ typed: String, among candidates: [UUID], kind: String) throws(CommandFailure) -> UUID {
        let prefix = typed.lowercased().replacingOccurrences(of: "-", with: "")
        guard !prefix.isEmpty, prefix.count <= 32, prefix.allSatisfy(\.isHexDigit) else {
            throw CommandFailure("'\(typed)' is not a \(kind) id: ids are hexadecimal, like 1a2b3c4d.", exitCode: .usage)
        }
        let matches = candidates.filter { $0.uuidString.lowercased().replacingOccurrences(of: "-", with: "").hasPrefix(prefix) }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw CommandFailure("No \(kind) has an id starting with '\(typed)'.", exitCode: .notFound)
        default:
            let shown = matches.prefix(5).map { Show.id($0) }.joined(separator: ", ")
            throw CommandFailure(
                "'\(typed)' matches \(matches.count) \(kind)s (\(shown)\(matches.count > 5 ? ", …" : "")); type more of the id.",
                exitCode: .invalidData)
        }
    }

    /// The task whose id is `typed` or starts with it.
    static func task(_ typed: String, in store: any CRUDSpec) async throws -> TaskItem {
        if let id = UUID(uuidString: typed) { return try await store.task(id: id) }
        let all = try await store.tasks(TaskQuery())
        return try await store.task(id: try resolve(typed, among: all.map(\.id), kind: "task"))
    }

    /// The contact whose id is `typed` or starts with it.
    static func contact(_ typed: String, in store: any CRUDSpec) async throws -> Contact {
        if let id = UUID(uuidString: typed) { return try await store.contact(id: id) }
        let all = try await store.contacts(ContactQuery())
        return try await store.contact(id: try resolve(typed, among: all.map(\.id), kind: "contact"))
    }
}
