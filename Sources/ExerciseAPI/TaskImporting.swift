import Foundation

/// Exercise 13: import many titles at once, all or nothing.
public protocol TaskImporting: Sendable {
    /// Creates one task per title, in order, all at `now`, or none at all: run `validate`
    /// on every title first; if one throws a validation error, throw it with the title's
    /// 1-based `position` set, and leave `list` untouched.
    func importTitles(_ titles: [String], now: Date, validate: (String) throws -> String, into list: inout TaskList) throws -> [TaskItem]
}
