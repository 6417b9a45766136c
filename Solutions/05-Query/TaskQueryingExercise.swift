import ExerciseAPI
import Foundation

public struct TaskQueryingExercise: TaskQuerying {
    public init() {}

    public func run(_ query: TaskQuery, on list: TaskList) throws -> [TaskItem] {
        let term = query.effectiveSearch.map(TextKey.searchKey)
        let found = list.tasks.enumerated().filter { _, task in
            query.filter.includes(task) && (term.map { TextKey.searchKey(task.title).contains($0) } ?? true)
        }
        let ordered = found.sorted { lhs, rhs in
            switch query.sort {
            case .newestFirst:
                return (lhs.element.createdAt, lhs.offset) > (rhs.element.createdAt, rhs.offset)
            case .title:
                let left = (TextKey.folded(lhs.element.title), lhs.element.title)
                let right = (TextKey.folded(rhs.element.title), rhs.element.title)
                if left.0 != right.0 { return TextKey.scalarOrder(left.0, right.0) }
                if !left.1.unicodeScalars.elementsEqual(right.1.unicodeScalars) { return TextKey.scalarOrder(left.1, right.1) }
                return lhs.offset < rhs.offset
            }
        }
        let page = ordered.map(\.element).dropFirst(query.offset)
        return Array(page.prefix(query.limit ?? page.count))
    }
}
