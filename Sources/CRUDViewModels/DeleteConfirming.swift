import CRUDSpec
import Foundation
import ScreenLogic

/// The delete flow of a list model, over the model's own state, whatever the record: the
/// logic (``TaskListLogic``) moves the flow's state on, the model asks the store.
protocol DeleteConfirming: RecordListModel {
    /// What moves the delete flow on: the kit's, or Exercise 17's.
    var listLogic: any TaskListLogic { get }
    var deleteFlow: DeleteFlowState { get set }
    var errorMessage: String? { get set }
    /// The kind of record, as a question names it: "task".
    var recordKind: String { get }
    /// The name the question before deleting `id` uses, or `nil` when the list does not show it.
    func deleteName(for id: UUID) -> String?
    /// Asks the store to delete the record.
    func deleteFromStore(id: UUID) async throws
    /// Removes the record's row once the store has confirmed its delete.
    func forget(_ id: UUID)
}

// The public members stay in the classes, which forward here: DocC lists a class's members
// from the class, not from an internal protocol's extension.
extension DeleteConfirming {
    /// ``RecordListModel/pendingDelete``: the question the flow waits on, naming the record.
    var deleteQuestion: Confirmation? {
        deleteFlow.pending.map { .delete(recordKind, id: $0.id, name: $0.title) }
    }

    /// Moves the flow on by `event`; returns whether the logic answered. A logic that cannot
    /// leaves the flow as it was and says why in ``RecordListModel/errorMessage``.
    @discardableResult
    func sendDelete(_ event: DeleteFlowEvent) -> Bool {
        do {
            deleteFlow = try listLogic.reduce(deleteFlow, event)
            return true
        } catch {
            errorMessage = ErrorText.message(error)
            return false
        }
    }

    /// ``RecordListModel/requestDelete(id:)``: asks about a record the list shows.
    func askToDelete(id: UUID) {
        guard let name = deleteName(for: id) else { return }
        sendDelete(.requested(id: id, title: name))
    }

    /// ``RecordListModel/confirmDelete()``: deletes the pending record once the logic marks
    /// it as deleting; the row stays while the store works; a failure keeps it and shows
    /// why; a record already gone counts as deleted.
    func deletePending() async -> Bool {
        guard let id = deleteFlow.pending?.id, !deleteFlow.deleting.contains(id) else { return false }
        sendDelete(.confirmed)
        guard deleteFlow.deleting.contains(id) else { return false }
        do {
            try await deleteFromStore(id: id)
        } catch CRUDError.notFound {
            // Someone else deleted it first: the outcome the user asked for.
        } catch {
            if sendDelete(.storeFailed(id: id, message: ErrorText.message(error))) { errorMessage = deleteFlow.errorMessage }
            return false
        }
        // The store has confirmed: the row goes now, even if the reload below fails.
        forget(id)
        if sendDelete(.storeDeleted(id: id)) { errorMessage = deleteFlow.errorMessage }
        await load()
        return true
    }
}

extension ListEmptiness {
    /// The view models' name for it.
    var emptyState: EmptyState {
        switch self {
        case .noRecordsYet: .noRecordsYet
        case .noMatches: .noMatches
        }
    }
}
