import CRUDSpec
import Foundation

extension Rules {
    static let taskCreate: [Rule] = [
        Rule(
            "TASK-CREATE-001",
            statement: "A new task has the title it was given, no notes unless given, and isCompleted false.",
            reason: "Creating is the first thing a user does; every later operation starts from this record.",
            hint: "Build the record from the validated title; set isCompleted to false explicitly."
        ) { context in
            let task = try await context.createTask("Buy milk")
            try context.expectExactText(task.title, "Buy milk", "title of the new task")
            try context.expectExactText(task.notes, nil, "notes of a task created without notes")
            try context.expectEqual(task.isCompleted, false, "isCompleted of a new task")
            let noted = try await context.createTask("Call the bank", notes: "Ask about the fee")
            try context.expectExactText(noted.notes, "Ask about the fee", "notes of a task created with notes")
        },
        Rule(
            "TASK-CREATE-002",
            statement: "A new task's createdAt and updatedAt both equal the clock's now, to the millisecond.",
            reason: "Newest-first order and \"2 minutes ago\" depend on it; an injected clock makes it testable.",
            hint: "Read the injected clock once per operation and use that value for both dates; keep milliseconds.",
            requires: [.injectedClock]
        ) { context in
            try context.tick()
            try context.moveClockOnEveryRead()
            for notes in [nil, "with notes"] {
                let (task, instants) = try await context.timed(Describe.createTask("Stamp me", notes)) {
                    try await context.store.createTask(title: "Stamp me", notes: notes)
                }
                try context.expectClockReading(task.createdAt, among: instants, "createdAt of the new task")
                try context.expectSameInstant(task.updatedAt, task.createdAt, "updatedAt of the new task (the same instant as createdAt)")
                try context.expectSameTask(try await context.task(task.id), task, "the new task read back")
            }
        },
        Rule(
            "TASK-CREATE-003",
            statement: "Every new task gets an id no other task has; titles may repeat.",
            reason: "Ids, not titles, identify records: two \"Buy milk\" tasks are two tasks.",
            hint: "Generate a fresh UUID per record; do not look records up by title."
        ) { context in
            var ids: Set<UUID> = []
            for _ in 1...3 { ids.insert(try await context.createTask("Same title").id) }
            try context.expectEqual(ids.count, 3, "distinct ids of three tasks titled \"Same title\"")
            try context.expectEqual(try await context.count(), 3, "count after three creates with one title")
        },
        Rule(
            "TASK-CREATE-004",
            statement: "A created task reads back by its id equal in every field.",
            reason: "What create returns must be what was stored, or the screen shows data that does not exist.",
            hint: "Return the record you stored, not the input; store every field."
        ) { context in
            await context.letTimePass()
            let task = try await context.createTask("Read me back", notes: "with notes")
            try context.expectSameTask(try await context.task(task.id), task, "task(id:) after create")
        },
        Rule(
            "TASK-CREATE-005",
            statement: "The title is trimmed of leading and trailing whitespace and newlines, Unicode ones included.",
            reason: "Stray spaces from typing or pasting would make equal titles look different and sort oddly.",
            hint: "Trim Unicode White_Space (tabs, newlines, U+00A0, U+3000 …), not just the ASCII space."
        ) { context in
            let cases: [(String, String)] = [
                ("  Buy milk  ", "Buy milk"),
                ("\t\nWater plants\r\n", "Water plants"),
                ("\u{3000}\u{00A0}Pay rent\u{2003}\u{2028}", "Pay rent"),
                (" inner  spaces stay ", "inner  spaces stay"),
            ]
            for (raw, stored) in cases {
                let task = try await context.createTask(raw)
                try context.expectExactText(task.title, stored, "title of \(Describe.createTask(raw, nil))")
                try context.expectExactText(try await context.task(task.id).title, stored, "stored title of \(Show.text(raw))")
            }
        },
        Rule(
            "TASK-CREATE-006",
            statement: "A title that is empty after trimming is rejected with validation.empty and nothing is stored.",
            reason: "A task without a title cannot be shown or found.",
            hint: "Trim first, then check for emptiness; validate before writing anything."
        ) { context in
            for raw in ["", "   ", "\n\t\r\n", "\u{3000}\u{00A0}"] {
                try await context.expectRejected(Describe.createTask(raw, nil), .validation(.title, .empty)) {
                    try await context.store.createTask(title: raw, notes: nil)
                }
            }
        },
        Rule(
            "TASK-CREATE-007",
            statement: "A title of exactly 200 Characters (grapheme clusters) after trimming is accepted.",
            reason: "The limit counts what a person sees: one emoji family is one character, not 25 bytes.",
            hint: "Count Swift Characters (String.count), not UTF-8 bytes, UTF-16 units or scalars."
        ) { context in
            let titles = [
                String(repeating: "a", count: 200),
                String(repeating: "👨‍👩‍👧‍👦", count: 200),
                String(repeating: "e\u{301}", count: 200),
                "  " + String(repeating: "b", count: 200) + "\n",
            ]
            for raw in titles {
                let task = try await context.createTask(raw)
                try context.expectExactText(task.title, Validation.trimmed(raw), "title of \(Describe.createTask(raw, nil))")
            }
            try context.expectEqual(try await context.count(), titles.count, "count after creating 200-character titles")
        },
        Rule(
            "TASK-CREATE-008",
            statement: "A title longer than 200 Characters after trimming is rejected with validation.tooLong(200).",
            reason: "Bounded fields keep lists readable and storage predictable.",
            hint: "Check the length after trimming, with String.count, and report max 200."
        ) { context in
            for raw in [String(repeating: "a", count: 201), String(repeating: "🇯🇵", count: 201)] {
                try await context.expectRejected(Describe.createTask(raw, nil), .validation(.title, .tooLong(max: 200))) {
                    try await context.store.createTask(title: raw, notes: nil)
                }
            }
        },
        Rule(
            "TASK-CREATE-009",
            statement:
                "A title with a control character (Unicode Cc: NUL, tab, line breaks, ESC, DEL) inside is rejected with validation.invalidCharacters.",
            reason: "Control characters break one-line displays, terminals and files, and can hide text.",
            hint: "After trimming, reject any scalar whose general category is Cc."
        ) { context in
            for raw in ["a\u{0}b", "a\tb", "line\nbreak", "a\rb", "esc\u{1B}[31mred", "del\u{7F}", "nel\u{85}x"] {
                try await context.expectRejected(Describe.createTask(raw, nil), .validation(.title, .invalidCharacters)) {
                    try await context.store.createTask(title: raw, notes: nil)
                }
            }
        },
        Rule(
            "TASK-CREATE-010",
            statement: "Notes are trimmed, and notes that are missing, empty or blank are stored as none (nil).",
            reason: "\"No notes\" must have one representation, or filters and displays disagree.",
            hint: "Trim the notes; turn an empty result into nil."
        ) { context in
            let cases: [(String?, String?)] = [(nil, nil), ("", nil), (" \n\t ", nil), ("  Ask for a receipt \n", "Ask for a receipt")]
            for (raw, stored) in cases {
                let task = try await context.createTask("Errand", notes: raw)
                try context.expectExactText(task.notes, stored, "notes of createTask(notes: \(Show.value(raw as Any)))")
                try context.expectExactText(try await context.task(task.id).notes, stored, "stored notes of \(Show.value(raw as Any))")
            }
        },
        Rule(
            "TASK-CREATE-011",
            statement:
                "Notes of up to 1,000 Characters with line breaks inside are accepted; longer notes are rejected with validation.tooLong(1000).",
            reason: "Notes are the place for several lines of detail, but not for unbounded text.",
            hint: "Allow \\n and \\r inside notes; count Characters after trimming."
        ) { context in
            let lines = "Line one\nLine two\r\nLine three"
            let task = try await context.createTask("Notes", notes: lines)
            try context.expectExactText(task.notes, lines, "notes with line breaks")
            let longest = String(repeating: "n", count: 1_000)
            try context.expectExactText(
                try await context.createTask("Long notes", notes: longest).notes, longest, "notes of 1,000 characters")
            let tooLong = String(repeating: "n", count: 1_001)
            try await context.expectRejected(Describe.createTask("Too long", tooLong), .validation(.notes, .tooLong(max: 1_000))) {
                try await context.store.createTask(title: "Too long", notes: tooLong)
            }
        },
        Rule(
            "TASK-CREATE-012",
            statement:
                "Notes with a control character other than line feed and carriage return are rejected with validation.invalidCharacters.",
            reason: "Line breaks belong in notes; NUL, tabs and escape codes do not.",
            hint: "Apply the title's control-character rule to notes, minus \\n and \\r."
        ) { context in
            for raw in ["tab\there", "nul\u{0}", "bell\u{7}", "esc\u{1B}[2J"] {
                try await context.expectRejected(Describe.createTask("Notes", raw), .validation(.notes, .invalidCharacters)) {
                    try await context.store.createTask(title: "Notes", notes: raw)
                }
            }
        },
        Rule(
            "TASK-CREATE-013",
            statement:
                "Text round-trips exactly, scalar for scalar: emoji and ZWJ sequences, combining marks, right-to-left text, quotes, backslashes, %, _, *, and SQL.",
            reason: "A store that alters what people type loses their data quietly; one that runs it as code is a security hole.",
            hint: "Bind values as parameters, escape with the encoder, never normalize; compare unicodeScalars."
        ) { context in
            for text in TextCorpus.roundTrip {
                await context.letTimePass(seconds: 1)
                let task = try await context.createTask(text, notes: text)
                try context.expectExactText(task.title, text, "title returned by create")
                let stored = try await context.task(task.id)
                try context.expectExactText(stored.title, text, "title read back by id")
                try context.expectExactText(stored.notes, text, "notes read back by id")
            }
            let listed = try await context.list()
            try context.expectEqual(listed.count, TextCorpus.roundTrip.count, "number of tasks listed")
            try context.expectTitles(listed.reversed(), TextCorpus.roundTrip, "titles listed, oldest first")
        },
        Rule(
            "TASK-CREATE-014",
            statement: "A rejected create stores nothing, even when only the notes are invalid.",
            reason: "Half-saved records are worse than none: the user thinks the save failed, yet something appeared.",
            hint: "Validate every field before storing anything."
        ) { context in
            try await context.expectRejected("createTask(title: \"Valid title\", notes: 1,001 characters)", .validation(.notes)) {
                try await context.store.createTask(title: "Valid title", notes: String(repeating: "x", count: 1_001))
            }
            try context.expectEqual(try await context.count(), 0, "count after rejected creates")
        },
    ]
}
