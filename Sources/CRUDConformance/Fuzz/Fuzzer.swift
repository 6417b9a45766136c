import CRUDSpec
import Foundation

/// Model-based testing: seeded random operation sequences run on a backend and on
/// ``FuzzModel``; the first difference fails, and the sequence is shrunk to a minimal one
/// that still shows it.
///
/// ```swift
/// if let failure = await Fuzzer.check(seed: 42, length: 60, on: myBackend) { print(failure) }
/// ```
public enum Fuzzer {
    /// A difference between a backend and the model, with the sequence that shows it.
    public struct Failure: Sendable, CustomStringConvertible {
        public let backend: String
        public let seed: UInt64
        /// The shrunk sequence; its last operation is the one whose answer differs.
        public let operations: [FuzzOperation]
        public let expected: String
        public let actual: String
        /// How long the sequence was before shrinking.
        public let originalLength: Int

        public var description: String {
            var out = "\(backend) differs from the model (seed \(seed), \(originalLength) operations shrunk to \(operations.count)):\n"
            for (index, operation) in operations.enumerated() { out += "  \(index + 1). \(operation)\n" }
            out += "  expected: \(expected)\n  actual:   \(actual)\n"
            out += "  repeat with: crudkit fuzz --seed \(seed) --backends \(backend)"
            return out
        }
    }

    /// The operations of `seed`: the same seed always gives the same sequence.
    public static func sequence(seed: UInt64, length: Int) -> [FuzzOperation] {
        var random = SeededRandom(seed: seed)
        return (0..<length).map { _ in FuzzOperation.random(using: &random) }
    }

    /// Runs a sequence of `seed` and, when it differs from the model, shrinks it.
    public static func check(seed: UInt64, length: Int, on backend: Backend) async -> Failure? {
        let operations = sequence(seed: seed, length: length)
        guard var difference = await run(operations, on: backend) else { return nil }
        var shrunk = Array(operations.prefix(difference.step + 1))
        var chunk = max(1, shrunk.count / 2)
        while true {
            var index = 0
            var removed = false
            while index < shrunk.count {
                let candidate = Array(shrunk[..<index] + shrunk[min(shrunk.count, index + chunk)...])
                if !candidate.isEmpty, let found = await run(candidate, on: backend) {
                    shrunk = Array(candidate.prefix(found.step + 1))
                    difference = found
                    removed = true
                } else {
                    index += chunk
                }
            }
            if !removed {
                if chunk == 1 { break }
                chunk = max(1, chunk / 2)
            }
        }
        return Failure(
            backend: backend.name, seed: seed, operations: shrunk, expected: difference.expected, actual: difference.actual,
            originalLength: operations.count)
    }

    struct Difference {
        var step: Int
        var expected: String
        var actual: String
    }

    /// Runs `operations` on fresh storage of `backend` and on a fresh model; the first
    /// step whose answers differ, or nil.
    static func run(_ operations: [FuzzOperation], on backend: Backend) async -> Difference? {
        let clock = ManualClock()
        let storage: any BackendStorage
        let store: any CRUDSpec
        do {
            storage = try await backend.makeStorage()
            store = try await storage.open(clock: clock)
        } catch {
            return Difference(step: 0, expected: "a fresh store", actual: "opening threw \(Show.error(error))")
        }
        var model = FuzzModel()
        var keys: [UUID: Int] = [:]
        var difference: Difference?
        for (step, operation) in operations.enumerated() {
            let before = model
            let expected = model.apply(operation)
            let actual = await perform(operation, on: store, model: before, expected: expected, keys: &keys)
            if !expected.accepts(actual) {
                difference = Difference(step: step, expected: expected.description, actual: actual.description)
                break
            }
        }
        try? await store.close()
        await storage.dispose()
        return difference
    }

    /// Runs one operation on the backend and describes its answer as the model would.
    private static func perform(
        _ operation: FuzzOperation, on store: any CRUDSpec, model: FuzzModel, expected: FuzzModel.Outcome, keys: inout [UUID: Int]
    ) async -> FuzzModel.Outcome {
        let ids = keys
        func taskID(_ index: Int) -> UUID {
            guard !model.tasks.isEmpty else { return UUID() }
            let key = model.tasks[index % model.tasks.count].key
            return ids.first { $0.value == key }?.key ?? UUID()
        }
        func personID(_ index: Int) -> UUID {
            guard !model.people.isEmpty else { return UUID() }
            let key = model.people[index % model.people.count].key
            return ids.first { $0.value == key }?.key ?? UUID()
        }
        func describe(_ task: TaskItem) -> FuzzModel.Outcome {
            .task(key: ids[task.id] ?? -1, title: task.title, notes: task.notes, done: task.isCompleted)
        }
        do {
            switch operation {
            case .createTask(let title, let notes):
                let task = try await store.createTask(title: title, notes: notes)
                if case .task(let key, _, _, _) = expected { keys[task.id] = key }
                return .task(key: keys[task.id] ?? -1, title: task.title, notes: task.notes, done: task.isCompleted)
            case .renameTask(let index, let title): return describe(try await store.renameTask(id: taskID(index), to: title))
            case .editNotes(let index, let notes): return describe(try await store.editTaskNotes(id: taskID(index), notes: notes))
            case .setCompleted(let index, let value): return describe(try await store.setTaskCompleted(id: taskID(index), value))
            case .toggle(let index): return describe(try await store.toggleTask(id: taskID(index)))
            case .deleteTask(let index):
                try await store.deleteTask(id: taskID(index))
                return .done
            case .deleteUnknownTask:
                try await store.deleteTask(id: UUID())
                return .done
            case .importTasks(let titles):
                let created = try await store.importTasks(titles: titles)
                if case .tasks(let expectedKeys) = expected {
                    for (task, key) in zip(created, expectedKeys) { keys[task.id] = key }
                }
                return .tasks(created.map { keys[$0.id] ?? -1 })
            case .listTasks(let query): return .tasks(try await store.tasks(query).map { ids[$0.id] ?? -1 })
            case .countTasks(let query): return .count(try await store.countTasks(query))
            case .createContact(let name, let email):
                let contact = try await store.createContact(name: name, email: email, phone: nil)
                if case .people(let expectedKeys) = expected, let key = expectedKeys.first { keys[contact.id] = key }
                return .people([keys[contact.id] ?? -1])
            case .changeEmail(let index, let email):
                let contact = try await store.updateContact(id: personID(index), ContactChanges(email: email))
                return .people([ids[contact.id] ?? -1])
            case .deleteContact(let index):
                try await store.deleteContact(id: personID(index))
                return .done
            case .listContacts(let query): return .people(try await store.contacts(query).map { ids[$0.id] ?? -1 })
            }
        } catch let error as CRUDError {
            return .failed(error.code)
        } catch {
            return .failed("not a CRUDError: \(error)")
        }
    }
}

/// SplitMix64: a small random source that repeats for a given seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
