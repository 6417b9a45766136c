import CRUDSpec
import Foundation

/// Every task of a store, in creation order, each with its title keys, and the tasks in
/// title order kept up to date: listing by title walks that order, listing newest first
/// walks creation order backwards, and neither folds a title or sorts the table.
///
/// A deleted task leaves its row behind, marked, until more than half the rows are such;
/// then the rows are packed again. A deleted or renamed task's place in title order goes
/// stale (skipped when read), and new and renamed titles wait in a short unsorted list:
/// both are merged into the title order once they number more than about √n, so a single
/// change costs little and a batch is sorted once.
struct TaskTable: Sendable {
    private struct Row: Sendable {
        var task: TaskItem
        var keys: TitleKeys
        var isDeleted = false
        /// Counts the renames, so an entry in title order can tell it is out of date.
        var titleVersion = 0
    }

    /// A row's place in title order: the first bytes of its folded title, its row, and
    /// which of the row's titles it was made for.
    private struct OrderEntry: Sendable {
        var head: UInt64
        var tail: UInt64
        var slot: Int
        var version: Int
    }

    private var rows: [Row] = []
    private var slotByID: [UUID: Int] = [:]
    private var deletedRows = 0
    /// By title, then creation: every live row not in `unsortedTitles`, and stale entries.
    private var titleOrder: [OrderEntry] = []
    private var unsortedTitles: [OrderEntry] = []
    /// Entries of deleted rows or of titles since renamed, in either list.
    private var staleEntries = 0
    /// Whether every task was added no earlier than the one before, so that newest first is
    /// creation order backwards. Deleting keeps it true; a clock that went back ends it.
    private var createdAtNeverDecreases = true
    private var latestCreatedAt: Date?

    /// Every live task, oldest-created first.
    var inCreationOrder: [TaskItem] { rows.compactMap { $0.isDeleted ? nil : $0.task } }

    /// The task with `id`, if there is one.
    func task(id: UUID) -> TaskItem? {
        slotByID[id].map { rows[$0].task }
    }

    /// Adds `tasks` as the latest created, in their order. A task whose id is already here
    /// replaces the earlier one, and counts as created now.
    mutating func append(contentsOf tasks: some Collection<TaskItem>) {
        Self.makeRoom(in: &rows, for: tasks.count)
        Self.makeRoom(in: &unsortedTitles, for: tasks.count)
        slotByID.reserveCapacity(slotByID.count + tasks.count)
        for task in tasks {
            if slotByID[task.id] != nil { _ = remove(id: task.id) }
            if let latest = latestCreatedAt, task.createdAt < latest { createdAtNeverDecreases = false }
            latestCreatedAt = max(latestCreatedAt ?? task.createdAt, task.createdAt)
            let row = Row(task: task, keys: TitleKeys(task.title))
            slotByID[task.id] = rows.count
            rows.append(row)
            unsortedTitles.append(entry(rows.count - 1))
        }
        mergeIfDue()
    }

    /// Applies `change` to the task with `id` and returns it as changed; `nil` when there is
    /// no such task. A new title gets new keys and a new place in title order.
    mutating func update(id: UUID, _ change: (inout TaskItem) -> Void) -> TaskItem? {
        guard let slot = slotByID[id] else { return nil }
        var task = rows[slot].task
        change(&task)
        // Scalar for scalar: `==` would call precomposed and decomposed "é" the same title.
        if !task.title.unicodeScalars.elementsEqual(rows[slot].task.title.unicodeScalars) {
            rows[slot].keys = TitleKeys(task.title)
            rows[slot].titleVersion += 1
            staleEntries += 1
            unsortedTitles.append(entry(slot))
        }
        rows[slot].task = task
        mergeIfDue()
        return task
    }

    /// Removes the task with `id` and returns it; `nil` when there is no such task.
    mutating func remove(id: UUID) -> TaskItem? {
        guard let slot = slotByID.removeValue(forKey: id) else { return nil }
        rows[slot].isDeleted = true
        deletedRows += 1
        staleEntries += 1
        let task = rows[slot].task
        mergeIfDue()
        packIfDue()
        return task
    }

    /// The page of `query` (already validated): its filter and search, in its order.
    func tasks(_ query: TaskQuery) -> [TaskItem] {
        let limit = query.limit ?? Int.max
        guard limit > 0 else { return [] }
        let includes = predicate(query)
        var skipped = 0
        var page: [TaskItem] = []
        /// Takes the row if it belongs on the page; false once the page is full.
        func take(_ slot: Int, version: Int? = nil) -> Bool {
            let row = rows[slot]
            guard !row.isDeleted, version == nil || version == row.titleVersion, includes(row) else { return true }
            guard skipped == query.offset else {
                skipped += 1
                return true
            }
            page.append(row.task)
            return page.count < limit
        }
        switch query.sort {
        case .title:
            for entry in titleOrderWithUnsorted() where !take(entry.slot, version: entry.version) { break }
        case .newestFirst:
            if createdAtNeverDecreases {
                for slot in rows.indices.reversed() where !take(slot) { break }
            } else {
                for slot in newestFirstByDate() where !take(slot) { break }
            }
        }
        return page
    }

