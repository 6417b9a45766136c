import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

// Task reading mistakes: get, order, filter, search, paging and count.

/// One table of records: a task lookup that misses falls back to the contacts.
struct SharedTableGetStore: ForwardingStore {
    let inner: MemoryStore
    func task(id: UUID) async throws -> TaskItem {
        do {
            return try await inner.task(id: id)
        } catch CRUDError.notFound {
            let contact = try await inner.contact(id: id)
            return TaskItem(
                id: contact.id, title: contact.name, notes: nil, isCompleted: false, createdAt: contact.createdAt,
                updatedAt: contact.updatedAt)
        }
    }
}

/// The orders and matches that the listing mutants use instead of the right ones.
enum WrongListing {
    /// Newest first as "the last inserted first", without looking at createdAt.
    static func insertionOrder(_ tasks: [TaskItem], _ sort: TaskSort) -> [TaskItem] {
        sort == .newestFirst ? tasks.reversed() : RecordOrder.tasks(tasks, sortedBy: sort)
    }

    /// Newest first by createdAt, ties left in insertion order (the earlier first).
    static func tiesEarlierFirst(_ tasks: [TaskItem], _ sort: TaskSort) -> [TaskItem] {
        guard sort == .newestFirst else { return RecordOrder.tasks(tasks, sortedBy: sort) }
        return tasks.enumerated().sorted { lhs, rhs in
            lhs.element.createdAt != rhs.element.createdAt ? lhs.element.createdAt > rhs.element.createdAt : lhs.offset < rhs.offset
        }.map(\.element)
    }

    static func asciiFold(_ tasks: [TaskItem], _ sort: TaskSort) -> [TaskItem] {
        sort == .title ? Hand.byTitle(tasks, key: Hand.asciiLowercased) : RecordOrder.tasks(tasks, sortedBy: sort)
    }

    static func lowercasedKey(_ tasks: [TaskItem], _ sort: TaskSort) -> [TaskItem] {
        sort == .title ? Hand.byTitle(tasks, key: { $0.lowercased() }) : RecordOrder.tasks(tasks, sortedBy: sort)
    }

    static func noExactTiebreak(_ tasks: [TaskItem], _ sort: TaskSort) -> [TaskItem] {
        sort == .title ? Hand.byTitle(tasks, key: TextKey.folded, exactBreaksTies: false) : RecordOrder.tasks(tasks, sortedBy: sort)
    }

    static func equalTitlesLaterFirst(_ tasks: [TaskItem], _ sort: TaskSort) -> [TaskItem] {
        sort == .title ? Hand.byTitle(tasks, key: TextKey.folded, laterFirst: true) : RecordOrder.tasks(tasks, sortedBy: sort)
    }

