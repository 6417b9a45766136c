/// Why a loaded list shows no rows, so the UI can say the right thing.
///
/// Models decide it from the store: a list with a filter or a search that shows nothing
/// asks the store whether it holds any record at all, and does not guess.
public enum EmptyState: Sendable, Hashable {
    /// The store holds no record of this kind.
    case noRecordsYet
    /// The store holds records, but none passes the filter or the search.
    case noMatches

    /// The text of a task list's empty state.
    public var taskMessage: String {
        switch self {
        case .noRecordsYet: "No tasks yet. Add one above."
        case .noMatches: "No tasks match this filter or search."
        }
    }

    /// The text of a contact list's empty state.
    public var contactMessage: String {
        switch self {
        case .noRecordsYet: "No contacts yet. Add one to get started."
        case .noMatches: "No contacts match this search."
        }
    }
}
