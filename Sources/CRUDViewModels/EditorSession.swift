import CRUDSpec
import Foundation

/// The state every editor shares: saving, the error, the question before discarding,
/// how it closed, and whether its record was deleted meanwhile. Each editor keeps one and
/// shows its parts; the rules of cancel and of a failed save live here once.
struct EditorSession<Record: Sendable & Hashable> {
    var isSaving = false
    var saveAttempted = false
    var errorMessage: String?
    var pendingDiscard: Confirmation?
    var outcome: EditorOutcome<Record>?
    var isDeletedMeanwhile = false
    /// A store's rejection of one field (a duplicate email, a validation the store made),
    /// shown on that field until it is edited.
    var storeFieldMessages: [Field: String] = [:]

    /// Whether a save may start: not closed, not saving, and the record not gone.
    var canStartSave: Bool { outcome == nil && !isSaving && !isDeletedMeanwhile }

    /// Cancel: closes at once without changes, else asks. Returns whether it closed.
    mutating func cancel(hasChanges: Bool, recordID: UUID?) -> Bool {
        guard outcome == nil else { return true }
        if hasChanges {
            pendingDiscard = .discardChanges(recordID: recordID)
            return false
        }
        outcome = .discarded
        return true
    }

    /// The answer yes to the discard question: closes without saving.
    mutating func confirmDiscard() {
        guard pendingDiscard != nil else { return }
        pendingDiscard = nil
        outcome = .discarded
    }

    /// Records a failed save: a field's rejection goes on the field, a record deleted
    /// meanwhile gets its own message, anything else the store's plain message.
    mutating func failed(_ error: any Error, kind: String) {
        switch error as? CRUDError {
        case .notFound?:
            isDeletedMeanwhile = true
            errorMessage = ErrorText.deletedMeanwhile(kind)
        case .duplicate(let field)?:
            storeFieldMessages[field] = ErrorText.message(error)
            errorMessage = nil
        case .validation(let failure)?:
            storeFieldMessages[failure.field] = failure.message
            errorMessage = nil
        default:
            errorMessage = ErrorText.message(error)
        }
    }

    /// The message of a field: the store's rejection, else the validator's once the field
    /// was edited or a save was tried.
    func message(_ field: Field, edited: Bool, validate: () throws(CRUDError) -> Void) -> String? {
        if let stored = storeFieldMessages[field] { return stored }
        guard edited || saveAttempted else { return nil }
        return ErrorText.validation(validate)
    }
}
