import ExerciseAPI
import Foundation

public struct TaskListExercise: TaskListLogic {
    public init() {}

    public func emptyState(loadedCount: Int, totalCount: Int, hasLoaded: Bool) throws -> ListEmptiness? {
        if !hasLoaded || loadedCount > 0 { return nil }
        return totalCount == 0 ? .noRecordsYet : .noMatches
    }

    public func reduce(_ state: DeleteFlowState, _ event: DeleteFlowEvent) throws -> DeleteFlowState {
        var next = state
        switch event {
        case .requested(let id, let title):
            next.pending = PendingDelete(id: id, title: title)
        case .declined:
            next.pending = nil
        case .confirmed:
            if let pending = state.pending {
                next.pending = nil
                next.deleting.insert(pending.id)
            }
        case .storeDeleted(let id):
            next.deleting.remove(id)
            next.errorMessage = nil
        case .storeFailed(let id, let message):
            next.deleting.remove(id)
            next.errorMessage = message
        }
        return next
    }
}
