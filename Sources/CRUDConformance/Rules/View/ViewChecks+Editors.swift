import CRUDSpec
import CRUDViewModels
import Foundation

extension ViewChecks {
    /// VIEW-001: failed saves of a new task, of an edit whose second write fails, and of a
    /// new contact; then a save that succeeds once the store works again.
    nonisolated(nonsending) static func failedSave<S: CRUDSpec>(_ context: CheckContext, _ backendStore: S, logic: ViewLogic) async throws {
        try await withStore(context, backendStore) { store in
            let network = FailingStore<S>.InjectedError.network.error
            let unavailable = FailingStore<S>.InjectedError.storeUnavailable.error

            var before = try await context.snapshot()
            let creator = TaskEditorModel(store: store, logic: logic.editor())
            creator.title = "Buy oat milk"
            creator.notes = "The barista kind"
            store.failNext(1, with: .network)
            var step = "save() of a new task while the store fails with network"
            try await expectFailedSave(
                creator, typed: [("title", "Buy oat milk"), ("notes", "The barista kind")], shown: { [creator.title, creator.notes] },
                error: network, injected: (store.injectedFailures, 1), step, context)
            try await context.expectUnchanged(since: before, after: step)

            let task = try await context.createTask("Call the bank", notes: "Before noon")
            before = try await context.snapshot()
            let editor = TaskEditorModel(store: store, task: task, logic: logic.editor())
            editor.title = "Call the bank again"
            editor.notes = "After lunch"
            // The rename goes through and the notes fail: the editor must not leave half an edit.
            store.failNext(1, after: 1)
            step = "save() of a new title and notes whose second write fails"
            try await expectFailedSave(
                editor, typed: [("title", "Call the bank again"), ("notes", "After lunch")], shown: { [editor.title, editor.notes] },
                error: unavailable, injected: (store.injectedFailures, 2), step, context)
            try await expectSameContent(since: before, after: step, context)

            before = try await context.snapshot()
            let form = ContactFormModel(store: store)
            form.name = "Grace Hopper"
            form.email = "grace@example.com"
            store.failNext(1)
            step = "save() of a new contact while the store fails"
            try await expectFailedSave(
                form, typed: [("name", "Grace Hopper"), ("email", "grace@example.com")], shown: { [form.name, form.email] },
                error: unavailable, injected: (store.injectedFailures, 3), step, context)
            try await context.expectUnchanged(since: before, after: step)

            step = "save() of the same edit again, with the store working"
            let saved = await editor.save()
            try context.expect(
                saved, "what \(step) returned", expected: "true",
                actual: "false, with the message \(Show.value(editor.errorMessage as Any))")
            try expectInjected(store, 3, after: step, context)
            let stored = try await context.task(task.id)
            try context.expectExactText(stored.title, "Call the bank again", "the stored title after \(step)")
            try context.expectExactText(stored.notes, "After lunch", "the stored notes after \(step)")
            try context.expectEqual(editor.outcome, .saved(stored), "the editor's outcome after \(step)")
        }
    }

    /// VIEW-002: cancel with and without changes, after a failed save too, never writes.
    nonisolated(nonsending) static func cancel<S: CRUDSpec>(_ context: CheckContext, _ backendStore: S, logic: ViewLogic) async throws {
        try await withStore(context, backendStore) { store in
            let made = try await context.createTasks(["Water the plants", "Book flights"])
            let contact = try await context.createContact("Ada Lovelace", "ada@example.com")
            let list = TaskListModel(store: store, logic: logic.list())
            await list.load()
            let before = try await context.snapshot()

            let retry = TaskEditorModel(store: store, task: made[1], logic: logic.editor())
            retry.title = "Book trains"
            retry.notes = "A window seat"
            store.failNext(1)
            try context.expectEqual(await retry.save(), false, "what save() returned while the store fails")
            try expectInjected(store, 1, after: "the failed save", context)

            // From here any write fails and is counted: a cancel that writes is seen even if
            // the store would have taken it.
            store.failNext(1)
            let untouched = TaskEditorModel(store: store, task: made[0], logic: logic.editor())
            try context.expectEqual(untouched.cancel(), true, "whether cancel() closes an editor without changes at once")
            try context.expectEqual(untouched.outcome, .discarded, "the outcome of an editor cancelled without changes")

            let drafts: [(String, any DraftEditorModel)] = [
                ("an editor after its failed save", retry),
                (
                    "a new task's editor with a title typed",
                    {
                        let editor = TaskEditorModel(store: store, logic: logic.editor())
                        editor.title = "Something new"
                        return editor
                    }()
                ),
                (
                    "a contact form with a new email typed",
                    {
                        let form = ContactFormModel(store: store, contact: contact)
                        form.email = "ada.lovelace@example.com"
                        return form
                    }()
                ),
            ]
            for (what, editor) in drafts {
                try await cancelAsks(editor, what, context)
            }
            try context.expectExactText(retry.title, "Book trains", "the title after keepEditing() on the failed save's editor")

            await list.load()
            try expectInjected(store, 1, after: "cancelling four editors (the armed failure must still be waiting)", context)
            try await context.expectUnchanged(since: before, after: "cancelling four editors")
            try await expectListMatchesStore(list, after: "cancelling four editors and reloading", context)
            store.stopFailing()
        }
    }

    /// Cancel on an editor with changes: asks, keeps the draft on "keep editing", closes
    /// with `.discarded` on "discard".
    nonisolated(nonsending) private static func cancelAsks(_ editor: any DraftEditorModel, _ what: String, _ context: CheckContext)
        async throws
    {
        try context.expectEqual(editor.hasChanges, true, "hasChanges of \(what)")
        try context.expectEqual(editor.cancel(), false, "whether cancel() closes \(what) at once")
        try context.expect(
            editor.pendingDiscard != nil, "cancel() on \(what)", expected: "a discard question", actual: "no question")
        editor.keepEditing()
        try context.expect(
            editor.pendingDiscard == nil && !editor.isOutcomeSet && editor.hasChanges, "keepEditing() on \(what)",
            expected: "the question gone and the draft still open with its changes",
            actual: "question \(editor.pendingDiscard != nil), closed \(editor.isOutcomeSet), changes \(editor.hasChanges)")
        editor.cancel()
        editor.confirmDiscard()
        try context.expect(
            editor.isDiscarded, "confirmDiscard() on \(what)", expected: "the editor closed as discarded", actual: "it is not")
    }
}

extension DraftEditorModel {
    /// Whether the editor has closed, either way.
    fileprivate var isOutcomeSet: Bool { outcome != nil }

    /// Whether the editor closed without saving.
    fileprivate var isDiscarded: Bool {
        if case .discarded? = outcome { return true }
        return false
    }
}
