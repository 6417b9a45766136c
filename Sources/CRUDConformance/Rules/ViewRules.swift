import CRUDSpec
import Foundation

extension Rules {
    /// The screens' rules with the kit's own screen logic.
    static let view = view(logic: .kit)

    /// The screens' rules: the kit's view models (CRUDViewModels) driven on the backend's
    /// store, wrapped in a ``FailingStore`` where a write is made to fail, their state moved
    /// on by `logic` (the kit's, or an exercise's when grading Exercises 16 and 17). Each rule
    /// checks that its injected failures really happened, so none passes because nothing failed.
    /// A model asks its screen logic synchronously (when grading, an exercise host answers,
    /// as slowly as its call limit allows): the runner gives each check a thread of its own,
    /// so that wait holds up no other check.
    public static func view(logic: ViewLogic) -> [Rule] {
        [
            Rule(
                "VIEW-001",
                statement:
                    "A failed save keeps the draft and the store's message, and changes nothing in the store: for a new task, an edit whose second write fails, and a new contact; once the store works, Save succeeds.",
                reason: "A user whose save fails must not lose what they typed, nor find half of an edit stored behind an error message.",
                hint:
                    "A write that throws must not have happened: commit it whole or not at all, and throw only what the store did not do."
            ) { context in
                try await logic.recordingErrors { recording in
                    try await ViewChecks.failedSave(context, try context.store, logic: recording)
                }
            },
            Rule(
                "VIEW-002",
                statement:
                    "Cancel changes nothing: an editor without changes closes at once, one with changes asks first, and neither writes to the store, also after a failed save.",
                reason: "Cancel is the user's way out; a cancel that saves, or half-saves, makes every edit a commitment.",
                hint: "Reads must not change records (no updatedAt or flag written on a read); a list or a get leaves the store as it was."
            ) { context in
                try await logic.recordingErrors { recording in try await ViewChecks.cancel(context, try context.store, logic: recording)
                }
            },
            Rule(
                "VIEW-003",
                statement:
                    "A confirmed delete from a list removes exactly that record, and a declined or failed one removes nothing, for tasks and contacts.",
                reason: "The confirmation dialog names one record; deleting another, or anything after \"Cancel\", loses data for good.",
                hint: "Delete by the id asked for, and only when the call returns without an error."
            ) { context in
                try await logic.recordingErrors { recording in try await ViewChecks.delete(context, try context.store, logic: recording)
                }
            },
            Rule(
                "VIEW-004",
                statement:
                    "A loaded list tells \"no records yet\" from \"nothing matches\" for tasks and contacts, by asking the store; a failed load or add changes neither.",
                reason: "\"No tasks yet\" over a filter that hides every task tells the user their data is gone.",
                hint: "countTasks with an empty query counts every task, done or not, whatever the list's filter and search."
            ) { context in
                try await logic.recordingErrors { recording in
                    try await ViewChecks.emptyStates(context, try context.store, logic: recording)
                }
            },
            Rule(
                "VIEW-005",
                statement:
                    "After each of 40 seeded operations on a task list (add, toggle, rename, delete, filter, search, sort), a quarter of the writes failing, the list is what the store holds for its query.",
                reason: "A list that drifts from the store shows the user records that are gone, or hides ones they added.",
                hint: "A read right after a write must see it: no cache or copy of a list answer that a write does not refresh."
            ) { context in
                try await logic.recordingErrors { recording in
                    try await ViewChecks.listMatchesStore(context, try context.store, logic: recording)
                }
            },
            Rule(
                "VIEW-006",
                statement:
                    "Two list models on one store agree once the second refreshes, after every write through the first (failed ones too); an editor open on a record the other deleted reports it and does not re-create it.",
                reason: "Two windows or two devices on one store must not show two different truths, nor bring back a deleted record.",
                hint: "Answer every read from the store's current state, and throw notFound when a write targets a deleted id."
            ) { context in
                try await logic.recordingErrors { recording in
                    try await ViewChecks.twoModels(context, try context.store, logic: recording)
                }
            },
        ]
    }
}