    /// Exact titles compared with Swift's String `<`, which treats canonically equivalent titles as equal.
    static func swiftStringTiebreak(_ tasks: [TaskItem], _ sort: TaskSort) -> [TaskItem] {
        guard sort == .title else { return RecordOrder.tasks(tasks, sortedBy: sort) }
        return tasks.enumerated().sorted { lhs, rhs in
            let left = TextKey.folded(lhs.element.title)
            let right = TextKey.folded(rhs.element.title)
            if left != right { return TextKey.scalarOrder(left, right) }
            if lhs.element.title != rhs.element.title { return lhs.element.title < rhs.element.title }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Titles ordered with a locale's case-insensitive collation instead of folded scalar values.
    static func localizedCompare(_ tasks: [TaskItem], _ sort: TaskSort) -> [TaskItem] {
        guard sort == .title else { return RecordOrder.tasks(tasks, sortedBy: sort) }
        let locale = Locale(identifier: "en_US")
        return tasks.enumerated().sorted { lhs, rhs in
            switch lhs.element.title.compare(rhs.element.title, options: .caseInsensitive, range: nil, locale: locale) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame:
                if lhs.element.title != rhs.element.title { return TextKey.scalarOrder(lhs.element.title, rhs.element.title) }
                return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }

    /// `isCompleted == (filter == .completed)`: `.all` silently becomes "not completed".
    static func filterAsBool(_ task: TaskItem, _ query: TaskQuery) -> Bool {
        task.isCompleted == (query.filter == .completed) && TextKey.matches(task.title, search: query.effectiveSearch)
    }

    /// Case-insensitive only: `title.lowercased()` contains `term.lowercased()`.
    static func caseOnly(_ task: TaskItem, _ query: TaskQuery) -> Bool {
        guard query.filter.includes(task) else { return false }
        guard let term = query.effectiveSearch else { return true }
        return task.title.lowercased().range(of: term.lowercased()) != nil
    }

    /// The title's search key against the term merely lowercased.
    static func keyOnTitleOnly(_ task: TaskItem, _ query: TaskQuery) -> Bool {
        guard query.filter.includes(task) else { return false }
        guard let term = query.effectiveSearch else { return true }
        return Hand.containsScalars(TextKey.searchKey(task.title), term.lowercased())
    }

    /// The term becomes a LIKE pattern `%term%`: `%` and `_` in it are wildcards.
    static func likePattern(_ task: TaskItem, _ query: TaskQuery) -> Bool {
        guard query.filter.includes(task) else { return false }
        guard let term = query.effectiveSearch else { return true }
        let pattern = Array("%\(TextKey.searchKey(term))%".unicodeScalars)
        return like(Array(TextKey.searchKey(task.title).unicodeScalars), pattern)
    }

    /// A blank term is recognised by trimming ASCII spaces only; "\t" is searched for literally.
    static func blankTrimmedOfSpaces(_ task: TaskItem, _ query: TaskQuery) -> Bool {
        guard query.filter.includes(task) else { return false }
        guard let raw = query.search, !raw.trimmingCharacters(in: CharacterSet(charactersIn: " ")).isEmpty else { return true }
        return TextKey.matches(task.title, search: Validation.trimmed(raw).isEmpty ? raw : Validation.trimmed(raw))
    }

    static func titleOrNotes(_ task: TaskItem, _ query: TaskQuery) -> Bool {
        guard query.filter.includes(task) else { return false }
        guard let term = query.effectiveSearch else { return true }
        return TextKey.matches(task.title, search: term) || TextKey.matches(task.notes ?? "", search: term)
    }

    /// Blank means no search, but a term that is not blank is used as typed, spaces included.
    static func untrimmedTerm(_ task: TaskItem, _ query: TaskQuery) -> Bool {
        guard query.filter.includes(task) else { return false }
        guard query.effectiveSearch != nil, let raw = query.search else { return true }
        return Hand.containsScalars(TextKey.searchKey(task.title), TextKey.searchKey(raw))
    }

    /// Diacritics removed with a table of precomposed Latin letters, without normalizing first.
    static func accentTable(_ task: TaskItem, _ query: TaskQuery) -> Bool {
        guard query.filter.includes(task) else { return false }
        guard let term = query.effectiveSearch else { return true }
        return Hand.containsScalars(stripLatinAccents(task.title.lowercased()), stripLatinAccents(term.lowercased()))
    }

    static func stripLatinAccents(_ text: String) -> String {
        let table: [Character: Character] = [
            "à": "a", "á": "a", "â": "a", "ã": "a", "ä": "a", "å": "a", "ç": "c", "è": "e", "é": "e", "ê": "e", "ë": "e",
            "ì": "i", "í": "i", "î": "i", "ï": "i", "ñ": "n", "ò": "o", "ó": "o", "ô": "o", "õ": "o", "ö": "o", "ù": "u",
            "ú": "u", "û": "u", "ü": "u", "ý": "y", "ÿ": "y",
        ]
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let plain = table[Character(scalar)] { out.append(contentsOf: plain.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }

    /// SQL LIKE without an escape character: `%` any run, `_` any one scalar.
    static func like(_ text: [Unicode.Scalar], _ pattern: [Unicode.Scalar]) -> Bool {
        var reachable = [Bool](repeating: false, count: text.count + 1)
        reachable[0] = true
        for symbol in pattern {
            var next = [Bool](repeating: false, count: text.count + 1)
            for index in 0...text.count where reachable[index] {
                if symbol == "%" {
                    for later in index...text.count { next[later] = true }
                } else if index < text.count, symbol == "_" || text[index] == symbol {
                    next[index + 1] = true
                }
            }
            reachable = next
        }
        return reachable[text.count]
    }
}

/// Treats a limit of 0 as "no limit" (`if let limit, limit > 0`).
struct ZeroLimitStore: ForwardingStore {
    let inner: MemoryStore
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        var query = query
        if query.limit == 0 { query.limit = nil }
        return try await inner.tasks(query)
    }
}

/// Skips the offset in the table's own (creation) order, then sorts and takes the limit.
struct OffsetBeforeSortStore: ForwardingStore {
    let inner: MemoryStore
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        try query.validate()
        let matching = await inner.currentState().tasksInCreationOrder.filter { Hand.taskMatches($0, query) }
        let skipped = Array(matching.dropFirst(query.offset))
        return Hand.page(RecordOrder.tasks(skipped, sortedBy: query.sort), limit: query.limit, offset: 0)
    }
}

/// An offset past the end is reported as an invalid query.
struct OffsetPastEndStore: ForwardingStore {
    let inner: MemoryStore
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        let count = try await inner.countTasks(query)
        if query.offset > 0, query.offset >= count { throw CRUDError.invalidQuery(reason: "the offset is past the end") }
        return try await inner.tasks(query)
    }
}

/// Takes the limit first and skips the offset within it.
struct LimitBeforeOffsetStore: ForwardingStore {
    let inner: MemoryStore
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        try query.validate()
        let all = try await inner.tasks(TaskQuery(filter: query.filter, search: query.search, sort: query.sort))
        return Array(all.prefix(query.limit ?? all.count).dropFirst(query.offset))
    }
}

/// Clamps a negative offset to 0 instead of refusing it.
struct ClampedOffsetStore: ForwardingStore {
    let inner: MemoryStore
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        var query = query
        query.offset = max(0, query.offset)
        return try await inner.tasks(query)
    }
}

