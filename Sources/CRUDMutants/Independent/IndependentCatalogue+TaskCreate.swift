import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in creating tasks; their stores are in `IndependentStores+TaskCreate.swift`.
    static let independentTaskCreate: [Witnessed] = [
        Witnessed(
            Mutant(
                "title-trimmed-of-ascii-only", mistake: "trims the title of \" \\t\\n\\r\" only: U+3000 and U+00A0 stay",
                aimedAt: ["TASK-CREATE-005"]
            ) { _, clock in
                ASCIITrimTitleStore(inner: RebuildingStore(clock: clock))
            }
        ) { s in await s.create("\u{3000}Tea\u{00A0}") },
        Witnessed(
            Mutant(
                "title-length-in-utf16", mistake: "measures the title in UTF-16 code units: 200 emoji count 400",
                aimedAt: ["TASK-CREATE-007"]
            ) { inner, _ in
                UTF16TitleLengthStore(inner: inner)
            }
        ) { s in await See.attempt({ try await s.make(String(repeating: "😀", count: 200)) }) { "\($0.title.count) characters" } },
        Witnessed(
            Mutant(
                "title-length-before-trim", mistake: "checks the title's length before trimming it",
                aimedAt: ["TASK-CREATE-007"]
            ) { inner, _ in
                UntrimmedTitleLengthStore(inner: inner)
            }
        ) { s in
            await See.attempt({ try await s.make("  " + String(repeating: "a", count: 200) + "  ") }) { "\($0.title.count) characters" }
        },
        Witnessed(
            Mutant(
                "title-truncated-to-limit", mistake: "cuts a long title to 200 Characters instead of rejecting it",
                aimedAt: ["TASK-CREATE-008"]
            ) { inner, _ in
                TruncatingTitleStore(inner: inner)
            }
        ) { s in await See.attempt({ try await s.make(String(repeating: "a", count: 250)) }) { "\($0.title.count) characters" } },
        Witnessed(
            Mutant(
                "title-controls-short-list", mistake: "rejects only NUL, tab, LF and CR in titles: ESC and the rest of Cc pass",
                aimedAt: ["TASK-CREATE-009"]
            ) { _, clock in FewControlsTitleStore(inner: RebuildingStore(clock: clock)) }
        ) { s in await s.create("Alert \u{1B}[31m red") },
        Witnessed(
            Mutant(
                "title-controls-before-trim", mistake: "looks for control characters before trimming: a trailing newline is refused",
                aimedAt: ["TASK-CREATE-005"]
            ) { inner, _ in ControlsBeforeTrimStore(inner: inner) }
        ) { s in await s.create("Buy milk\n") },
        Witnessed(
            Mutant(
                "title-blank-before-trim", mistake: "tests isEmpty before trimming, so a blank title is stored as \"\"",
                aimedAt: ["TASK-CREATE-006"]
            ) { _, clock in
                BlankBeforeTrimStore(inner: RebuildingStore(clock: clock))
            }
        ) { s in "\(await s.create("   ")); count \(await s.count())" },
        Witnessed(
            Mutant(
                "notes-blank-kept-empty", mistake: "trims notes but stores a blank result as \"\" rather than nil",
                aimedAt: ["TASK-CREATE-010"]
            ) { _, clock in
                EmptyNotesStore(inner: RebuildingStore(clock: clock))
            }
        ) { s in await s.create("Tea", notes: " \n ") },
        Witnessed(
            Mutant("notes-stored-untrimmed", mistake: "validates the trimmed notes but stores them as typed", aimedAt: ["TASK-CREATE-010"])
            {
                _, clock in UntrimmedNotesStore(inner: RebuildingStore(clock: clock))
            }
        ) { s in await s.create("Tea", notes: "  Steep 3 minutes\n") },
        Witnessed(
            Mutant(
                "notes-use-title-controls", mistake: "applies the title's control rule to notes, refusing line breaks",
                aimedAt: ["TASK-CREATE-011"]
            ) { inner, _ in
                NotesTitleRuleStore(inner: inner)
            }
        ) { s in await s.create("Tea", notes: "Line one\nLine two") },
        Witnessed(
            Mutant("notes-allow-tab", mistake: "allows tab in notes along with LF and CR", aimedAt: ["TASK-CREATE-012"]) { _, clock in
                NotesTabStore(inner: RebuildingStore(clock: clock))
            }
        ) { s in await s.create("Tea", notes: "Cups:\t2") },
        Witnessed(
            Mutant(
                "notes-length-in-scalars", mistake: "measures notes in Unicode scalars: decomposed accents count twice",
                aimedAt: ["FIELD-003"]
            ) { inner, _ in
                ScalarNotesLengthStore(inner: inner)
            }
        ) { s in
            await See.attempt({ try await s.make("Tea", notes: String(repeating: "e\u{301}", count: 600)) }) {
                "\($0.notes?.count ?? 0) characters"
            }
        },
        Witnessed(
            Mutant(
                "notes-set-after-insert", mistake: "inserts the task, then sets its notes in a second step that may fail",
                aimedAt: ["TASK-CREATE-014"]
            ) { inner, _ in NotesAfterInsertStore(inner: inner) }
        ) { s in "\(await s.create("Tea", notes: "bad\u{0}")); count \(await s.count())" },
        Witnessed(
            Mutant(
                "dates-from-two-clock-reads", mistake: "reads the clock once for createdAt and again for updatedAt",
                aimedAt: ["TASK-CREATE-002"]
            ) { _, clock in
                TwoClockReadsStore(inner: RebuildingStore(clock: clock))
            },
            ticking: true
        ) { s in await See.attempt({ try await s.make("Tea") }) { "createdAt == updatedAt: \($0.createdAt == $0.updatedAt)" } },
        Witnessed(
            Mutant(
                "create-returns-input", mistake: "returns a record built from the input, not the one stored", aimedAt: ["TASK-CREATE-005"]
            ) { inner, _ in
                ReturnsInputStore(inner: inner)
            }
        ) { s in
            let made = try await s.make("  Tea  ", notes: "  ")
            let read = try await s.store.task(id: made.id)
            return "returned \(See.task(made)); read \(See.task(read))"
        },
        Witnessed(
            Mutant(
                "text-normalized-to-nfc", mistake: "normalizes titles and notes to NFC on the way in",
                aimedAt: ["TASK-CREATE-013"]
            ) { inner, _ in
                NFCStore(inner: inner)
            }
        ) { s in await s.create("Cafe\u{301}", notes: "Cre\u{300}me") },
        Witnessed(
            Mutant(
                "zero-width-characters-stripped", mistake: "removes ZWSP, ZWNJ, ZWJ and BOM from titles, breaking emoji sequences",
                aimedAt: ["TASK-CREATE-013"]
            ) { inner, _ in ZeroWidthStrippingStore(inner: inner) }
        ) { s in await s.create("👩\u{200D}💻 Review") },
        Witnessed(
            Mutant("titles-unique", mistake: "puts a unique index on the title: a repeated title is refused", aimedAt: ["TASK-CREATE-003"])
            {
                inner, _ in UniqueTitleStore(inner: inner)
            }
        ) { s in "\(await s.create("Buy milk")); \(await s.create("Buy milk")); count \(await s.count())" },
        Witnessed(
            Mutant(
                "create-drops-notes", mistake: "validates the notes but forgets to store them",
                aimedAt: ["TASK-CREATE-001"]
            ) { inner, _ in
                DropsNotesStore(inner: inner)
            }
        ) { s in await s.create("Milk", notes: "2 litres") },
        Witnessed(
            Mutant(
                "create-snapshot-lost-update",
                mistake: "creates on a snapshot, awaits the write, then installs it: parallel creates overwrite each other",
                aimedAt: ["CONCURRENCY-001"]
            ) { inner, clock in LostUpdateStore(inner: inner, clock: clock) }
        ) { s in
            let store = s.store
            let created = await See.successes(of: 100) { _ = try await store.createTask(title: "Task \($0)", notes: nil) }
            return "created \(created); count \(await s.count())"
        },
        Witnessed(
            Mutant(
                "notes-refuse-carriage-return", mistake: "allows LF in notes but counts CR as a forbidden control character",
                aimedAt: ["TASK-CREATE-011"]
            ) { inner, _ in
                NotesCRRejectedStore(inner: inner)
            }
        ) { s in await s.create("Tea", notes: "Line 1\r\nLine 2") },
    ]
}
