import CRUDBackends
import CRUDConformance
import CRUDMemory
import CRUDMutants
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

@testable import CRUDConformance

/// Seeded random operation sequences against each backend and against the model.
@Suite("Random operation sequences")
struct FuzzTests {
    @Test("Every built-in backend agrees with the model on random sequences", arguments: ConformanceTests.backends)
    func agreesWithModel(backend: Backend) async throws {
        // About 1.5 s in all (debug build): a sequence of 60 takes about 5 ms on memory, 25 ms
        // on json or sqlite; one of 40 takes 0.4 s on http.
        let (seeds, length) =
            switch backend.name {
            case "memory": (30, 60)
            case "http": (3, 40)
            default: (12, 60)
            }
        // Seeds 1, 2, … by default; CRUDKIT_TEST_SEED=n runs n, n + 1, … instead.
        let first = try TestSeed(fixed: 1)
        for index in 0..<UInt64(seeds) {
            let seed = first.value &+ index
            if let failure = await Fuzzer.check(seed: seed, length: length, on: backend) {
                Issue.record(Comment(rawValue: "\(TestSeed(seed)): \(failure.description)"))
                return
            }
        }
    }

    @Test("The same seed gives the same sequence, a longer one starts with it, and reopens come only when asked")
    func repeatable() {
        #expect(Fuzzer.sequence(seed: 7, length: 30) == Fuzzer.sequence(seed: 7, length: 30))
        #expect(Fuzzer.sequence(seed: 7, length: 30) != Fuzzer.sequence(seed: 8, length: 30))
        #expect(Array(Fuzzer.sequence(seed: 7, length: 60).prefix(30)) == Fuzzer.sequence(seed: 7, length: 30))
        let withoutReopens = (1...50).flatMap { Fuzzer.sequence(seed: $0, length: 60, reopens: false) }
        #expect(!withoutReopens.contains(.reopen))
        #expect((1...50).flatMap { Fuzzer.sequence(seed: $0, length: 60) }.contains(.reopen))
    }

