import ExerciseAPI
import Foundation

public struct TaskListExercise: TaskListLogic {
    public init() {}

    public func emptyState(loadedCount: Int, totalCount: Int, hasLoaded: Bool) throws -> ListEmptiness? {
        switch (hasLoaded, loadedCount, totalCount) {
        case (false, _, _): nil
        case (true, 0, 0): .noRecordsYet
        case (true, 0, _): .noMatches
        default: nil
        }
    }

    public func reduce(_ state: DeleteFlowState, _ event: DeleteFlowEvent) throws -> DeleteFlowState {
        var flow = state
        switch event {
        case .requested(let id, let title): flow.pending = PendingDelete(id: id, title: title)
        case .declined: flow.pending = nil
        case .confirmed:
            // The row stays on screen, marked, until the store answers.
            if let id = flow.pending?.id { (flow.pending, flow.deleting) = (nil, flow.deleting.union([id])) }
        case .storeDeleted(let id): (flow.deleting, flow.errorMessage) = (flow.deleting.subtracting([id]), nil)
        case .storeFailed(let id, let message): (flow.deleting, flow.errorMessage) = (flow.deleting.subtracting([id]), message)
        }
        return flow
    }
}
