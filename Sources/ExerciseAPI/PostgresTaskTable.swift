import Foundation

/// Exercise 15: keep tasks in a PostgreSQL table. You write the SQL and the mapping between
/// rows and `TaskItem`s; you never get a connection. The grader runs your SQL on a
/// connection of its own, logged in as a role that owns the check's schema and nothing
/// else, and hands you back what the server answered.
///
/// Every value travels as text: a parameter is the text the server reads for `$1`, `$2`…
/// (`"42"` for a BIGINT, `"true"` for a BOOLEAN, `nil` for NULL), and a row is the text of
/// each column the SELECT names, in order.
public protocol PostgresTaskTable: Sendable {
    /// `CREATE TABLE IF NOT EXISTS …`: run once each time the store opens (it may be
    /// opened again later, so it must not fail when the table is there).
    func createTable() throws -> String
    /// The statement that inserts a new task.
    func insert(_ task: TaskItem) throws -> PostgresStatement
    /// A SELECT of every task, in the order they were inserted (oldest first), without parameters.
    func selectAll() throws -> String
    /// One row of ``selectAll()`` as a task: `row[0]` is the first column it names.
    func task(from row: [String?]) throws -> TaskItem
    /// The statement that writes every field of `task` to the row with its id. The grader
    /// throws `CRUDError.notFound(id:)` when it changes no row: the row count is how it knows.
    func update(_ task: TaskItem) throws -> PostgresStatement
    /// The statement that deletes the row with `id`. The grader throws
    /// `CRUDError.notFound(id:)` when it changes no row.
    func delete(id: UUID) throws -> PostgresStatement
}

/// One SQL statement and the text of its parameters: `parameters[0]` is bound to `$1`,
/// `parameters[1]` to `$2`, and so on; `nil` is NULL. Never put a value inside `sql`.
public struct PostgresStatement: Sendable, Codable, Equatable {
    /// The SQL, with `$1`, `$2`… where the values go.
    public var sql: String
    /// Each parameter's text, or `nil` for NULL.
    public var parameters: [String?]

    /// A statement with its parameters.
    public init(sql: String, parameters: [String?] = []) {
        self.sql = sql
        self.parameters = parameters
    }
}
