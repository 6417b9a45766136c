import Foundation

/// Exercise 8: list and search contacts.
public protocol ContactSearching: Sendable {
    /// The contacts whose name contains the search term (case- and accent-insensitive,
    /// literal), ordered by folded name, then email, then creation; then offset and limit.
    func run(_ query: ContactQuery, on list: ContactList) throws -> [Contact]
}
