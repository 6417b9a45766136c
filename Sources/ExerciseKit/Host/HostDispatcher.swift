import CRUDSQLite
import CRUDSpec
import Foundation

/// The exercise host's side of the channel: runs each call on the submission's parts and
/// turns what they return or throw into a ``HostAnswer``. It judges nothing.
actor HostDispatcher {
    private let parts: ExerciseParts
    /// The channel, for Exercise 14's store calls; nil where there is no grader to ask.
    private let link: HostLink?
    /// Exercise 12's blob stores, by the name the grader gave each.
    private var blobStores: [UUID: BlobStore] = [:]

    /// A dispatcher for `parts`, normally the submission's.
    init(parts: ExerciseParts, link: HostLink?) {
        self.parts = parts
        self.link = link
    }

    /// Runs `call`, the call numbered `number`, and describes the outcome.
    func answer(_ call: HostCall, number: Int) async -> HostAnswer {
        var answer = HostAnswer()
        do {
            answer.value = try await run(call, number: number, into: &answer)
        } catch let error as CRUDError {
            answer.thrown = .crud(error)
        } catch {
            answer.thrown = .other("\(type(of: error)): \(error)")
        }
        return answer
    }

    private func run(_ call: HostCall, number: Int, into answer: inout HostAnswer) async throws -> HostAnswer.Value {
        switch call {
        case .validatedTitle(let raw): return .text(try parts.titleRules.validatedTitle(raw))
        case .create(let title, let notes, let now, var list):
            defer { answer.tasks = list }
            return .task(try parts.creating.create(title: title, notes: notes, now: now, in: &list))
        case .task(let id, let list): return .task(try parts.creating.task(id: id, in: list))
        case .newestFirst(let list): return .tasks(try parts.creating.newestFirst(list))
        case .update(let id, let now, var list, let change):
            defer { answer.tasks = list }
            return .task(try parts.updating.update(id: id, now: now, in: &list) { change.apply(to: &$0) })
        case .delete(let id, var list):
            defer { answer.tasks = list }
            try parts.deleting.delete(id: id, in: &list)
            return .none
        case .query(let query, let list): return .tasks(try parts.querying.run(query, on: list))
        case .validatedName(let raw): return .text(try parts.contactRules.validatedName(raw))
        case .validatedEmail(let raw): return .text(try parts.contactRules.validatedEmail(raw))
        case .validatedPhone(let raw): return .text(try parts.contactRules.validatedPhone(raw))
        case .createContact(let name, let email, let phone, let now, var list):
            defer { answer.contacts = list }
            return .contact(try parts.contactSaving.create(name: name, email: email, phone: phone, now: now, in: &list))
        case .contact(let id, let list): return .contact(try parts.contactSaving.contact(id: id, in: list))
        case .updateContact(let id, let changes, let now, var list):
            defer { answer.contacts = list }
            return .contact(try parts.contactSaving.update(id: id, changes.validated, now: now, in: &list))
        case .deleteContact(let id, var list):
            defer { answer.contacts = list }
            try parts.contactSaving.delete(id: id, in: &list)
            return .none
        case .searchContacts(let query, let list): return .contacts(try parts.contactSearching.run(query, on: list))
        case .saveFile(let snapshot, let path):
            try parts.storeFile.save(snapshot, to: path)
            return .none
        case .loadFile(let path): return .snapshot(try parts.storeFile.load(from: path))
        case .openTable(let path):
            let db = try SQLiteConnection(path: path)
            defer { db.close() }
            return .tasks(try parts.taskTable.open(in: db).tasks)
        case .writeTable(let path, let old, let new):
            let db = try SQLiteConnection(path: path)
            defer { db.close() }
            try parts.taskTable.write(from: old, to: new, in: db)
            return .none
        case .replyError(let status, let bodyJSON, let requestedID):
            let body = try JSONValue.parse(Data(bodyJSON.utf8)) as? [String: Any] ?? [:]
            return .error(try parts.replyDecoding.error(status: status, body: body, requestedID: requestedID))
        case .replyTask(let objectJSON):
            let object = try JSONValue.parse(Data(objectJSON.utf8)) as? [String: Any] ?? [:]
            return .task(try parts.replyDecoding.task(from: object))
        case .saveToRepository(let task, let blobs):
            try parts.taskRepository.save(task, in: blobStore(blobs))
            return .none
        case .loadFromRepository(let id, let blobs): return .task(try parts.taskRepository.load(id: id, from: blobStore(blobs)))
        case .removeFromRepository(let id, let blobs):
            try parts.taskRepository.remove(id: id, from: blobStore(blobs))
            return .none
        case .importTitles(let titles, let now, let outcomes, var list):
            defer { answer.tasks = list }
            let byTitle = Dictionary(zip(titles, outcomes).map { (Array($0.0.utf8), $0.1) }, uniquingKeysWith: { first, _ in first })
            return .tasks(
                try parts.importing.importTitles(
                    titles, now: now,
                    validate: { title in
                        switch byTitle[Array(title.utf8)] {
                        case .valid(let stored): return stored
                        case .invalid(let error): throw error
                        case nil: throw CRUDError.invalidQuery(reason: "validate was given a text that is not one of the imported titles")
                        }
                    }, into: &list))
        case .runOwnChecks:
            guard let link else { throw CRUDError.storeUnavailable(path: "no grader to run the checks' store") }
            try await parts.ownChecks.run(on: ChannelStore(link: link, number: number))
            return .none
        case .postgresCreateTable: return .text(try parts.postgresTaskTable.createTable())
        case .postgresInsert(let task): return .statement(try parts.postgresTaskTable.insert(task))
        case .postgresSelectAll: return .text(try parts.postgresTaskTable.selectAll())
        case .postgresTask(let row): return .task(try parts.postgresTaskTable.task(from: row))
        case .postgresUpdate(let task): return .statement(try parts.postgresTaskTable.update(task))
        case .postgresDelete(let id): return .statement(try parts.postgresTaskTable.delete(id: id))
        case .editorReduce(let state, let event): return .editorState(try parts.taskEditorLogic.reduce(state, event))
        case .listEmptyState(let loaded, let total, let hasLoaded):
            return .emptiness(try parts.taskListLogic.emptyState(loadedCount: loaded, totalCount: total, hasLoaded: hasLoaded))
        case .deleteReduce(let state, let event): return .deleteFlow(try parts.taskListLogic.reduce(state, event))
        }
    }

    private func blobStore(_ name: UUID) -> BlobStore {
        if let store = blobStores[name] { return store }
        let store = BlobStore()
        blobStores[name] = store
        return store
    }
}
