import CRUDConformance
import CRUDMemory
import CRUDSQLite
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in creating tasks: titles, notes, dates and the first state of a new task.
    static let taskCreate: [Mutant] = [
        Mutant(
            "untrimmed-titles", mistake: "validates the trimmed title but stores the title as typed",
            aimedAt: ["TASK-CREATE-005", "TASK-CREATE-007"]
        ) { inner, _ in UntrimmedTitlesStore(inner: inner) },
        Mutant(
            "trims-spaces-only", mistake: "trims the ASCII space but not tabs, newlines or other Unicode spaces",
            aimedAt: ["TASK-CREATE-005"]
        ) { inner, _ in
            TitleDisguiseStore(inner: inner) { raw in
                let spacesOnly = String(raw.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
                return spacesOnly == Validation.trimmed(raw) ? nil : (raw, spacesOnly)
            }
        },
        Mutant(
            "accepts-201", mistake: "allows 201 characters (an off-by-one limit)", aimedAt: ["TASK-CREATE-008"]
        ) { inner, _ in
            TitleDisguiseStore(inner: inner) { raw in
                let title = Validation.trimmed(raw)
                return title.count == 201 ? (String(title.prefix(200)), title) : nil
            }
        },
        Mutant(
            "control-characters-allowed", mistake: "lets tabs, newlines and NUL into titles", aimedAt: ["TASK-CREATE-009"]
        ) { inner, _ in
            TitleDisguiseStore(inner: inner) { raw in
                let title = Validation.trimmed(raw)
                var clean = String.UnicodeScalarView()
                clean.append(contentsOf: title.unicodeScalars.filter { !Validation.isControl($0) })
                let cleaned = String(clean)
                return cleaned == title || cleaned.isEmpty ? nil : (cleaned, title)
            }
        },
        Mutant(
            "seconds-only", mistake: "keeps dates to the second, losing the milliseconds", aimedAt: ["TASK-CREATE-002"]
        ) { inner, _ in SecondsOnlyStore(inner: inner) },
        Mutant("starts-completed", mistake: "creates tasks already marked as done", aimedAt: ["TASK-CREATE-001"]) { inner, _ in
            CreateMutantStore(inner: inner) { title, notes, inner in
                let task = try await inner.createTask(title: title, notes: notes)
                return try await inner.setTaskCompleted(id: task.id, true)
            }
        },
        Mutant(
            "same-title-same-task", mistake: "returns the existing task when the title repeats", aimedAt: ["TASK-CREATE-003"]
        ) { inner, _ in
            CreateMutantStore(inner: inner) { title, notes, inner in
                if let same = try await inner.tasks(TaskQuery()).first(where: { $0.title == Validation.trimmed(title) }) { return same }
                return try await inner.createTask(title: title, notes: notes)
            }
        },
        Mutant(
            "notes-not-stored", mistake: "returns the notes from create but never stores them", aimedAt: ["TASK-CREATE-004"]
        ) { inner, _ in
            CreateMutantStore(inner: inner) { title, notes, inner in
                var task = try await inner.createTask(title: title, notes: nil)
                task.notes = try Validation.notes(notes)
                return task
            }
        },
        Mutant(
            "blank-title-accepted", mistake: "stores an empty title instead of refusing it", aimedAt: ["TASK-CREATE-006"]
        ) { inner, _ in
            TitleDisguiseStore(inner: inner) { raw in Validation.trimmed(raw).isEmpty ? ("untitled", "") : nil }
        },
        Mutant(
            "blank-notes-kept", mistake: "keeps blank notes as they were typed instead of none", aimedAt: ["TASK-CREATE-010"]
        ) { inner, _ in
            NotesDisguiseStore(inner: inner) { notes in
                guard let notes, Validation.trimmed(notes).isEmpty else { return nil }
                return (nil, notes)
            }
        },
        Mutant(
            "notes-limit-500", mistake: "refuses notes longer than 500 characters", aimedAt: ["TASK-CREATE-011"]
        ) { inner, _ in
            CreateMutantStore(inner: inner) { title, notes, inner in
                if let notes, Validation.trimmed(notes).count > 500 {
                    throw CRUDError.validation(ValidationFailure(field: .notes, reason: .tooLong(max: 1_000)))
                }
                return try await inner.createTask(title: title, notes: notes)
            }
        },
        Mutant(
            "notes-control-allowed", mistake: "lets tabs and NUL into notes", aimedAt: ["TASK-CREATE-012"]
        ) { inner, _ in
            NotesDisguiseStore(inner: inner) { notes in
                guard let notes, notes.unicodeScalars.contains(where: { Validation.isControl($0) && $0 != "\n" && $0 != "\r" }) else {
                    return nil
                }
                var clean = String.UnicodeScalarView()
                clean.append(contentsOf: notes.unicodeScalars.filter { !Validation.isControl($0) })
                return (String(clean), Validation.trimmed(notes))
            }
        },
        Mutant(
            "half-created", mistake: "stores the task before finding that its notes are invalid", aimedAt: ["TASK-CREATE-014"]
        ) { inner, _ in
            CreateMutantStore(inner: inner) { title, notes, inner in
                do {
                    _ = try Validation.notes(notes)
                } catch {
                    _ = try await inner.createTask(title: title, notes: nil)
                    throw error
                }
                return try await inner.createTask(title: title, notes: notes)
            }
        },
        Mutant(
            "titles-normalized", mistake: "stores titles in Unicode normal form C, changing what was typed", aimedAt: ["TASK-CREATE-013"]
        ) { inner, _ in
            TitleDisguiseStore(inner: inner) { raw in
                let title = Validation.trimmed(raw)
                let composed = title.precomposedStringWithCanonicalMapping
                return composed.unicodeScalars.elementsEqual(title.unicodeScalars) ? nil : (raw, composed)
            }
        },
        Mutant(
            "sql-interpolation", mistake: "builds the INSERT with string interpolation instead of binding the title",
            aimedAt: ["TASK-CREATE-013"]
        ) { inner, _ in InterpolatedSQLStore(inner: inner) },
    ]
}

