import CRUDConformance
import CRUDMemory
import CRUDSpec

/// A deliberately broken backend, the mistake it makes, and the rules that must catch it.
public struct BrokenBackend: Sendable, CustomStringConvertible {
    public let name: String
    public let mistake: String
    /// The rules aimed at this mistake: each must fail. Others may fail as well.
    public let caughtBy: Set<String>
    public let backend: Backend

    init(
        _ name: String, mistake: String, caughtBy: Set<String>, capabilities: Set<Capability> = [],
        open: @escaping @Sendable (MemoryStore, any CRUDClock) -> any CRUDSpec
    ) {
        self.name = name
        self.mistake = mistake
        self.caughtBy = caughtBy
        // Storage holds one inner store, so a "durable" broken backend can reopen on it.
        backend = Backend(name: name, capabilities: capabilities) {
            TemporaryStorage { clock in open(MemoryStore(clock: clock), clock) }
        }
    }

    public var description: String { name }

    public static let all: [BrokenBackend] = [
        BrokenBackend(
            "untrimmed-titles", mistake: "validates the trimmed title but stores the title as typed",
            caughtBy: ["TASK-CREATE-005", "TASK-CREATE-007"]
        ) { inner, _ in UntrimmedTitlesStore(inner: inner) },
        BrokenBackend(
            "oldest-first", mistake: "lists tasks oldest first by default",
            caughtBy: ["TASK-READ-002", "TASK-READ-003"]
        ) { inner, _ in OldestFirstStore(inner: inner) },
        BrokenBackend(
            "duplicate-emails", mistake: "keeps contacts in a plain list and never checks that emails are unique",
            caughtBy: ["CONTACT-DUP-001", "CONTACT-DUP-002", "CONTACT-DUP-003", "CONCURRENCY-002"]
        ) { inner, clock in DuplicateEmailsStore(inner: inner, clock: clock) },
        BrokenBackend(
            "limit-ignored", mistake: "ignores the limit of a task list",
            caughtBy: ["TASK-READ-011"]
        ) { inner, _ in LimitIgnoredStore(inner: inner) },
        BrokenBackend(
            "silent-delete", mistake: "reports success when deleting an id that does not exist",
            caughtBy: ["TASK-DELETE-002", "TASK-DELETE-003"]
        ) { inner, _ in SilentDeleteStore(inner: inner) },
        BrokenBackend(
            "ascii-search", mistake: "searches with ASCII-only lowercasing and no diacritic folding",
            caughtBy: ["TASK-READ-007"]
        ) { inner, _ in ASCIISearchStore(inner: inner) },
        BrokenBackend(
            "partial-import", mistake: "imports title by title and stops at the first bad one, keeping the rest",
            caughtBy: ["TASK-IMPORT-002"]
        ) { inner, _ in PartialImportStore(inner: inner) },
        BrokenBackend(
            "claims-durability", mistake: "declares durability but keeps everything in memory only",
            caughtBy: ["DURABILITY-001", "DURABILITY-002", "DURABILITY-003", "DURABILITY-004", "DURABILITY-005", "DURABILITY-006"],
            capabilities: [.durability]
        ) { inner, _ in inner },
    ]
}