    @Test("The alphabet reaches every kind of operation, target and hard text")
    func alphabet() {
        let operations = (1...200).flatMap { Fuzzer.sequence(seed: $0, length: 60) }
        let kinds = Set(operations.map { String($0.description.prefix { $0 != "(" && $0 != " " }) })
        #expect(kinds.count == 17, "operation kinds: \(kinds.sorted())")
        let targets = operations.compactMap(Self.target)
        #expect(targets.contains { if case .otherKind = $0 { true } else { false } })
        #expect(targets.contains { if case .deleted = $0 { true } else { false } })
        #expect(targets.contains(.unknown))
        #expect(operations.contains { if case .moveClock(let milliseconds) = $0 { milliseconds < 0 } else { false } })
        var atEnds = Set<Unicode.Scalar>()
        var inside = Set<Unicode.Scalar>()
        var anywhere = Set<Unicode.Scalar>()
        var lengths = Set<Int>()
        for text in Set(operations.flatMap(Self.texts).map { Array($0.unicodeScalars) }) {
            let scalars = String.UnicodeScalarView(text)
            atEnds.formUnion([text.first, text.last].compactMap { $0 })
            anywhere.formUnion(text)
            let trimmed = Validation.trimmed(String(scalars))
            inside.formUnion(trimmed.unicodeScalars.dropFirst().dropLast())
            // Lengths at a limit only count when some Character has several scalars.
            if trimmed.unicodeScalars.count > trimmed.count { lengths.insert(trimmed.count) }
        }
        for space in FuzzAlphabet.whiteSpace { #expect(atEnds.contains(space), "U+\(String(space.value, radix: 16)) at an end") }
        for control in FuzzAlphabet.controls { #expect(inside.contains(control), "U+\(String(control.value, radix: 16)) inside") }
        for limit in [200, 1_000, 100, 254] {
            #expect(lengths.isSuperset(of: [limit, limit + 1]), "\(limit) and \(limit + 1) Characters of several scalars")
        }
        for scalar: Unicode.Scalar in ["\u{301}", "\u{E9}", "\u{200D}", "\u{1F1EB}", "\u{1E9E}", "\u{3A3}", "\u{41C}", "\u{7F}", "\u{85}"] {
            #expect(anywhere.contains(scalar), "U+\(String(scalar.value, radix: 16)) in some text")
        }
    }

    @Test(
        "A broken backend is found and its failing sequence shrunk to a few steps",
        arguments: ["oldest-first", "case-sensitive-title-order", "silent-delete", "claims-durability", "seconds-only"])
    func findsAndShrinks(name: String) async throws {
        let mutant = try #require(Mutant.all.first { $0.name == name })
        let failure = try #require(await Self.firstFailure(on: mutant.backend), "no seed of 40 found \(name)")
        #expect(failure.operations.count <= 4, "\(failure)")
        #expect(failure.operations.count < failure.originalLength)
        #expect(failure.description.contains("crudkit fuzz --seed \(failure.seed)"))
    }

    @Test("A store that makes one of these mistakes is found at the step that shows it", arguments: Broken.all)
    func findsMistake(broken: Broken) async throws {
        let failure = try #require(await Self.firstFailure(on: broken.backend), "no seed of 40 found \(broken.name)")
        #expect(failure.operations.count <= 5, "\(failure)")
        #expect(failure.steps.last?.contains(broken.failingStep) == true, "\(failure)")
        #expect(failure.description.contains("seed \(failure.seed)"))
    }

    @Test("Contacts whose emails are canonically equivalent but not equal are two contacts, ordered by the email's scalars")
    func canonicallyEquivalentEmails() async {
        let operations: [FuzzOperation] = [
            .createContact("Ada", email: "josé@x.com", phone: nil), .createContact("ada", email: "jose\u{301}@x.com", phone: nil),
            .listContacts(ContactQuery()), .updateContact(.live(0), ContactChanges(email: "JOSE\u{301}@X.COM")),
        ]
        for backend in [BuiltInBackends.memory, BuiltInBackends.json, BuiltInBackends.sqlite] {
            let difference = await FuzzRun.run(operations, on: backend)
            #expect(difference == nil, "\(backend.name): \(difference.map { "\($0.steps)\n\($0.expected)\n\($0.actual)" } ?? "")")
        }
    }

    @Test("MODEL-001 passes on the memory backend and reports a broken one with its seed and shrunk sequence")
    func modelRule() async throws {
        let rule = try #require(Rules.model.first { $0.id == "MODEL-001" })
        let passing = await ConformanceRunner().run(rule, on: BuiltInBackends.memory)
        #expect(passing.passed, "\(passing.failureReport ?? "")")
        let mutant = try #require(Mutant.all.first { $0.name == "oldest-first" })
        let failing = await ConformanceRunner().run(rule, on: mutant.backend)
        let report = try #require(failing.failureReport)
        #expect(report.contains("MODEL-001") && report.contains("repeat with: crudkit fuzz --seed") && report.contains("1. "), "\(report)")
    }

    /// The first failure of seeds 1 to 40, 60 operations each.
    static func firstFailure(on backend: Backend) async -> Fuzzer.Failure? {
        for seed in 1...UInt64(40) {
            if let failure = await Fuzzer.check(seed: seed, length: 60, on: backend) { return failure }
        }
        return nil
    }

    static func texts(_ operation: FuzzOperation) -> [String] {
        switch operation {
        case .createTask(let title, let notes): [title] + (notes.map { [$0] } ?? [])
        case .renameTask(_, let title): [title]
        case .editNotes(_, let notes): notes.map { [$0] } ?? []
        case .importTasks(let titles): titles
        case .listTasks(let query), .countTasks(let query): query.search.map { [$0] } ?? []
        case .createContact(let name, let email, let phone): [name, email] + (phone.map { [$0] } ?? [])
        case .updateContact(_, let changes): [changes.name, changes.email, changes.phone].compactMap { $0 }
        case .listContacts(let query): query.search.map { [$0] } ?? []
        default: []
        }
    }

    static func target(_ operation: FuzzOperation) -> FuzzTarget? {
        switch operation {
        case .readTask(let target), .renameTask(let target, _), .editNotes(let target, _), .setCompleted(let target, _),
            .toggle(let target), .deleteTask(let target), .readContact(let target), .updateContact(let target, _),
            .deleteContact(let target):
            target
        default: nil
        }
    }
}

/// A store with one mistake the fuzzer must find, and the call at which it shows.
struct Broken: Sendable, CustomStringConvertible {
    let name: String
    let failingStep: String
    let backend: Backend

    var description: String { name }

    static let all = [
        Broken(
            name: "two-clock-reads", failingStep: "createTask(",
            backend: .ephemeral(name: "two-clock-reads") { clock in
                TwoClockReadsStore(inner: MemoryStore(clock: clock))
            }),
        Broken(
            name: "rename-keeps-updatedAt", failingStep: "renameTask(",
            backend: .ephemeral(name: "rename-keeps-updatedAt") { clock in
                RenameStampsCreatedAtStore(inner: MemoryStore(clock: clock))
            }),
        Broken(
            name: "forgets-notes-edits", failingStep: "close the store",
            backend: Backend(name: "forgets-notes-edits", capabilities: [.durability]) {
                KeptStateStorage { inner, storage in NotesForgettingStore(inner: inner, storage: storage) }
            }),
        Broken(
            name: "contact-id-deletes-task", failingStep: "deleteTask(id: contact #",
            backend: .ephemeral(name: "contact-id-deletes-task") { clock in
                ContactIDDeleteStore(inner: MemoryStore(clock: clock))
            }),
    ]
}

/// Reads the clock twice on create: createdAt from one read, updatedAt from a second.
struct TwoClockReadsStore: ForwardingStore {
    let inner: MemoryStore

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let task = try await inner.createTask(title: title, notes: notes)
        return try await inner.setTaskCompleted(id: task.id, false)
    }
}

/// Answers a rename with updatedAt = createdAt, as `SET updated_at = created_at` would.
struct RenameStampsCreatedAtStore: ForwardingStore {
    let inner: MemoryStore

