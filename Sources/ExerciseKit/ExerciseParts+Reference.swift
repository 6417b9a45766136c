import CRUDHTTP
import CRUDSpec
import CRUDViewModels
import Foundation

extension ExerciseParts {
    /// The kit's own implementation of every part.
    public static let reference = ExerciseParts(
        titleRules: ReferenceParts(), creating: ReferenceParts(), updating: ReferenceParts(), deleting: ReferenceParts(),
        querying: ReferenceParts(), contactRules: ReferenceParts(), contactSaving: ReferenceParts(), contactSearching: ReferenceParts(),
        storeFile: ReferenceParts(), taskTable: ReferenceParts(), replyDecoding: StandardReplyDecoding(),
        taskRepository: ReferenceParts(), importing: ReferenceParts(), ownChecks: NoChecks(),
        postgresTaskTable: ReferenceParts(), taskEditorLogic: StandardTaskEditorLogic(), taskListLogic: StandardTaskListLogic())

    /// The reference, with exercise `number`'s part taken from `submission`: each exercise
    /// is graded on its own, so one unfinished exercise cannot fail another.
    public static func grading(_ number: Int, from submission: ExerciseParts) -> ExerciseParts {
        var parts = reference
        switch number {
        case 1: parts.titleRules = submission.titleRules
        case 2: parts.creating = submission.creating
        case 3: parts.updating = submission.updating
        case 4: parts.deleting = submission.deleting
        case 5: parts.querying = submission.querying
        case 6: parts.contactRules = submission.contactRules
        case 7: parts.contactSaving = submission.contactSaving
        case 8: parts.contactSearching = submission.contactSearching
        case 9: parts.storeFile = submission.storeFile
        case 10: parts.taskTable = submission.taskTable
        case 11: parts.replyDecoding = submission.replyDecoding
        case 12: parts.taskRepository = submission.taskRepository
        case 13: parts.importing = submission.importing
        case 14: parts.ownChecks = submission.ownChecks
        case 15: parts.postgresTaskTable = submission.postgresTaskTable
        case 16: parts.taskEditorLogic = submission.taskEditorLogic
        case 17: parts.taskListLogic = submission.taskListLogic
        default: break
        }
        return parts
    }
}

/// The reference has no checks of its own to offer: Exercise 14 is graded on the
/// submission's checks only.
struct NoChecks: OwnChecks {
    func run(on store: any CRUDSpec) async throws {}
}
