import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in reading tasks: get, filter, search, sort, limit, offset and count.
    static let taskRead: [Mutant] = [
        Mutant(
            "oldest-first", mistake: "lists tasks oldest first by default",
            aimedAt: ["TASK-READ-002", "TASK-READ-003", "MODEL-001"]
        ) { inner, _ in OldestFirstStore(inner: inner) },
        Mutant(
            "limit-ignored", mistake: "ignores the limit of a task list",
            aimedAt: ["TASK-READ-011"]
        ) { inner, _ in LimitIgnoredStore(inner: inner) },
        Mutant(
            "ascii-search", mistake: "searches with ASCII-only lowercasing and no diacritic folding",
            aimedAt: ["TASK-READ-007"]
        ) { inner, _ in ASCIISearchStore(inner: inner) },
        Mutant(
            "ties-to-chance", mistake: "breaks ties of createdAt by id, which is random", aimedAt: ["TASK-READ-003"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                guard query.sort == .newestFirst else { return try await inner.tasks(query) }
                try query.validate()
                let sorted = try await ListMutation.everything(query, inner).sorted {
                    $0.createdAt != $1.createdAt ? $0.createdAt > $1.createdAt : $0.id.uuidString < $1.id.uuidString
                }
                return ListMutation.page(sorted, query)
            }
        },
        Mutant(
            "case-sensitive-title-order", mistake: "sorts titles by their exact characters, so Z comes before a",
            aimedAt: ["TASK-READ-004"]
        ) { inner, _ in ListMutantStore(inner: inner) { query, inner in try await ListMutation.titleOrder(query, inner) { $0 } } },
        Mutant(
            "ascii-title-order", mistake: "folds only A-Z when sorting titles, as SQLite's lower() does", aimedAt: ["TASK-READ-005"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                try await ListMutation.titleOrder(query, inner) { title in
                    String(
                        String.UnicodeScalarView(
                            title.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32) ?? $0 : $0 }))
                }
            }
        },
        Mutant(
            "wildcard-search", mistake: "searches with LIKE, so % and _ are wildcards", aimedAt: ["TASK-READ-008"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                guard let term = query.effectiveSearch, term.contains(where: { $0 == "%" || $0 == "_" }) else {
                    return try await inner.tasks(query)
                }
                try query.validate()
                var all = query
                all.search = nil
                let pattern =
                    "^.*"
                    + NSRegularExpression.escapedPattern(for: TextKey.searchKey(term))
                    .replacingOccurrences(of: "%", with: ".*").replacingOccurrences(of: "_", with: ".") + ".*$"
                let matches = try await ListMutation.everything(all, inner).filter {
                    TextKey.searchKey($0.title).range(of: pattern, options: .regularExpression) != nil
                }
                return ListMutation.page(matches, query)
            }
        },
        Mutant(
            "offset-off-by-one", mistake: "skips one task fewer than the offset asks", aimedAt: ["TASK-READ-012"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                try query.validate()
                var wrong = query
                wrong.offset = max(0, query.offset - 1)
                return ListMutation.page(try await ListMutation.everything(query, inner), wrong)
            }
        },
        Mutant(
            "blank-search-finds-nothing", mistake: "searches for the blank term instead of ignoring it", aimedAt: ["TASK-READ-009"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                if let search = query.search, search.isEmpty || Validation.trimmed(search).isEmpty { return [] }
                return try await inner.tasks(query)
            }
        },
        Mutant(
            "search-includes-notes", mistake: "searches notes as well as titles", aimedAt: ["TASK-READ-010"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                guard let term = query.effectiveSearch else { return try await inner.tasks(query) }
                var all = query
                all.search = nil
                let matches = try await ListMutation.everything(all, inner).filter {
                    TextKey.matches($0.title, search: term) || TextKey.matches($0.notes ?? "", search: term)
                }
                return ListMutation.page(matches, query)
            }
        },
        Mutant(
            "negative-limit-means-all", mistake: "reads a negative limit as no limit instead of refusing it", aimedAt: ["TASK-READ-013"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                var lenient = query
                if let limit = query.limit, limit < 0 { lenient.limit = nil }
                lenient.offset = max(0, query.offset)
                return try await inner.tasks(lenient)
            }
        },
        Mutant(
            "count-ignores-query", mistake: "counts every task whatever the filter and search", aimedAt: ["TASK-READ-015"]
        ) { inner, _ in CountIgnoresQueryStore(inner: inner) },
        Mutant(
            "wrong-not-found", mistake: "answers an unknown id with invalidQuery instead of notFound", aimedAt: ["TASK-READ-001"]
        ) { inner, _ in WrongNotFoundStore(inner: inner) },
        Mutant(
            "sample-task", mistake: "starts with a sample task in a fresh store", aimedAt: ["TASK-READ-016"],
            backend: Backend.ephemeral(name: "sample-task") { clock in await SampleTaskStore.make(clock: clock) }),
        Mutant(
            "filter-inverted", mistake: "shows open tasks for the completed filter and done ones for incomplete",
            aimedAt: ["TASK-READ-006"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                var swapped = query
                swapped.filter = query.filter == .completed ? .incomplete : query.filter == .incomplete ? .completed : .all
                return try await inner.tasks(swapped)
            }
        },
        Mutant(
            "page-before-filter", mistake: "takes the page first and filters it afterwards", aimedAt: ["TASK-READ-014"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                try query.validate()
                let page = try await inner.tasks(TaskQuery(sort: query.sort, limit: query.limit, offset: query.offset))
                return page.filter { query.filter.includes($0) && TextKey.matches($0.title, search: query.effectiveSearch) }
            }
        },
        Mutant(
            "search-not-normalized", mistake: "searches without normalizing, so é typed one way misses é stored the other",
            aimedAt: ["TASK-READ-017"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                guard let term = query.effectiveSearch else { return try await inner.tasks(query) }
                var all = query
                all.search = nil
                let needle = term.lowercased().unicodeScalars.map(\.value)
                let found = try await ListMutation.everything(all, inner).filter { task in
                    let hay = task.title.lowercased().unicodeScalars.map(\.value)
                    return needle.isEmpty
                        || (0...max(0, hay.count - needle.count)).contains {
                            hay.count >= needle.count && Array(hay[$0..<($0 + needle.count)]) == needle
                        }
                }
                return ListMutation.page(found, query)
            }
        },
    ]
}

