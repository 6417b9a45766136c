import CRUDSpec
import Foundation

/// The delete flow of a list model, over the model's own state, whatever the record.
@MainActor
protocol DeleteConfirming: RecordListModel {
    var pendingDelete: Confirmation? { get set }
    var deletingIDs: Set<UUID> { get set }
    var errorMessage: String? { get set }
    /// The question before deleting `id`, or `nil` when the list does not show it.
    func deleteQuestion(for id: UUID) -> Confirmation?
    /// Asks the store to delete the record.
    func deleteFromStore(id: UUID) async throws
    /// Removes the record's row once the store has confirmed its delete.
    func forget(_ id: UUID)
}

// The public members stay in the classes, which forward here: DocC lists a class's members
// from the class, not from an internal protocol's extension.
extension DeleteConfirming {
    /// ``RecordListModel/confirmDelete()``: deletes the pending record; the row stays,
    /// marked, while the store works; a failure keeps it and shows why; a record already
    /// gone counts as deleted.
    func deletePending() async -> Bool {
        guard let id = pendingDelete?.recordID else { return false }
        pendingDelete = nil
        deletingIDs.insert(id)
        defer { deletingIDs.remove(id) }
        do {
            try await deleteFromStore(id: id)
        } catch CRUDError.notFound {
            // Someone else deleted it first: the outcome the user asked for.
        } catch {
            errorMessage = ErrorText.message(error)
            return false
        }
        // The store has confirmed: the row goes now, even if the reload below fails.
        forget(id)
        errorMessage = nil
        await load()
        return true
    }
}
