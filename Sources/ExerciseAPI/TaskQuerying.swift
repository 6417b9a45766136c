import Foundation

/// Exercise 5: answer a list query.
public protocol TaskQuerying: Sendable {
    /// The tasks of `query`: filter and search, then order, then skip `offset`, then take
    /// `limit`. The query is already checked (no negative limit or offset).
    func run(_ query: TaskQuery, on list: TaskList) throws -> [TaskItem]
}
