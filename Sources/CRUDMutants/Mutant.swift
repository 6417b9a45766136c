import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

/// A deliberately broken backend (a mutant of a correct one), the mistake it makes, and
/// the rules that must catch it. The suite is only worth something if it catches real
/// mistakes: `crudkit compare --mutants` and a test run the whole suite on every mutant.
///
/// Two words are kept apart: the rules a mutant is ``aimedAt`` are the ones its author
/// expects to fail; the rules that actually failed on it, in a report, are its `caughtBy`.
/// A mutant counts as caught only when every rule it is aimed at is among them.
///
/// The first catalogue lives in `Mutants+Area.swift` files, one per area of the
/// specification, each mutant's broken store beside its entry.
public struct Mutant: Sendable, CustomStringConvertible {
    /// A short kebab-case name, unique across both catalogues; also the name of ``backend``.
    public let name: String
    /// The mistake in a sentence, as a reader of the mutation report sees it.
    public let mistake: String
    /// The IDs of the rules aimed at this mistake: each must fail. Others may fail as well.
    public let aimedAt: Set<String>
    /// The broken backend, run by the suite like any other.
    public let backend: Backend

    /// A mutant built on a correct in-memory store: `open` gets a fresh `MemoryStore` on the
    /// suite's clock (and the clock itself) and wraps it in the broken store.
    init(
        _ name: String, mistake: String, aimedAt: Set<String>, capabilities: Set<Capability> = [],
        open: @escaping @Sendable (MemoryStore, any CRUDClock) -> any CRUDSpec
    ) {
        self.name = name
        self.mistake = mistake
        self.aimedAt = aimedAt
        backend = Backend(name: name, capabilities: capabilities) {
            TemporaryStorage { clock in open(MemoryStore(clock: clock), clock) }
        }
    }

    /// A mutant with a backend of its own, for mistakes that need storage kept between
    /// opens or a server.
    init(_ name: String, mistake: String, aimedAt: Set<String>, backend: Backend) {
        self.name = name
        self.mistake = mistake
        self.aimedAt = aimedAt
        self.backend = backend
    }

    /// The mutant's ``name``.
    public var description: String { name }

    /// Every mutant of both catalogues.
    public static let all: [Mutant] = catalogues.flatMap(\.mutants)

    /// The two catalogues, scored apart: the mutants written beside the rules that catch
    /// them, and those a reviewer wrote from the specification alone, without reading the
    /// rules, to measure whether the suite catches mistakes nobody aimed it at.
    public static let catalogues: [(name: String, mutants: [Mutant])] = [
        ("written beside the rules", besideTheRules),
        ("written from the specification alone", independent),
    ]

    /// The first catalogue: each mutant was written with the rules it is aimed at. One list
    /// per area, in the order of ``Rules/areas`` (`Mutants+TaskCreate.swift`, …).
    public static let besideTheRules: [Mutant] =
        taskCreate + taskRead + taskUpdate + taskDelete + taskImport
        + contactCreate + contactRead + contactDuplicate + contactUpdate + contactDelete
        + field + durability + shared + view

    /// Rules no mutant is aimed at, each with the reason. CONCURRENCY-001 was long listed
    /// here until the independent catalogue found a lost update in an actor that awaits
    /// between reading and writing (create-snapshot-lost-update).
    public static let unexercised: [String: String] = [
        "VIEW-002":
            "cancel never asks the store, so only a store that changes records when read could break it; "
            + "ViewRuleTests shows the rule failing on one"
    ]
}

extension Mutant {
    /// Mistakes the rules cannot see, because they need a crash or a faulty network, and
    /// the tests that catch them instead (each a file and the scenario in it).
    public static let caughtElsewhere: [(mistake: String, test: String)] = [
        (
            "a JSON store that overwrites its file in place instead of atomically",
            "Tests/StoreTests/CrashSafetyTests.swift (SIGKILL mid-write)"
        ),
        (
            "an HTTP client that retries a POST without an idempotency key",
            "Tests/ServerTests/FaultToleranceTests.swift (drops after running)"
        ),
        (
            "an SQLite store that does not wait for another connection's lock (no busy timeout)",
            "Tests/CRUDKitCLITests/ParallelCommandsTests.swift (20 commands at once on one file)"
        ),
    ]
}
