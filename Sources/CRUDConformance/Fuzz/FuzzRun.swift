import CRUDSpec
import Foundation

/// One run of an operation sequence on fresh storage of a backend, beside a fresh
/// ``FuzzModel``, with a clock that moves on every read.
struct FuzzRun {
    /// Where the clock starts: not on a whole millisecond, so dates that are rounded instead
    /// of truncated are seen.
    static let clockStart = Date(timeIntervalSince1970: 1_767_225_600.123_4)
    /// How far the clock moves on every read: a store that reads it twice in one operation
    /// gets two different milliseconds.
    static let clockStep: TimeInterval = 0.007

    /// The first step whose answers differ.
    struct Difference {
        /// Its index in the sequence.
        var step: Int
        /// The operations up to and including it, records named by the model's keys.
        var steps: [String]
        var expected: String
        var actual: String
        /// Whether the storage could not even be opened: no answer of the store differed.
        var openingFailed = false
    }

    private let backend: Backend
    private let storage: any BackendStorage
    private let clock: ManualClock
    private var store: (any CRUDSpec)?
    private var model = FuzzModel()
    private var idByKey: [Int: UUID] = [:]
    private var keyByID: [UUID: Int] = [:]

    private init(backend: Backend, storage: any BackendStorage, clock: ManualClock, store: any CRUDSpec) {
        self.backend = backend
        self.storage = storage
        self.clock = clock
        self.store = store
    }

    /// Runs `operations` and returns the first step whose answers differ, or nil.
    ///
    /// After every answer that agrees, the model records the instant the store chose. A
    /// reopen on a backend without ``Capability/durability`` only lists everything, which
    /// keeps it consistent with the model; the generator does not make such steps.
    static func run(_ operations: [FuzzOperation], on backend: Backend) async -> Difference? {
        let clock = ManualClock(now: clockStart)
        clock.startStepping(by: clockStep)
        let storage: any BackendStorage
        var run: FuzzRun
        do {
            storage = try await backend.makeStorage()
        } catch {
            return Difference(
                step: 0, steps: [], expected: "fresh storage", actual: "making it threw \(Show.error(error))", openingFailed: true)
        }
        do {
            run = FuzzRun(backend: backend, storage: storage, clock: clock, store: try await storage.open(clock: clock))
        } catch {
            await storage.dispose()
            return Difference(
                step: 0, steps: [], expected: "a fresh store", actual: "opening threw \(Show.error(error))", openingFailed: true)
        }
        var steps: [String] = []
        var difference: Difference?
        for (index, operation) in operations.enumerated() {
            if Task.isCancelled { break }  // the check ran out of time: stop using the storage
            let before = run.model
            steps.append(operation.description { target, kind in Self.name(target, kind, in: before) })
            let expected = run.model.apply(operation)
            let mark = clock.readCount
            let actual = await run.perform(operation, step: index, resolvingWith: before, expected: expected)
            let instants = clock.instantsRead(since: mark).map(Timestamp.milliseconds)
            guard let agreement = expected.accepts(actual, instants: instants) else {
                difference = Difference(
                    step: index, steps: steps, expected: expected.description(instants: instants), actual: actual.description)
                break
            }
            if let now = agreement.now { run.model.settle(now: now) }
        }
        try? await run.store?.close()
        await storage.dispose()
        return difference
    }

    /// How a target reads in a failure: the key of the record it names in `model`.
    private static func name(_ target: FuzzTarget, _ kind: FuzzModel.Kind, in model: FuzzModel) -> String {
        guard let key = model.key(target, for: kind) else { return "an unknown id" }
        switch target {
        case .live: return FuzzModel.name(key)
        case .otherKind: return "\(kind == .task ? "contact" : "task") \(FuzzModel.name(key))"
        case .deleted: return "deleted \(FuzzModel.name(key))"
        case .unknown: return "an unknown id"
        }
    }