    func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        var task = try await inner.renameTask(id: id, to: title)
        task.updatedAt = task.createdAt
        return task
    }
}

/// Looks an id up among every record before deleting a task, so deleting a contact's id
/// as a task "succeeds" and deletes nothing.
struct ContactIDDeleteStore: ForwardingStore {
    let inner: MemoryStore

    func deleteTask(id: UUID) async throws {
        if (try? await inner.contact(id: id)) != nil { return }
        try await inner.deleteTask(id: id)
    }
}

/// Declares durability and keeps its records between opens, but notes edits stay in memory:
/// on close, each edited task gets back the notes it had before its first edit.
actor NotesForgettingStore: ForwardingStore {
    let inner: MemoryStore
    let storage: KeptStateStorage
    private var notesBeforeEdit: [UUID: String?] = [:]

    init(inner: MemoryStore, storage: KeptStateStorage) {
        self.inner = inner
        self.storage = storage
    }

    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem {
        let before = try await inner.task(id: id).notes
        let edited = try await inner.editTaskNotes(id: id, notes: notes)
        if !notesBeforeEdit.keys.contains(id) { notesBeforeEdit.updateValue(before, forKey: id) }
        return edited
    }

    func close() async throws {
        let state = await inner.currentState()
        let tasks = state.tasksInCreationOrder.map { task in
            var task = task
            if let before = notesBeforeEdit[task.id] { task.notes = before }
            return task
        }
        storage.save(try StoreState(tasks: tasks, contacts: state.contactsInCreationOrder))
    }
}
