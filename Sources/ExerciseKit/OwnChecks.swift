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
    ///
    /// The checks run three times: twice on a correct store and once on the broken one, in
    /// an order drawn afresh each time, so checks that count their runs gain nothing. The
    /// stores stay in the grader (see ``StoreCall``): in the exercise host, a correct store
    /// and a broken one are the same type holding the same things.
    static func rule(for bug: PlantedBug, checks: any OwnChecks) -> Rule? {
        guard let target = Rules.rule(id: bug.rawValue) else { return nil }
        return Rule(
            target.id, statement: "Your checks pass on a correct store and catch one where \(bug.mistake).",
            reason: target.reason, hint: "Write a check that would fail if \(bug.mistake): \(target.statement)"
        ) { _ in
            let runs = [OwnChecksTarget.correct, .correct, .planted(bug.rawValue)].shuffled()
            let order = "(runs in this order: " + runs.map { $0 == .correct ? "correct" : "broken" }.joined(separator: ", ") + ")"
            for run in runs {
                let thrown = await OwnChecksGrading.outcome(of: checks, on: run)
                switch (run, thrown) {
                case (.correct, nil): continue
                case (.correct, let error?):
                    throw CheckFailure(
                        step: "your checks on a correct store \(order)", expected: "they pass", actual: "they threw \(Show.error(error))")
                case (.planted, nil):
                    throw CheckFailure(
                        step: "your checks on a store where \(bug.mistake) \(order)", expected: "they throw", actual: "they passed")
                case (.planted, let error as ExerciseHost.Failure):
                    throw CheckFailure(
                        step: "your checks on a store where \(bug.mistake) \(order)", expected: "they throw",
                        actual: "they did not finish: \(error)")
                case (.planted, _): continue
                }
            }
        }
    }
}

/// Grading of Exercise 14.
enum OwnChecksGrading {
    /// Runs `checks` on a fresh store of `target`, here in the grader (checks in the exercise
    /// host reach it over the channel); nil when they pass, else what they threw.
    static func outcome(of checks: any OwnChecks, on target: OwnChecksTarget) async -> (any Error)? {
        do {
            let store = try target.store()
            do {
                try await checks.run(on: store)
            } catch {
                try? await store.close()
                throw error
            }
            try? await store.close()
            return nil
        } catch {
            return error
        }
    }
}

/// The store Exercise 14's checks run on: a correct one, or one with a planted bug.
enum OwnChecksTarget: Sendable, Equatable {
    case correct
    case planted(String)

    /// A fresh store of this kind.
    func store() throws -> any CRUDSpec {
        switch self {
        case .correct: return try ExerciseStore(parts: .reference)
        case .planted(let rule):
            guard let bug = PlantedBug(rawValue: rule) else { throw CRUDError.invalidQuery(reason: "no planted bug \(rule)") }
            return try bug.store()
        }
    }
}