/// Sorts by createdAt ascending: the default of most databases and easy to forget to flip.
struct OldestFirstStore: ForwardingStore {
    let inner: MemoryStore

    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        guard query.sort == .newestFirst else { return try await inner.tasks(query) }
        try query.validate()
        var all = query
        all.limit = nil
        all.offset = 0
        let oldestFirst = Array(try await inner.tasks(all).reversed().dropFirst(query.offset))
        return Array(oldestFirst.prefix(query.limit ?? oldestFirst.count))
    }
}

/// Drops the limit on the way to the store.
struct LimitIgnoredStore: ForwardingStore {
    let inner: MemoryStore

    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        var unlimited = query
        unlimited.limit = nil
        return try await inner.tasks(unlimited)
    }
}

/// Lowercases A–Z only and compares bytes, as SQLite's LIKE does.
struct ASCIISearchStore: ForwardingStore {
    let inner: MemoryStore

    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        guard let term = query.effectiveSearch else { return try await inner.tasks(query) }
        try query.validate()
        var everything = query
        everything.search = nil
        everything.limit = nil
        everything.offset = 0
        let needle = Self.asciiLowercased(term)
        let found = try await inner.tasks(everything).filter { Self.asciiLowercased($0.title).contains(needle) }
        let page = found.dropFirst(query.offset)
        return Array(page.prefix(query.limit ?? page.count))
    }

    private static func asciiLowercased(_ text: String) -> [UInt8] {
        text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard count >= needle.count else { return false }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

/// Counts every task, whatever the query asks.
struct CountIgnoresQueryStore: ForwardingStore {
    let inner: MemoryStore
    func countTasks(_ query: TaskQuery) async throws -> Int { try await inner.countTasks(TaskQuery()) }
}

/// Answers "not found" with the wrong error.
struct WrongNotFoundStore: ForwardingStore {
    let inner: MemoryStore
    func task(id: UUID) async throws -> TaskItem {
        do { return try await inner.task(id: id) } catch CRUDError.notFound { throw CRUDError.invalidQuery(reason: "no such task") }
    }
}

/// A fresh store that already holds a sample task.
struct SampleTaskStore: ForwardingStore {
    let inner: MemoryStore

    static func make(clock: any CRUDClock) async -> any CRUDSpec {
        let inner = MemoryStore(clock: clock)
        _ = try? await inner.createTask(title: "Welcome to your task list", notes: nil)
        return SampleTaskStore(inner: inner)
    }
}

/// A store whose task lists come from `list`, a wrong way of answering a query built on a
/// correct store.
struct ListMutantStore: ForwardingStore {
    let inner: MemoryStore
    let list: @Sendable (TaskQuery, MemoryStore) async throws -> [TaskItem]

    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await list(query, inner) }
}

/// Helpers for list mutants: everything that matches, then a page.
enum ListMutation {
    static func everything(_ query: TaskQuery, _ inner: MemoryStore) async throws -> [TaskItem] {
        var all = query
        (all.limit, all.offset) = (nil, 0)
        return try await inner.tasks(all)
    }

    static func page(_ tasks: [TaskItem], _ query: TaskQuery) -> [TaskItem] {
        let rest = tasks.dropFirst(max(0, query.offset))
        return Array(rest.prefix(query.limit.map { max(0, $0) } ?? rest.count))
    }

    /// Sorts matching tasks by `key` ascending (a wrong title order), then pages.
    static func titleOrder(
        _ query: TaskQuery, _ inner: MemoryStore, key: @escaping @Sendable (String) -> String
    ) async throws -> [TaskItem] {
        guard query.sort == .title else { return try await inner.tasks(query) }
        let sorted = try await everything(query, inner).enumerated().sorted { lhs, rhs in
            let (left, right) = (key(lhs.element.title), key(rhs.element.title))
            return left != right ? left < right : lhs.offset < rhs.offset
        }
        return page(sorted.map(\.element), query)
    }
}
