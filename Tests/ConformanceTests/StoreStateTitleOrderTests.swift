import CRUDMemory
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

/// The state keeps each task's title keys and its title order from change to change; here
/// it is checked against lists computed afresh (``RecordOrder`` and ``TextKey/matches(_:search:)``
/// over a plain array), so a key or place left stale by a change shows as a difference.
@Suite("Store state: kept title keys and orders")
struct StoreStateTitleOrderTests {
    /// Titles whose keys tie, fold alike, or share their first 16 bytes.
    static let titles = [
        "apple", "Apple", "APPLE", "Äpfel", "apfel", "Straße", "STRASSE", "strasse", "café", "cafe\u{301}", "CAFÉ",
        "shopping list item 01", "shopping list item 02", "Shopping List Item 01", "ﬁle", "file", "İstanbul", "ẞ", "ß",
        "task 7", "task 70", "TASK 7", "zebra", "Zoë", "zoe", "日本語", "🍎 apple",
    ]
    static let terms: [String?] = [nil, "a", "CAFE", "é", "straße", "ss", "item 0", "LIST ITEM", "\u{301}", "  ", "task 7", "zz", "file"]

    /// The page of `query` over `tasks` (oldest-created first), computed from scratch.
    static func expected(_ tasks: [TaskItem], _ query: TaskQuery) -> [TaskItem] {
        let found = tasks.filter { query.filter.includes($0) && TextKey.matches($0.title, search: query.effectiveSearch) }
        let rest = RecordOrder.tasks(found, sortedBy: query.sort).dropFirst(query.offset)
        return Array(query.limit.map { rest.prefix($0) } ?? rest)
    }

    /// Compares every list of `state` (with a few random pages) with the lists computed from `model`.
    static func check(
        _ state: StoreState, against model: [TaskItem], _ random: inout SeededRandom, _ seed: TestSeed, step: Int
    ) throws {
        #expect(state.tasksInCreationOrder == model, "\(seed), step \(step): creation order differs from the model")
        for sort in TaskSort.allCases {
            for term in terms {
                let filter = TaskFilter.allCases.randomElement(using: &random) ?? .all
                let paged = Bool.random(using: &random)
                let query = TaskQuery(
                    filter: filter, search: term, sort: sort, limit: paged ? Int.random(in: 0...5, using: &random) : nil,
                    offset: paged ? Int.random(in: 0...8, using: &random) : 0)
                let listed = try state.tasks(query).map(\.title)
                let wanted = Self.expected(model, query).map(\.title)
                #expect(listed == wanted, "\(seed), step \(step), \(query): listed \(listed), expected \(wanted)")
                let counted = try state.countTasks(query)
                let expectedCount = Self.expected(model, TaskQuery(filter: filter, search: term)).count
                #expect(counted == expectedCount, "\(seed), step \(step), \(query): counted \(counted), expected \(expectedCount)")
            }
        }
    }

    @Test("Creates, imports, renames, toggles and deletes keep list by title, newest first and search right")
    func randomChanges() throws {
        let seed = try TestSeed()
        var random = seed.generator()
        try seed.naming {
            let clock = ManualClock()
            var state = StoreState()
            var model: [TaskItem] = []
            for step in 0..<240 {
                // Mostly forward, sometimes back: newest first must not assume creation order.
                clock.advance(seconds: Double(Int.random(in: -1...3, using: &random)))
                let now = clock.now()
                func title() -> String { Self.titles.randomElement(using: &random) ?? "apple" }
                switch Int.random(in: 0..<10, using: &random) {
                case 0...1:
                    model.append(try state.createTask(title: title(), notes: nil, now: now))
                case 2:
                    // Batches past 64 make the state merge its unsorted titles.
                    let batch = (0..<Int.random(in: 0...90, using: &random)).map { _ in title() }
                    model += try state.importTasks(titles: batch, now: now)
                case 3...5 where !model.isEmpty:
                    let index = Int.random(in: model.indices, using: &random)
                    model[index] = try state.renameTask(id: model[index].id, to: title(), now: now)
                case 6 where !model.isEmpty:
                    let index = Int.random(in: model.indices, using: &random)
                    model[index] = try state.toggleTask(id: model[index].id, now: now)
                case 7...9 where !model.isEmpty:
                    // Sometimes many at once, so that more than half the rows go and are packed.
                    for _ in 0..<(Bool.random(using: &random) ? 1 : model.count / 2 + 1) where !model.isEmpty {
                        let index = Int.random(in: model.indices, using: &random)
                        try state.deleteTask(id: model.remove(at: index).id)
                    }
                default:
                    break
                }
                if step % 16 == 15 {
                    try Self.check(state, against: model, &random, seed, step: step)
                    // The same records loaded again, as a file-backed store reopens: keys made afresh.
                    let reloaded = try StoreState(tasks: state.tasksInCreationOrder, contacts: [])
                    #expect(reloaded == state, "\(seed), step \(step): a reloaded state differs from the one it was made from")
                    try Self.check(reloaded, against: model, &random, seed, step: step)
                }
            }
        }
    }

    @Test("A rename moves a task in title order and search at once, and the old title finds it no more")
    func renameMovesTheTask() throws {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        var state = StoreState()
        let tasks = try state.importTasks(titles: ["banana", "Cherry", "apple"], now: now)
        _ = try state.renameTask(id: tasks[0].id, to: "ZUCCHINI", now: now)
        let byTitle = try state.tasks(TaskQuery(sort: .title)).map(\.title)
        #expect(byTitle == ["apple", "Cherry", "ZUCCHINI"], "by title after renaming banana to ZUCCHINI: \(byTitle)")
        #expect(try state.tasks(TaskQuery(search: "banana")).isEmpty, "the old title still finds the renamed task")
        let found = try state.tasks(TaskQuery(search: "zucchini")).map(\.id)
        #expect(found == [tasks[0].id], "searching the new title, folded, found \(found) instead of the renamed task")
        // Precomposed and decomposed é are different titles: the rename must take the new one's keys and tie order.
        _ = try state.renameTask(id: tasks[1].id, to: "caf\u{E9}", now: now)
        _ = try state.renameTask(id: tasks[2].id, to: "cafe\u{301}", now: now)
        let cafes = try state.tasks(TaskQuery(search: "CAFE", sort: .title)).map(\.id)
        #expect(cafes == [tasks[2].id, tasks[1].id], "the decomposed café (U+0065) sorts before the precomposed (U+00E9): \(cafes)")
    }
}
