/// Which tasks a list shows, by completion.
public enum TaskFilter: String, Codable, Sendable, Hashable, CaseIterable {
    /// Every task.
    case all
    /// Only tasks whose `isCompleted` is `true`.
    case completed
    /// Only tasks whose `isCompleted` is `false`.
    case incomplete

    /// Whether `task` passes this filter.
    public func includes(_ task: TaskItem) -> Bool {
        switch self {
        case .all: true
        case .completed: task.isCompleted
        case .incomplete: !task.isCompleted
        }
    }
}

/// The order of a task list.
public enum TaskSort: String, Codable, Sendable, Hashable, CaseIterable {
    /// Newest `createdAt` first; tasks created at the same instant, the later-created first.
    case newestFirst = "newest"
    /// By title, case-insensitively (Unicode case folding), then the exact title by Unicode
    /// scalar values, then the earlier-created first. See ``RecordOrder/tasks(_:sortedBy:)``.
    case title
}

/// One value that describes a task list: filter, search, sort, limit and offset combine.
///
/// ```swift
/// let firstPage = try await store.tasks(TaskQuery(filter: .incomplete, search: "milk", sort: .title, limit: 20))
/// ```
public struct TaskQuery: Codable, Sendable, Hashable {
    /// Completion filter; `.all` by default.
    public var filter: TaskFilter
    /// A literal term that titles must contain, ignoring case and diacritics.
    /// `nil`, empty or blank means no search.
    public var search: String?
    /// The order; newest first by default.
    public var sort: TaskSort
    /// At most this many tasks; `nil` means no limit, `0` returns nothing. Negative is invalid.
    public var limit: Int?
    /// Skip this many tasks of the ordered result first. Negative is invalid.
    public var offset: Int

    /// Makes a query. Every part is optional: `TaskQuery()` lists every task, newest first.
    public init(
        filter: TaskFilter = .all, search: String? = nil, sort: TaskSort = .newestFirst,
        limit: Int? = nil, offset: Int = 0
    ) {
        self.filter = filter
        self.search = search
        self.sort = sort
        self.limit = limit
        self.offset = offset
    }

    /// The search term a backend should use: trimmed, or `nil` when there is no search.
    public var effectiveSearch: String? { Validation.searchTerm(search) }

    /// Throws ``CRUDError/invalidQuery(reason:)`` when the limit or the offset is negative.
    public func validate() throws(CRUDError) {
        try Validation.page(limit: limit, offset: offset)
    }
}