    /// Runs one operation on the backend and puts its answer in the model's terms. Targets
    /// are resolved with the model as it was `before` the operation.
    private mutating func perform(_ operation: FuzzOperation, step: Int, resolvingWith before: FuzzModel, expected: FuzzOutcome) async
        -> FuzzOutcome
    {
        guard let store else { return .rejected([.other("the store is closed: an earlier reopen failed")]) }
        let ids = idByKey
        var requested: UUID?
        func id(_ target: FuzzTarget, _ kind: FuzzModel.Kind) -> UUID {
            let id = before.key(target, for: kind).flatMap { ids[$0] } ?? Self.unknownID(step: step)
            requested = id
            return id
        }
        do {
            switch operation {
            case .createTask(let title, let notes):
                let task = try await store.createTask(title: title, notes: notes)
                if case .task(let wanted) = expected { learn(task.id, as: wanted.key) }
                return .task(record(task))
            case .readTask(let target): return .task(record(try await store.task(id: id(target, .task))))
            case .renameTask(let target, let title): return .task(record(try await store.renameTask(id: id(target, .task), to: title)))
            case .editNotes(let target, let notes):
                return .task(record(try await store.editTaskNotes(id: id(target, .task), notes: notes)))
            case .setCompleted(let target, let value):
                return .task(record(try await store.setTaskCompleted(id: id(target, .task), value)))
            case .toggle(let target): return .task(record(try await store.toggleTask(id: id(target, .task))))
            case .deleteTask(let target):
                try await store.deleteTask(id: id(target, .task))
                return .done
            case .importTasks(let titles):
                let created = try await store.importTasks(titles: titles)
                if case .tasks(let wanted) = expected {
                    for (task, want) in zip(created, wanted) { learn(task.id, as: want.key) }
                }
                return .tasks(created.map(record))
            case .listTasks(let query): return .tasks(try await store.tasks(query).map(record))
            case .countTasks(let query): return .count(try await store.countTasks(query))
            case .createContact(let name, let email, let phone):
                let contact = try await store.createContact(name: name, email: email, phone: phone)
                if case .contact(let wanted) = expected { learn(contact.id, as: wanted.key) }
                return .contact(record(contact))
            case .readContact(let target): return .contact(record(try await store.contact(id: id(target, .contact))))
            case .updateContact(let target, let changes):
                return .contact(record(try await store.updateContact(id: id(target, .contact), changes)))
            case .deleteContact(let target):
                try await store.deleteContact(id: id(target, .contact))
                return .done
            case .listContacts(let query): return .contacts(try await store.contacts(query).map(record))
            case .reopen:
                return await reopen()
            case .moveClock(let milliseconds):
                clock.advance(seconds: milliseconds / 1_000)
                return .done
            }
        } catch {
            return .rejected([FuzzRejection(error, requested: requested)])
        }
    }

    /// Closes the store, opens a new one on the same storage (durable backends only) and
    /// reads everything back.
    private mutating func reopen() async -> FuzzOutcome {
        if backend.capabilities.contains(.durability), let old = store {
            store = nil
            do {
                try await old.close()
                store = try await storage.open(clock: clock)
            } catch {
                return .rejected([.other("closing and opening again threw \(Show.error(error))")])
            }
        }
        guard let store else { return .rejected([.other("the store is closed")]) }
        do {
            let tasks = try await store.tasks(TaskQuery())
            let contacts = try await store.contacts(ContactQuery())
            return .everything(tasks: tasks.map(record), contacts: contacts.map(record))
        } catch {
            return .rejected([FuzzRejection(error, requested: nil)])
        }
    }

    /// An id no record has, the same for the same step in every run, so a failure reads the
    /// same each time it is repeated.
    private static func unknownID(step: Int) -> UUID {
        let hex = String(step, radix: 16)
        return UUID(uuidString: "0000f022-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex) ?? UUID()
    }

    /// Maps a newly created record's id to the key the model gave it; an id seen before keeps
    /// its key, so a store that hands out an old id again is seen.
    private mutating func learn(_ id: UUID, as key: Int) {
        guard keyByID[id] == nil else { return }
        keyByID[id] = key
        idByKey[key] = id
    }

    private func record(_ task: TaskItem) -> FuzzModel.Task {
        FuzzModel.Task(
            key: keyByID[task.id] ?? -1, title: task.title, notes: task.notes, isCompleted: task.isCompleted,
            createdAt: FuzzStamp(task.createdAt), updatedAt: FuzzStamp(task.updatedAt))
    }

    private func record(_ contact: Contact) -> FuzzModel.Contact {
        FuzzModel.Contact(
            key: keyByID[contact.id] ?? -1, name: contact.name, email: contact.email, phone: contact.phone,
            createdAt: FuzzStamp(contact.createdAt), updatedAt: FuzzStamp(contact.updatedAt))
    }
}
