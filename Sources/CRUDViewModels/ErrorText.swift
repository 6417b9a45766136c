import CRUDSpec
import Foundation

/// The plain sentence a model shows for an error.
enum ErrorText {
    /// A store's error as its own plain ``CRUDError/message``; anything else (which a
    /// store should not throw) as its localized description.
    static func message(_ error: any Error) -> String {
        (error as? CRUDError)?.message ?? error.localizedDescription
    }

    /// The validation message for `text`, or `nil` when `validate` accepts it.
    static func validation(_ validate: () throws(CRUDError) -> Void) -> String? {
        do {
            try validate()
            return nil
        } catch {
            return error.message
        }
    }

    /// Told when an editor saves a record another screen or program deleted meanwhile.
    static func deletedMeanwhile(_ kind: String) -> String {
        "This \(kind) was deleted, perhaps in another window. It was not saved again; copy anything you need from here."
    }
}