    /// How many tasks pass the filter and search of `query`.
    func count(_ query: TaskQuery) -> Int {
        let includes = predicate(query)
        return rows.reduce(0) { count, row in !row.isDeleted && includes(row) ? count + 1 : count }
    }

    // MARK: Helpers

    /// Room for `extra` more elements at once, growing by at least double: reserving the
    /// exact count on every small append would copy the whole array every time.
    private static func makeRoom<Element>(in array: inout [Element], for extra: Int) {
        let needed = array.count + extra
        if array.capacity < needed { array.reserveCapacity(max(needed, array.capacity * 2)) }
    }

    private func predicate(_ query: TaskQuery) -> (Row) -> Bool {
        let filter = query.filter
        guard let term = query.effectiveSearch.map({ Array(TextKey.searchKey($0).utf8) }) else {
            return { filter.includes($0.task) }
        }
        return { filter.includes($0.task) && $0.keys.searchContains(term) }
    }

    /// Live rows, the later `createdAt` first, at the same instant the later-created first.
    private func newestFirstByDate() -> [Int] {
        rows.indices.filter { !rows[$0].isDeleted }.sorted { lhs, rhs in
            let (left, right) = (rows[lhs].task.createdAt, rows[rhs].task.createdAt)
            return left != right ? left > right : lhs > rhs
        }
    }

    /// Whether `lhs` comes before `rhs` in title order: folded title, exact title, creation.
    /// Only for current entries: a stale one's first bytes are not its row's any more.
    private func precedes(_ lhs: OrderEntry, _ rhs: OrderEntry) -> Bool {
        if lhs.head != rhs.head { return lhs.head < rhs.head }
        if lhs.tail != rhs.tail { return lhs.tail < rhs.tail }
        if lhs.slot == rhs.slot { return false }
        let (left, right) = (rows[lhs.slot], rows[rhs.slot])
        return left.keys.precedes(right.keys, title: left.task.title, otherTitle: right.task.title) ?? (lhs.slot < rhs.slot)
    }

    private func entry(_ slot: Int) -> OrderEntry {
        OrderEntry(head: rows[slot].keys.head, tail: rows[slot].keys.tail, slot: slot, version: rows[slot].titleVersion)
    }

    private func isCurrent(_ entry: OrderEntry) -> Bool {
        !rows[entry.slot].isDeleted && rows[entry.slot].titleVersion == entry.version
    }

    /// The title order with the unsorted entries merged in. Stale entries may remain when
    /// there is nothing to merge, and readers skip them; a merge drops them first, since
    /// comparing with one could misplace a current entry.
    private func titleOrderWithUnsorted() -> [OrderEntry] {
        guard !unsortedTitles.isEmpty else { return titleOrder }
        let current = staleEntries == 0 ? titleOrder : titleOrder.filter(isCurrent)
        let added = (staleEntries == 0 ? unsortedTitles : unsortedTitles.filter(isCurrent)).sorted(by: precedes)
        guard !current.isEmpty else { return added }
        var merged: [OrderEntry] = []
        merged.reserveCapacity(current.count + added.count)
        var (old, new) = (0, 0)
        while old < current.count, new < added.count {
            if precedes(added[new], current[old]) {
                merged.append(added[new])
                new += 1
            } else {
                merged.append(current[old])
                old += 1
            }
        }
        merged += current[old...]
        merged += added[new...]
        return merged
    }

    /// Merges the unsorted entries in and drops the stale ones, once they are more than a few.
    private mutating func mergeIfDue(always: Bool = false) {
        guard always || unsortedTitles.count + staleEntries > max(64, Int(Double(titleOrder.count).squareRoot())) else {
            return
        }
        titleOrder = unsortedTitles.isEmpty ? titleOrder.filter(isCurrent) : titleOrderWithUnsorted()
        unsortedTitles = []
        staleEntries = 0
    }

    /// Packs the rows once more than half are deleted. Rows keep their relative order, so
    /// the title order stays sorted with its slots renumbered.
    private mutating func packIfDue() {
        guard deletedRows > 64, deletedRows * 2 > rows.count else { return }
        mergeIfDue(always: true)
        var newSlot = [Int](repeating: 0, count: rows.count)
        var kept: [Row] = []
        kept.reserveCapacity(rows.count - deletedRows)
        for (slot, row) in rows.enumerated() where !row.isDeleted {
            newSlot[slot] = kept.count
            kept.append(row)
        }
        rows = kept
        deletedRows = 0
        for index in titleOrder.indices { titleOrder[index].slot = newSlot[titleOrder[index].slot] }
        for (slot, row) in rows.enumerated() { slotByID[row.task.id] = slot }
    }
}

/// Two tables are equal when they hold equal tasks in the same creation order; how they
/// keep them (deleted rows, the unsorted titles) makes no difference.
extension TaskTable: Hashable {
    static func == (lhs: TaskTable, rhs: TaskTable) -> Bool {
        lhs.inCreationOrder == rhs.inCreationOrder
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(inCreationOrder)
    }
}
