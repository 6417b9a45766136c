import Foundation
import Observation

/// What every list model of this library has: rows loaded from the store, a search field,
/// loading, error and empty states, and delete after a confirmation. A UI, a rule or a
/// test can drive ``TaskListModel`` and ``ContactListModel`` alike through it.
///
/// The rows are what the store holds for the list's query as of the last ``load()``. A
/// write the model makes goes to the store first, and the list is reloaded after the store
/// accepts it. A row stays until the store confirms its delete.
public protocol RecordListModel: AnyObject, Observable {
    /// The type of one row.
    associatedtype Row: Identifiable & Hashable & Sendable where Row.ID == UUID

    /// The rows of the last load, in the store's order.
    var rows: [Row] { get }
    /// The search text as typed; the store trims it, and blank means no search. Changing it
    /// does not reload by itself: call ``load()``.
    var searchText: String { get set }
    /// Whether a load is running.
    var isLoading: Bool { get }
    /// Whether a load has finished: before it, the list is neither empty nor full.
    var hasLoaded: Bool { get }
    /// The last failure's plain message (the store's `CRUDError.message`), until
    /// ``dismissError()`` or the next success.
    var errorMessage: String? { get }
    /// Why the list is empty, once loaded; `nil` when it has rows or has not loaded.
    var emptyState: EmptyState? { get }
    /// The delete waiting for the user's answer.
    var pendingDelete: Confirmation? { get }
    /// The records the store has been asked to delete and has not answered for yet.
    var deletingIDs: Set<UUID> { get }

    /// Reads the list from the store. When loads overlap, the last one started wins.
    func load() async
    /// Hides the error message.
    func dismissError()
    /// Asks before deleting the record `id`: sets ``pendingDelete`` to a question naming it.
    /// Nothing is deleted until ``confirmDelete()``. An id not in the list is ignored.
    func requestDelete(id: UUID)
    /// Answers the pending question with no: nothing is deleted.
    func cancelDelete()
    /// Answers the pending question with yes: asks the store to delete the record. Its row
    /// stays, marked as deleting, until the store answers; then the list is reloaded. A
    /// record already gone counts as deleted. Returns whether it is gone; `false` with
    /// nothing pending.
    @discardableResult
    func confirmDelete() async -> Bool
}
