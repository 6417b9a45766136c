import CRUDSpec
import Foundation

extension PostgresStore {
    private static let taskColumns = "id, title, notes, is_completed, created_at, updated_at"

    /// Every task of a result, read in place (see ``PostgresRows``).
    private func readTasks(_ rows: PostgresRows) throws(PostgresFailure) -> [TaskItem] {
        try rows.records(columns: 6, corrupt: .corruptStore(path: location)) { row in
            guard let id = rows.uuid(row, 0), let title = rows.text(row, 1), let done = rows.bool(row, 3),
                let created = rows.int64(row, 4), let updated = rows.int64(row, 5)
            else { return nil }
            return TaskItem(
                id: id, title: title, notes: rows.text(row, 2), isCompleted: done, createdAt: Timestamp.date(milliseconds: created),
                updatedAt: Timestamp.date(milliseconds: updated))
        }
    }

    private static let insertTask = """
        INSERT INTO tasks (id, title, notes, is_completed, created_at, updated_at, title_key, title_search)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
        """

    /// The values of ``insertTask`` for `task`, as text.
    private static func insertParameters(_ task: TaskItem) -> [String?] {
        [
            task.id.lowercasedString, task.title, task.notes, task.isCompleted ? "true" : "false",
            String(Timestamp.milliseconds(task.createdAt)), String(Timestamp.milliseconds(task.updatedAt)),
            TextKey.folded(task.title), TextKey.searchKey(task.title),
        ]
    }

    private func insert(_ task: TaskItem, into db: PostgresConnection) throws {
        try db.run(Self.insertTask, Self.insertParameters(task))
    }

    public func createTask(title: String, notes: String?) throws -> TaskItem {
        let now = clock.timestamp()
        let task = TaskItem(
            id: UUID.random(), title: try Validation.title(title), notes: try Validation.notes(notes), isCompleted: false, createdAt: now,
            updatedAt: now)
        try perform { db in try insert(task, into: db) }
        return task
    }

    public func task(id: UUID) throws -> TaskItem {
        try perform { db in try fetchTask(id: id, in: db) }
    }

    private func fetchTask(id: UUID, in db: PostgresConnection) throws -> TaskItem {
        let found = try db.rows("SELECT \(Self.taskColumns) FROM tasks WHERE id = $1", [id.uuidString], read: readTasks)
        guard let task = found.first else { throw CRUDError.notFound(id: id) }
        return task
    }

    /// The WHERE clause and values of a task query: fixed SQL fragments, with the search
    /// key as a bound value. `nil` when the term holds a NUL, which no title can.
    private static func filter(_ query: TaskQuery) -> (sql: String, values: [String?])? {
        var conditions: [String] = []
        var values: [String?] = []
        switch query.filter {
        case .all: break
        case .completed: conditions.append("is_completed")
        case .incomplete: conditions.append("NOT is_completed")
        }
        if let term = query.effectiveSearch {
            let key = TextKey.searchKey(term)
            guard !key.utf8.contains(0) else { return nil }
            conditions.append("strpos(title_search, $1) > 0")
            values.append(key)
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), values)
    }

    public func tasks(_ query: TaskQuery) throws -> [TaskItem] {
        try query.validate()
        guard let (whereClause, values) = Self.filter(query) else { return [] }
        let order =
            switch query.sort {
            case .newestFirst: "created_at DESC, seq DESC"
            case .title: "title_key, title, seq"
            }
        let page = "LIMIT $\(values.count + 1) OFFSET $\(values.count + 2)"
        let sql = "SELECT \(Self.taskColumns) FROM tasks\(whereClause) ORDER BY \(order) \(page)"
        return try perform { db in try db.rows(sql, values + [query.limit.map(String.init), String(query.offset)], read: readTasks) }
    }

    public func countTasks(_ query: TaskQuery) throws -> Int {
        try query.validate()
        guard let (whereClause, values) = Self.filter(query) else { return 0 }
        let rows = try perform { db in try db.query("SELECT count(*) FROM tasks\(whereClause)", values) }
        guard let count = rows.first?.first.flatMap({ $0.flatMap { Int($0) } }) else { throw CRUDError.corruptStore(path: location) }
        return count
    }

    /// Reads a task, applies `change`, and writes every mutable column back, in one transaction.
    private func updateTask(id: UUID, _ change: (inout TaskItem) -> Void) throws(CRUDError) -> TaskItem {
        try perform(transaction: true) { db in
            var task = try fetchTask(id: id, in: db)
            change(&task)
            task.updatedAt = clock.timestamp()
            try db.run(
                """
                UPDATE tasks SET title = $1, notes = $2, is_completed = $3, updated_at = $4, title_key = $5, title_search = $6
                WHERE id = $7
                """,
                [
                    task.title, task.notes, task.isCompleted ? "true" : "false", String(Timestamp.milliseconds(task.updatedAt)),
                    TextKey.folded(task.title), TextKey.searchKey(task.title), id.uuidString,
                ])
            return task
        }
    }

    public func renameTask(id: UUID, to title: String) throws -> TaskItem {
        let title = try Validation.title(title)
        return try updateTask(id: id) { $0.title = title }
    }

    public func editTaskNotes(id: UUID, notes: String?) throws -> TaskItem {
        let notes = try Validation.notes(notes)
        return try updateTask(id: id) { $0.notes = notes }
    }

    public func setTaskCompleted(id: UUID, _ isCompleted: Bool) throws -> TaskItem {
        try updateTask(id: id) { $0.isCompleted = isCompleted }
    }

    public func toggleTask(id: UUID) throws -> TaskItem {
        try updateTask(id: id) { $0.isCompleted.toggle() }
    }

    public func deleteTask(id: UUID) throws {
        let changed = try perform { db in try db.run("DELETE FROM tasks WHERE id = $1", [id.uuidString]) }
        guard changed > 0 else { throw CRUDError.notFound(id: id) }
    }

    /// Validates every title first, then inserts them all in one transaction.
    public func importTasks(titles: [String]) throws -> [TaskItem] {
        let titles = try Validation.titles(titles)
        let now = clock.timestamp()
        let tasks = TaskItem.imported(titles: titles, at: now)
        // One transaction, its inserts pipelined: a round trip per batch, not per task.
        try perform(transaction: true) { db in try db.runEach(Self.insertTask, tasks.map(Self.insertParameters)) }
        return tasks
    }
}
