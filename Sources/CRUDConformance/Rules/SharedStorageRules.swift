import CRUDSpec
import Foundation
import ThreadExecutors

extension Rules {
    static let sharedStorage: [Rule] = [
        Rule(
            "SHARED-001",
            statement:
                "Two stores open on one storage at once, as two processes or connections, each see what the other committed: creates, changes and deletes of tasks and contacts.",
            reason: "Two commands run a second apart, or two apps on one server, must not each work on a stale copy.",
            hint: "Read from the storage on every call, not from a copy loaded at open; commit every write before returning.",
            requires: [.sharedStorage]
        ) { context in
            let first = try context.store
            let second = try await context.attempt("opening a second store on the same storage") { try await context.openAnother() }
            let task = try await context.attempt("createTask through the first store") {
                try await first.createTask(title: "Written by the first", notes: nil)
            }
            let seen = try await context.attempt("task(id:) through the second store") { try await second.task(id: task.id) }
            try context.expectTexts([seen.title], [task.title], "the title the second store reads")
            let contact = try await context.attempt("createContact through the second store") {
                try await second.createContact(name: "Shared Ada", email: "shared.ada@example.com", phone: nil)
            }
            try context.expectIDs(
                try await context.attempt("contacts() through the first store") { try await first.contacts(ContactQuery()) }, [contact],
                "the contacts the first store lists")
            _ = try await context.attempt("renameTask through the second store") {
                try await second.renameTask(id: task.id, to: "Renamed by the second")
            }
            _ = try await context.attempt("updateContact through the first store") {
                try await first.updateContact(id: contact.id, ContactChanges(phone: "+44 20 7946 0000"))
            }
            let renamed = try await context.attempt("task(id:) through the first store") { try await first.task(id: task.id) }
            try context.expectTexts([renamed.title], ["Renamed by the second"], "the title the first store reads after the rename")
            let updated = try await context.attempt("contact(id:) through the second store") { try await second.contact(id: contact.id) }
            try context.expectEqual(updated.phone, "+44 20 7946 0000", "the phone the second store reads after the update")
            try await context.attempt("deleteTask through the first store") { try await first.deleteTask(id: task.id) }
            try await context.expectError("task(id:) through the second store after the first deleted it", .notFound(task.id)) {
                try await second.task(id: task.id)
            }
            try context.expectEqual(
                try await context.attempt("countTasks() through the second store") { try await second.countTasks(TaskQuery()) }, 0,
                "tasks the second store counts after the delete")
        },
        Rule(
            "SHARED-002",
            statement:
                "Two stores on one storage creating contacts with the same email at the same instant: exactly one succeeds and the other throws duplicate(email), in each of 10 rounds.",
            reason: "A check-then-insert in two processes lets both pass the check; only the storage can keep emails unique.",
            hint: "Enforce uniqueness where the data lives (a unique index in one transaction), not with a lookup before the insert.",
            requires: [.sharedStorage]
        ) { context in
            let first = try context.store
            let second = try await context.attempt("opening a second store on the same storage") { try await context.openAnother() }
            for round in 1...10 {
                let email = "race\(round)@example.com"
                let outcomes = await Parallel.results([
                    { @Sendable in try await first.createContact(name: "First \(round)", email: email, phone: nil) },
                    { @Sendable in try await second.createContact(name: "Second \(round)", email: email, phone: nil) },
                ])
                let step = "round \(round): both stores create a contact with \(email) at once"
                let successes = outcomes.filter { if case .success = $0 { true } else { false } }.count
                for case .failure(let error) in outcomes where (error as? CRUDError) != .duplicate(field: .email) {
                    throw CheckFailure(
                        step: step, expected: "one success and one duplicate(email)", actual: "one threw \(Show.error(error))",
                        thrown: error as? CRUDError)
                }
                try context.expectEqual(successes, 1, "\(step): creates that succeeded")
            }
            let stored = try await context.attempt("contacts() through the first store") { try await first.contacts(ContactQuery()) }
            try context.expectEqual(stored.count, 10, "contacts stored after 10 rounds, one per email")
        },
        Rule(
            "SHARED-003",
            statement:
                "8 stores on one storage, each creating 200 tasks at the same time, end with exactly 1,600 tasks, distinct ids and no error.",
            reason:
                "A class of students, or a script starting commands in parallel, writes from many places at once; none may fail or be lost.",
            hint:
                "Wait for another writer's lock (a busy timeout) instead of failing at once, and take the write lock at the start of a transaction.",
            requires: [.sharedStorage]
        ) { context in
            var stores = [try context.store]
            for index in 2...8 {
                stores.append(
                    try await context.attempt("opening store \(index) of 8 on the same storage") { try await context.openAnother() })
            }
            let writers = stores
            let ids = try await context.attempt("8 stores creating 200 tasks each, all at once") {
                try await Parallel.values(
                    writers.enumerated().map { writer, store in
                        { @Sendable in
                            var ids: [UUID] = []
                            for index in 0..<200 {
                                ids.append(try await store.createTask(title: "writer \(writer) task \(index)", notes: nil).id)
                            }
                            return ids
                        }
                    }
                ).flatMap { $0 }
            }
            try context.expectEqual(Set(ids).count, 1_600, "distinct ids returned by 1,600 creates")
            for (index, store) in writers.enumerated() {
                let count = try await context.attempt("countTasks() through store \(index + 1)") { try await store.countTasks(TaskQuery()) }
                try context.expectEqual(count, 1_600, "tasks store \(index + 1) counts after the writers finished")
            }
        },
        Rule(
            "SHARED-004",
            statement:
                "While one store has the storage open, a second opener waits; once the first closes, it opens and sees the first one's writes.",
            reason: "A command started while another runs must wait its turn, not fail, and must never work from an old copy.",
            hint:
                "Retry the lock for a bounded time (see LockWait), calling LockWait.foundHeld() when you find it held, and read the file only once the lock is yours.",
            requires: [.exclusiveOpen]
        ) { context in
            let first = try context.store
            let task = try await context.attempt("createTask through the first store") {
                try await first.createTask(title: "Written before the second open", notes: nil)
            }
            let opened = OpenOutcome()
            // On a thread of its own, as another process would be: an opener may wait for
            // the lock by blocking its thread (SQLite's busy handler does).
            let opening = Task {
                await ThreadExecutor.onOwnThread(named: "crudkit-opener") {
                    let result = await LockWait.$heldObserver.withValue({ opened.foundHeld() }) {
                        await Result.of { try await context.openAnother() }
                    }
                    opened.finish(result.map { _ in () })
                    return result
                }
            }
            // The opener says when it finds the storage held (LockWait.foundHeld()), so no
            // timing decides whether it waits: one that returns first did not.
            let step = "opening a second store while the first is open"
            let expected = "it finds the storage held, says so with LockWait.foundHeld(), and waits"
            switch await opened.heldOrFinished(within: LockWait.standard + .seconds(5)) {
            case .held:
                // Found it held, and must not have got in all the same.
                if case .success = opened.outcome {
                    throw CheckFailure(
                        step: step, expected: expected, actual: "it said so, then opened while the first store was still open")
                }
            case .finished(.success):
                throw CheckFailure(step: step, expected: expected, actual: "it opened without saying it found the storage held")
            case .finished(.failure(let error)):
                throw CheckFailure(
                    step: step, expected: expected, actual: "it threw \(Show.error(error)) without saying it found the storage held")
            case .quiet:
                throw CheckFailure(
                    step: step, expected: expected,
                    actual: "in \(LockWait.standard + .seconds(5)) it neither returned nor called LockWait.foundHeld()")
            }
            try await context.closeStore()
            let second = try await context.attempt("the second opener, once the first store closed") { try await opening.value.get() }
            let seen = try await context.attempt("task(id:) through the second store") { try await second.task(id: task.id) }
            try context.expectTexts([seen.title], [task.title], "the title the second store reads")
        },
        Rule(
            "SHARED-005",
            statement:
                "A second opener that waits longer than its bound gives storeLocked, and the first store's writes, before and after, are all kept.",
            reason: "A store left open elsewhere must be reported, not waited on forever, and a refused opener must not damage the file.",
            hint: "Give up with CRUDError.storeLocked once the wait is over, touching nothing; keep the first store's lock and data.",
            requires: [.exclusiveOpen]
        ) { context in
            let first = try context.store
            let before = try await context.attempt("createTask through the first store") {
                try await first.createTask(title: "Before the refused open", notes: nil)
            }
            try await context.expectError("opening a second store while the first stays open", .storeLocked) {
                try await context.openAnother()
            }
            let after = try await context.attempt("createTask through the first store after the refusal") {
                try await first.createTask(title: "After the refused open", notes: nil)
            }
            let reopened = try await context.reopen()
            let titles = try await context.attempt("tasks() after reopening") { try await reopened.tasks(TaskQuery(sort: .title)) }
            try context.expectTexts(titles.map(\.title), [after.title, before.title], "the titles after reopening, by title")
        },
    ]
}

