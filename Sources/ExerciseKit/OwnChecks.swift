import CRUDConformance
import CRUDSpec
import Foundation

/// Stores with one planted bug each, for grading Exercise 14: the student's checks must
/// pass on the correct store and fail on each of these.
enum PlantedBug: String, CaseIterable {
    case startsCompleted = "TASK-CREATE-001"
    case unknownIDFindsAnother = "TASK-READ-001"
    case renameMakesNewTask = "TASK-UPDATE-001"
    case deleteRemovesEverything = "TASK-DELETE-001"

    var mistake: String {
        switch self {
        case .startsCompleted: "new tasks start completed"
        case .unknownIDFindsAnother: "reading an unknown id returns another task"
        case .renameMakesNewTask: "renaming makes a new task with a new id"
        case .deleteRemovesEverything: "deleting one task deletes them all"
        }
    }

    func store() throws -> any CRUDSpec {
        BuggyStore(bug: self, inner: try ExerciseStore(parts: .reference))
    }
}

/// The reference store, wrong in exactly one way.
private struct BuggyStore: CRUDSpec {
    let bug: PlantedBug
    let inner: ExerciseStore

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let task = try await inner.createTask(title: title, notes: notes)
        guard bug == .startsCompleted else { return task }
        return try await inner.setTaskCompleted(id: task.id, true)
    }

    func task(id: UUID) async throws -> TaskItem {
        do {
            return try await inner.task(id: id)
        } catch CRUDError.notFound where bug == .unknownIDFindsAnother {
            guard let any = try await inner.tasks(TaskQuery()).first else { throw CRUDError.notFound(id: id) }
            return any
        }
    }

    func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        guard bug == .renameMakesNewTask else { return try await inner.renameTask(id: id, to: title) }
        let old = try await inner.task(id: id)
        let new = try await inner.createTask(title: title, notes: old.notes)
        try await inner.deleteTask(id: id)
        return new
    }

    func deleteTask(id: UUID) async throws {
        guard bug == .deleteRemovesEverything else { return try await inner.deleteTask(id: id) }
        _ = try await inner.task(id: id)
        for task in try await inner.tasks(TaskQuery()) { try await inner.deleteTask(id: task.id) }
    }

    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await inner.tasks(query) }
    func countTasks(_ query: TaskQuery) async throws -> Int { try await inner.countTasks(query) }
    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem { try await inner.editTaskNotes(id: id, notes: notes) }
    func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem { try await inner.setTaskCompleted(id: id, isCompleted) }
    func toggleTask(id: UUID) async throws -> TaskItem { try await inner.toggleTask(id: id) }
    func importTasks(titles: [String]) async throws -> [TaskItem] { try await inner.importTasks(titles: titles) }
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        try await inner.createContact(name: name, email: email, phone: phone)
    }
    func contact(id: UUID) async throws -> Contact { try await inner.contact(id: id) }
    func contacts(_ query: ContactQuery) async throws -> [Contact] { try await inner.contacts(query) }
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact { try await inner.updateContact(id: id, changes) }
    func deleteContact(id: UUID) async throws { try await inner.deleteContact(id: id) }
    func close() async throws {}
}

extension OwnChecksGrading {
    /// The rule that grades the student's checks against one planted bug: they must pass
    /// on the correct store and fail on the broken one.
    static func rule(for bug: PlantedBug, checks: any OwnChecks) -> Rule? {
        guard let target = Rules.rule(id: bug.rawValue) else { return nil }
        return Rule(
            target.id, statement: "Your checks pass on a correct store and catch one where \(bug.mistake).",
            reason: target.reason, hint: "Write a check that would fail if \(bug.mistake): \(target.statement)"
        ) { context in
            do {
                try await run(checks, on: .correct)
            } catch {
                throw CheckFailure(step: "your checks on a correct store", expected: "they pass", actual: "they threw \(Show.error(error))")
            }
            do {
                try await run(checks, on: .planted(bug.rawValue))
            } catch {
                return
            }
            throw CheckFailure(step: "your checks on a store where \(bug.mistake)", expected: "they throw", actual: "they passed")
        }
    }
}

/// Grading of Exercise 14.
enum OwnChecksGrading {
    /// Runs `checks` on a fresh store of `target`: in this process, or in the exercise host
    /// when the checks are the host's, which makes the store itself.
    static func run(_ checks: any OwnChecks, on target: OwnChecksTarget) async throws {
        if let remote = checks as? RemoteExercise { return try remote.run(on: target) }
        try await checks.run(on: try target.store())
    }
}
