import ExerciseAPI
import Foundation

public struct ContactSearchingExercise: ContactSearching {
    public init() {}

    public func run(_ query: ContactQuery, on list: ContactList) throws -> [Contact] {
        let term = query.effectiveSearch.map(TextKey.searchKey)
        let found = list.contacts.enumerated().filter { _, contact in term.map { TextKey.searchKey(contact.name).contains($0) } ?? true }
        let ordered = found.sorted { lhs, rhs in
            let (left, right) = (TextKey.folded(lhs.element.name), TextKey.folded(rhs.element.name))
            if left != right { return TextKey.scalarOrder(left, right) }
            if lhs.element.email != rhs.element.email { return lhs.element.email < rhs.element.email }
            return lhs.offset < rhs.offset
        }
        let page = ordered.map(\.element).dropFirst(query.offset)
        return Array(page.prefix(query.limit ?? page.count))
    }
}
