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
        switch SaveFailure(error, kind: kind) {
        case .deletedMeanwhile(let message):
            isDeletedMeanwhile = true
            errorMessage = message
        case .field(let field, let message):
            storeFieldMessages[field] = message
            errorMessage = nil
        case .message(let message):
            errorMessage = message
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

/// What a failed save means to an editor: the record is gone, one field was refused, or
/// the store failed otherwise. Every editor sorts a store's error this one way.
enum SaveFailure {
    /// The store says the record does not exist: the message says it was deleted meanwhile.
    case deletedMeanwhile(String)
    /// The store refused one field (a duplicate, a validation): the message goes on it.
    case field(Field, String)
    /// Anything else: the store's plain message.
    case message(String)

    /// Sorts `error`, thrown while saving a record of `kind` ("task").
    init(_ error: any Error, kind: String) {
        switch error as? CRUDError {
        case .notFound?: self = .deletedMeanwhile(ErrorText.deletedMeanwhile(kind))
        case .duplicate(let field)?: self = .field(field, ErrorText.message(error))
        case .validation(let failure)?: self = .field(failure.field, failure.message)
        default: self = .message(ErrorText.message(error))
        }
    }
}