/// Orders and pages every task, and only then applies the filter and search.
struct LimitBeforeFilterStore: ForwardingStore {
    let inner: MemoryStore
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        try query.validate()
        let ordered = RecordOrder.tasks(await inner.currentState().tasksInCreationOrder, sortedBy: query.sort)
        return Hand.page(ordered, limit: query.limit, offset: query.offset).filter { Hand.taskMatches($0, query) }
    }
}

/// Counts the page the query would list.
struct PageCountStore: ForwardingStore {
    let inner: MemoryStore
    func countTasks(_ query: TaskQuery) async throws -> Int { try await inner.tasks(query).count }
}

/// The count drops only a nil or empty term; a blank one is searched for as typed.
struct BlankCountStore: ForwardingStore {
    let inner: MemoryStore
    func countTasks(_ query: TaskQuery) async throws -> Int {
        try query.validate()
        let term = query.search?.isEmpty == false ? query.search : nil
        return await inner.currentState().tasksInCreationOrder.filter {
            query.filter.includes($0) && Hand.containsScalars(TextKey.searchKey($0.title), term.map(TextKey.searchKey) ?? "")
        }.count
    }
}

/// A fresh store that greets the user with a sample task.
enum SeededState {
    static func make(clock: any CRUDClock) -> StoreState {
        let now = clock.timestamp()
        let welcome = TaskItem(
            id: UUID(), title: "Welcome to CRUDKit", notes: "Tap to complete", isCompleted: false, createdAt: now, updatedAt: now)
        return (try? StoreState(tasks: [welcome], contacts: [])) ?? StoreState()
    }
}
