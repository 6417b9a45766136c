/// The orders the specification requires, applied to records held in creation order.
///
/// Backends that keep records in Swift use these directly; others (SQL, HTTP) must
/// produce the same order, and the conformance suite checks that they do.
///
/// ```swift
/// let byTitle = RecordOrder.tasks(allTasksInCreationOrder, sortedBy: .title)
/// ```
public enum RecordOrder {
    /// `tasks`, given oldest-created first, in the order of `sort`:
    ///
    /// - ``TaskSort/newestFirst``: the later `createdAt` first; at the same instant, the
    ///   later-created first.
    /// - ``TaskSort/title``: the case-folded title (``TextKey/folded(_:)``), then the exact
    ///   title, both by Unicode scalar values, then the earlier-created first.
    public static func tasks(_ tasks: some Collection<TaskItem>, sortedBy sort: TaskSort) -> [TaskItem] {
        switch sort {
        case .newestFirst:
            let decorated = tasks.enumerated().map { (sequence: $0.offset, task: $0.element) }
            return decorated.sorted { lhs, rhs in
                if lhs.task.createdAt != rhs.task.createdAt { return lhs.task.createdAt > rhs.task.createdAt }
                return lhs.sequence > rhs.sequence
            }.map(\.task)
        case .title:
            return sortedByText(tasks, text: \.title, then: { _, _ in nil })
        }
    }

    /// `contacts`, given oldest-created first, by the case-folded name, then the email,
    /// then the earlier-created first.
    public static func contacts(_ contacts: some Collection<Contact>) -> [Contact] {
        // Emails compare scalar for scalar, as uniqueness does: `==` on String would call
        // "josé" and "jose\u{301}" equal and leave their order to creation.
        sortedByText(contacts, text: \.name, exactTextBreaksTies: false) { lhs, rhs in
            lhs.email.unicodeScalars.elementsEqual(rhs.email.unicodeScalars) ? nil : TextKey.scalarOrder(lhs.email, rhs.email)
        }
    }

    /// Sorts by the folded key of `text`, then (optionally) the exact text, then `then`,
    /// then creation order. Keys are computed once per record, not once per comparison.
    private static func sortedByText<Record>(
        _ records: some Collection<Record>,
        text: (Record) -> String,
        exactTextBreaksTies: Bool = true,
        then: (Record, Record) -> Bool?
    ) -> [Record] {
        let decorated = records.enumerated().map { entry in
            let exact = text(entry.element)
            // UTF-8 bytes order like Unicode scalar values, and compare faster.
            return (sequence: entry.offset, record: entry.element, key: Array(TextKey.folded(exact).utf8), exact: Array(exact.utf8))
        }
        return decorated.sorted { lhs, rhs in
            if lhs.key != rhs.key { return lhs.key.lexicographicallyPrecedes(rhs.key) }
            if exactTextBreaksTies, lhs.exact != rhs.exact { return lhs.exact.lexicographicallyPrecedes(rhs.exact) }
            if let decided = then(lhs.record, rhs.record) { return decided }
            return lhs.sequence < rhs.sequence
        }.map(\.record)
    }
}
