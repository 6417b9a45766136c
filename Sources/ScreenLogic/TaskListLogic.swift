import Foundation

/// Exercise 17: the logic of a task list's empty states and of its delete confirmation.
///
/// The screen's model loads the rows and asks the store to delete; this logic decides what
/// an empty list says and how the question before a delete goes: asked, declined or
/// confirmed, with the row kept until the store confirms.
public protocol TaskListLogic: Sendable {
    /// Why a list shows no rows: `loadedCount` rows passed its filter and search, of
    /// `totalCount` tasks in the store. `nil` when it has rows or has not loaded yet.
    func emptyState(loadedCount: Int, totalCount: Int, hasLoaded: Bool) throws -> ListEmptiness?

    /// The delete flow's state after `event`. Throws only when it cannot answer (a
    /// starter's `CRUDError.notImplemented`); the list then stays as it was.
    func reduce(_ state: DeleteFlowState, _ event: DeleteFlowEvent) throws -> DeleteFlowState
}

/// Why a loaded list is empty.
public enum ListEmptiness: String, Codable, Sendable, Hashable {
    /// The store holds no task at all.
    case noRecordsYet
    /// The store holds tasks, but none passes the filter or the search.
    case noMatches
}

/// Where a list's deletes stand.
public struct DeleteFlowState: Codable, Sendable, Hashable {
    /// The delete waiting for the user's answer: the row's id and the title the question names.
    public var pending: PendingDelete?
    /// The rows the store has been asked to delete and has not answered for: they stay on
    /// screen, marked. The model asks the store exactly when
    /// ``DeleteFlowEvent/confirmed`` adds an id here.
    public var deleting: Set<UUID> = []
    /// The last failed delete's message.
    public var errorMessage: String?

    /// Nothing pending, nothing deleting, no error.
    public init() {}
}

/// A delete the user asked for and has not answered yet.
public struct PendingDelete: Codable, Sendable, Hashable {
    /// The row to delete.
    public var id: UUID
    /// Its title, which the question names.
    public var title: String

    /// A pending delete of the row `id`, whose question names `title`.
    public init(id: UUID, title: String) {
        self.id = id
        self.title = title
    }
}

/// What happens to a list's delete flow.
public enum DeleteFlowEvent: Codable, Sendable, Hashable {
    /// The user asked to delete the row `id`, titled `title`.
    case requested(id: UUID, title: String)
    /// The user answered the question with Cancel.
    case declined
    /// The user answered the question with Delete.
    case confirmed
    /// The store deleted the row `id` (or it was already gone).
    case storeDeleted(id: UUID)
    /// The store could not delete the row `id`, saying `message`.
    case storeFailed(id: UUID, message: String)
}
