import CRUDSpec

extension TaskListModel {
    /// The add field: label "New task title", value the text typed, hint its validation
    /// message.
    public var newTitleAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "New task title", value: newTitle, hint: newTitleMessage)
    }

    /// The add button: label "Add task"; hint "Type a title first." when the field is blank.
    public var addAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Add task", hint: Validation.trimmed(newTitle).isEmpty ? "Type a title first." : nil)
    }

    /// The search field: label "Search tasks", value the text typed.
    public var searchAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Search tasks", value: searchText)
    }

    /// The filter control: label "Show", value "All tasks", "Completed tasks" or "Tasks not done".
    public var filterAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Show", value: Self.filterName(filter))
    }

    /// The sort control: label "Sort", value "Newest first" or "By title".
    public var sortAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Sort", value: Self.sortName(sort))
    }

    /// A filter's name as controls show it: "All tasks", "Completed tasks", "Tasks not done".
    public nonisolated static func filterName(_ filter: TaskFilter) -> String {
        switch filter {
        case .all: "All tasks"
        case .completed: "Completed tasks"
        case .incomplete: "Tasks not done"
        }
    }

    /// An order's name as controls show it: "Newest first", "By title".
    public nonisolated static func sortName(_ sort: TaskSort) -> String {
        switch sort {
        case .newestFirst: "Newest first"
        case .title: "By title"
        }
    }
}