/// Whether an opener started by a rule has begun, found the storage held, and returned.
private final class OpenOutcome: @unchecked Sendable {
    enum Seen {
        /// It found the storage held: it waits (or, wrongly, gives up).
        case held
        /// It returned or threw without finding the storage held: what it came to.
        case finished(Result<Void, any Error>)
        /// Neither, for the whole time given.
        case quiet
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var held = false
    private var result: Result<Void, any Error>?

    func foundHeld() { lock.withLock { held = true } }
    func finish(_ result: Result<Void, any Error>) { lock.withLock { self.result = result } }

    /// What the opener came to, once it returned.
    var outcome: Result<Void, any Error>? { lock.withLock { result } }

    /// Waits until the opener found the storage held or returned, however long its thread
    /// takes to get there, up to `limit` (longer than any opener should wait for a lock).
    func heldOrFinished(within limit: Duration) async -> Seen {
        let deadline = ContinuousClock.now + limit
        while true {
            let (held, outcome) = lock.withLock { (self.held, result) }
            if held { return .held }
            if let outcome { return .finished(outcome) }
            if ContinuousClock.now >= deadline { return .quiet }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}

extension Result where Failure == any Error {
    /// The outcome of `operation`, success or the error it threw.
    static func of(_ operation: () async throws -> Success) async -> Result {
        do {
            return .success(try await operation())
        } catch {
            return .failure(error)
        }
    }
}
