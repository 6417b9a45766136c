import CRUDSpec
import Foundation

/// The orders and the search of the specification, written out again for the rules that
/// check many combinations at once. Deliberately not ``RecordOrder``, ``TextKey/matches(_:search:)``
/// or ``Validation/searchTerm(_:)``: those are what the reference stores use, so a mistake
/// there would pass a rule that trusted them. Only the keys (``TextKey/folded(_:)`` and
/// ``TextKey/searchKey(_:)``) are shared; explicit examples check them elsewhere.
enum Expected {
    /// `tasks`, given in creation order, in the order of `sort`.
    static func tasks(_ tasks: [TaskItem], _ sort: TaskSort) -> [TaskItem] {
        let entries = tasks.enumerated().map { (index: $0.offset, task: $0.element) }
        switch sort {
        case .newestFirst:
            return entries.sorted { lhs, rhs in
                let (left, right) = (Timestamp.milliseconds(lhs.task.createdAt), Timestamp.milliseconds(rhs.task.createdAt))
                return left != right ? left > right : lhs.index > rhs.index
            }.map(\.task)
        case .title:
            return entries.sorted { lhs, rhs in
                if let decided = precedes(TextKey.folded(lhs.task.title), TextKey.folded(rhs.task.title)) { return decided }
                if let decided = precedes(lhs.task.title, rhs.task.title) { return decided }
                return lhs.index < rhs.index
            }.map(\.task)
        }
    }

    /// `contacts`, given in creation order: folded name, then email, then creation.
    static func contacts(_ contacts: [Contact]) -> [Contact] {
        contacts.enumerated().sorted { lhs, rhs in
            if let decided = precedes(TextKey.folded(lhs.element.name), TextKey.folded(rhs.element.name)) { return decided }
            if let decided = precedes(lhs.element.email, rhs.element.email) { return decided }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Whether `text` contains the search `term`: the term trimmed of White_Space (blank
    /// matches everything), both sides as search keys, a literal substring of scalars.
    static func matches(_ text: String, search term: String?) -> Bool {
        let spaces = Set(TextCorpus.whiteSpace)
        let scalars = Array((term ?? "").unicodeScalars.drop { spaces.contains($0) }.reversed().drop { spaces.contains($0) }.reversed())
        guard !scalars.isEmpty else { return true }
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars)
        let needle = Array(TextKey.searchKey(String(trimmed)).unicodeScalars)
        let hay = Array(TextKey.searchKey(text).unicodeScalars)
        guard hay.count >= needle.count else { return false }
        return (0...(hay.count - needle.count)).contains { hay[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// Whether `lhs` comes first by Unicode scalar values, or nil when they are the same scalars.
    private static func precedes(_ lhs: String, _ rhs: String) -> Bool? {
        let (left, right) = (Array(lhs.unicodeScalars.map(\.value)), Array(rhs.unicodeScalars.map(\.value)))
        return left == right ? nil : left.lexicographicallyPrecedes(right)
    }
}