/// Stores the title as typed: the validation ran on a trimmed copy that was then thrown away.
actor UntrimmedTitlesStore: ForwardingStore {
    let inner: MemoryStore
    private var typed: [UUID: String] = [:]

    init(inner: MemoryStore) { self.inner = inner }

    private func asTyped(_ task: TaskItem) -> TaskItem {
        var task = task
        task.title = typed[task.id] ?? task.title
        return task
    }

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let task = try await inner.createTask(title: title, notes: notes)
        typed[task.id] = title
        return asTyped(task)
    }

    func task(id: UUID) async throws -> TaskItem { asTyped(try await inner.task(id: id)) }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await inner.tasks(query).map(asTyped) }
}

/// Stamps dates with whole seconds only.
struct SecondsOnlyStore: ForwardingStore {
    let inner: MemoryStore

    private func truncated(_ task: TaskItem) -> TaskItem {
        var task = task
        task.createdAt = Date(timeIntervalSince1970: task.createdAt.timeIntervalSince1970.rounded(.down))
        task.updatedAt = Date(timeIntervalSince1970: task.updatedAt.timeIntervalSince1970.rounded(.down))
        return task
    }

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        truncated(try await inner.createTask(title: title, notes: notes))
    }
    func task(id: UUID) async throws -> TaskItem { truncated(try await inner.task(id: id)) }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await inner.tasks(query).map(truncated) }
}

/// Saves every new task to an SQLite table with SQL built by string interpolation: a
/// title with a quote breaks the statement (or worse).
actor InterpolatedSQLStore: ForwardingStore {
    let inner: MemoryStore
    private let db: SQLiteConnection?
    private let path: String

    init(inner: MemoryStore) {
        self.inner = inner
        path = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-mutant-\(UUID().uuidString).sqlite").path
        db = try? SQLiteConnection(path: path)
        try? db?.execute("CREATE TABLE tasks (id TEXT, title TEXT)")
    }

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let task = try await inner.createTask(title: title, notes: notes)
        // The mistake: the title becomes part of the SQL text.
        try db?.execute("INSERT INTO tasks (id, title) VALUES ('\(task.id.uuidString)', '\(task.title)')")
        return task
    }

    func close() async throws {
        db?.close()
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A store that shows titles other than the ones a correct store keeps: `disguise` gets
/// what the caller typed and returns what to send to the correct store (so it accepts it)
/// and what the broken store would have kept and shows from then on. `nil`: behave.
actor TitleDisguiseStore: ForwardingStore {
    let inner: MemoryStore
    private let disguise: @Sendable (String) -> (send: String, show: String)?
    private var shown = ShownText()

    init(inner: MemoryStore, disguise: @escaping @Sendable (String) -> (send: String, show: String)?) {
        self.inner = inner
        self.disguise = disguise
    }

    private func present(_ task: TaskItem) -> TaskItem { shown.present(task, \.title) }

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        guard let (send, show) = disguise(title) else { return try await inner.createTask(title: title, notes: notes) }
        let task = try await inner.createTask(title: send, notes: notes)
        shown[task.id] = show
        return present(task)
    }

    func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        shown[id] = nil
        return try await inner.renameTask(id: id, to: title)
    }

    func task(id: UUID) async throws -> TaskItem { present(try await inner.task(id: id)) }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await inner.tasks(query).map(present) }
}

/// Shows notes other than those kept (see ``TitleDisguiseStore``).
actor NotesDisguiseStore: ForwardingStore {
    let inner: MemoryStore
    private let disguise: @Sendable (String?) -> (send: String?, show: String?)?
    private var shown: [UUID: String?] = [:]

    init(inner: MemoryStore, disguise: @escaping @Sendable (String?) -> (send: String?, show: String?)?) {
        self.inner = inner
        self.disguise = disguise
    }

    private func present(_ task: TaskItem) -> TaskItem {
        guard let show = shown[task.id] else { return task }
        var task = task
        task.notes = show
        return task
    }

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        guard let (send, show) = disguise(notes) else { return try await inner.createTask(title: title, notes: notes) }
        let task = try await inner.createTask(title: title, notes: send)
        shown[task.id] = .some(show)
        return present(task)
    }

    func task(id: UUID) async throws -> TaskItem { present(try await inner.task(id: id)) }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try await inner.tasks(query).map(present) }
}

/// A store with wrong task creation: `create` gets the correct store and does the wrong thing.
struct CreateMutantStore: ForwardingStore {
    let inner: MemoryStore
    let create: @Sendable (String, String?, MemoryStore) async throws -> TaskItem

    func createTask(title: String, notes: String?) async throws -> TaskItem { try await create(title, notes, inner) }
}
