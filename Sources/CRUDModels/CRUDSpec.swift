import Foundation

/// The operations of the course, for tasks and contacts, that every backend provides.
///
/// Every method is `async throws` and throws ``CRUDError`` only. A rejected operation
/// (validation, duplicate, not found, invalid query) changes nothing. Ids are per kind:
/// a task operation given a contact's id throws ``CRUDError/notFound(id:)``, and the other
/// way round. The rules each
/// method must follow are numbered in the conformance suite and listed in
/// `Course/Specification.md`.
///
/// ```swift
/// let store: any CRUDSpec = MemoryStore()
/// let milk = try await store.createTask(title: "Buy milk", notes: nil)
/// _ = try await store.toggleTask(id: milk.id)
/// let open = try await store.tasks(TaskQuery(filter: .incomplete))
/// try await store.deleteTask(id: milk.id)
/// ```
public protocol CRUDSpec: Sendable {
    // MARK: Tasks

    /// Creates a task from a title and optional notes, validated by ``Validation/title(_:)``
    /// and ``Validation/notes(_:)``. It gets a fresh id, `isCompleted == false`, and
    /// `createdAt == updatedAt ==` the clock's now, one instant for both. Titles may repeat.
    func createTask(title: String, notes: String?) async throws -> TaskItem

    /// The task with this id; ``CRUDError/notFound(id:)`` when there is none.
    func task(id: UUID) async throws -> TaskItem

    /// The tasks that pass the query's filter and search, in its order, after its offset,
    /// at most its limit. A negative limit or offset throws ``CRUDError/invalidQuery(reason:)``.
    func tasks(_ query: TaskQuery) async throws -> [TaskItem]

    /// How many tasks pass the query's filter and search; its sort, limit and offset
    /// do not change the count. A negative limit or offset still throws
    /// ``CRUDError/invalidQuery(reason:)``: the query is malformed whatever it is used for.
    func countTasks(_ query: TaskQuery) async throws -> Int

    /// Gives a task a new title, validated as on create. Keeps id, notes, `isCompleted` and
    /// `createdAt`; sets `updatedAt` to now.
    func renameTask(id: UUID, to title: String) async throws -> TaskItem

    /// Replaces a task's notes, validated as on create; `nil` or blank removes them. Keeps
    /// everything else; sets `updatedAt` to now.
    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem

    /// Sets whether a task is done; `updatedAt` becomes now even if the flag was already so.
    func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem

    /// Flips whether a task is done; `updatedAt` becomes now.
    func toggleTask(id: UUID) async throws -> TaskItem

    /// Deletes the task with this id; ``CRUDError/notFound(id:)`` when there is none.
    func deleteTask(id: UUID) async throws

    /// Creates one task per title, in order, all at one instant of the clock, without notes
    /// and not completed, or none at all: the first invalid title throws a validation error
    /// with its 1-based position.
    func importTasks(titles: [String]) async throws -> [TaskItem]

    // MARK: Contacts

    /// Creates a contact, validated by ``Validation/name(_:)``, ``Validation/email(_:)`` and
    /// ``Validation/phone(_:)``. `createdAt == updatedAt ==` the clock's now. An email
    /// another contact holds, in any letter case, throws ``CRUDError/duplicate(field:)``:
    /// emails are compared in their stored form, scalar for scalar.
    func createContact(name: String, email: String, phone: String?) async throws -> Contact

    /// The contact with this id; ``CRUDError/notFound(id:)`` when there is none.
    func contact(id: UUID) async throws -> Contact

    /// The contacts whose name contains the search term (as for tasks: trimmed, literal,
    /// ignoring case and diacritics), ordered by the case-folded name, then the email, both by
    /// Unicode scalar values, then creation (see ``RecordOrder/contacts(_:)``), after the offset,
    /// at most the limit. A negative limit or offset throws ``CRUDError/invalidQuery(reason:)``.
    func contacts(_ query: ContactQuery) async throws -> [Contact]

    /// Changes any of name, email and phone, validated as on create, and nothing else;
    /// keeps id and `createdAt` and sets `updatedAt` to now. Changing the email to one
    /// another contact holds throws ``CRUDError/duplicate(field:)``.
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact

    /// Deletes the contact with this id; ``CRUDError/notFound(id:)`` when there is none.
    func deleteContact(id: UUID) async throws

    // MARK: Lifetime

    /// Finishes pending work and releases files, locks and connections. The store is not
    /// used after this.
    func close() async throws
}
