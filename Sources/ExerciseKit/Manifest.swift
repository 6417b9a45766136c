/// One exercise: where it is, what it teaches, how it is graded, and how to get unstuck.
public struct ExerciseInfo: Sendable, Identifiable {
    public let number: Int
    public let title: String
    /// The starter file, relative to the repository root.
    public let file: String
    /// The exercise's folder, relative to the repository root (`Exercises/03-Update`): a
    /// module of its own.
    public var folder: String { file.split(separator: "/").prefix(2).joined(separator: "/") }
    /// The lesson to read, relative to the repository root.
    public let lesson: String
    /// The rules that grade it; every one must pass.
    public let rules: [String]
    public let points: Int
    /// Hints, from a nudge to nearly the answer.
    public let hints: [String]
    /// Where the graded store keeps its records; the durability rules reopen stores that
    /// keep them in a file.
    public let storage: ExerciseStore.Storage
    /// What the student's code is, and so what the rules run against.
    public let graded: Graded
    /// Hints that replace a rule's own in this exercise, where the rule's speaks of stores
    /// (an SQLite rowid) and the exercise of an array.
    public let ruleHints: [String: String]

    /// What an exercise grades.
    public enum Graded: Sendable {
        /// Parts of a store: the rules run on a store built from them and the reference's.
        case storeParts
        /// An HTTP client (Exercise 11): the rules run through it, against the mock server on
        /// a free port.
        case httpClient
        /// Checks of the student's own (Exercise 14), run on a correct store and on planted bugs.
        case ownChecks
        /// The pure logic of a screen (Exercises 16 and 17): the VIEW rules run the kit's view
        /// models with it, on an in-memory store.
        case viewLogic
    }

    public init(
        number: Int, title: String, file: String, lesson: String, rules: [String], points: Int, hints: [String],
        storage: ExerciseStore.Storage = .memory, graded: Graded = .storeParts, ruleHints: [String: String] = [:]
    ) {
        self.ruleHints = ruleHints
        self.number = number
        self.title = title
        self.file = file
        self.lesson = lesson
        self.rules = rules
        self.points = points
        self.hints = hints
        self.storage = storage
        self.graded = graded
    }

    public var id: Int { number }
}

/// The one manifest: everything else (the runner, the grader, the tests that keep the
/// Course honest) reads the exercises from here.
public enum Manifest {
    /// The rules of a task table, in SQLite (Exercise 10) or PostgreSQL (Exercise 15): what
    /// survives a reopen, exact text, and updates and deletes by id.
    static let taskTableRules = [
        "DURABILITY-001", "DURABILITY-002", "DURABILITY-006", "TASK-CREATE-013", "TASK-UPDATE-001", "TASK-DELETE-001",
    ]

    public static let exercises: [ExerciseInfo] = [
        ExerciseInfo(
            number: 1, title: "Validate a title", file: "Exercises/01-TitleValidation/TitleRulesExercise.swift",
            lesson: "Course/Lessons/08-Validation.md",
            rules: ["TASK-CREATE-005", "TASK-CREATE-006", "TASK-CREATE-007", "TASK-CREATE-008", "TASK-CREATE-009"], points: 10,
            hints: [
                "Trim first, with Validation.trimmed (it knows every Unicode space), then check what is left.",
                "Count Characters with String.count, not utf8.count: one emoji family is one Character.",
                "A control character is a Unicode.Scalar whose properties.generalCategory is .control.",
                "Throw CRUDError.validation(ValidationFailure(field: .title, reason: .empty)) and friends.",
            ]),
        ExerciseInfo(
            number: 2, title: "Create and read tasks", file: "Exercises/02-CreateRead/TaskCreatingExercise.swift",
            lesson: "Course/Lessons/04-Create.md",
            rules: [
                "TASK-CREATE-001", "TASK-CREATE-002", "TASK-CREATE-003", "TASK-CREATE-004", "TASK-CREATE-013", "TASK-READ-001",
                "TASK-READ-002", "TASK-READ-003", "TASK-READ-016",
            ], points: 20,
            hints: [
                "A new task gets UUID(), isCompleted false, and now for both createdAt and updatedAt.",
                "Append to list.tasks: the array keeps creation order, which breaks ties later.",
                "Look a task up with first(where:) and throw CRUDError.notFound(id:) when there is none.",
                "Newest first: sort by createdAt descending; for equal dates, the later index first (enumerated() helps).",
            ],
            ruleHints: [
                "TASK-READ-003":
                    "Tasks created at the same instant: the one later in list.tasks comes first (sort by createdAt, then by index).",
                "TASK-READ-002": "Sort list.tasks by createdAt, newest first; do not rely on the array's order.",
            ]),
        ExerciseInfo(
            number: 3, title: "Update a task in place", file: "Exercises/03-Update/TaskUpdatingExercise.swift",
            lesson: "Course/Lessons/06-Update.md",
            rules: ["TASK-UPDATE-001", "TASK-UPDATE-003", "TASK-UPDATE-004", "TASK-UPDATE-005", "TASK-UPDATE-006", "TASK-UPDATE-007"],
            points: 15,
            hints: [
                "Find the index of the task with firstIndex(where:).",
                "Change the element in the array, not a copy: change(&list.tasks[index]).",
                "Stamp updatedAt after the change; never touch id or createdAt.",
            ]),
        ExerciseInfo(
            number: 4, title: "Delete a task", file: "Exercises/04-Delete/TaskDeletingExercise.swift",
            lesson: "Course/Lessons/07-Delete.md", rules: ["TASK-DELETE-001", "TASK-DELETE-002", "TASK-DELETE-003"], points: 10,
            hints: [
                "Remove by id only: firstIndex(where:), then remove(at:).",
                "Deleting an id that is not there is an error: throw CRUDError.notFound(id:).",
            ]),
        ExerciseInfo(
            number: 5, title: "Filter, search, sort and page", file: "Exercises/05-Query/TaskQueryingExercise.swift",
            lesson: "Course/Lessons/05-Read.md",
            rules: [
                "TASK-READ-004", "TASK-READ-005", "TASK-READ-006", "TASK-READ-007", "TASK-READ-008", "TASK-READ-009", "TASK-READ-010",
                "TASK-READ-011", "TASK-READ-012", "TASK-READ-014", "TASK-READ-015",
            ], points: 25,
            hints: [
                "Work in the order the rule says: filter and search, then sort, then skip, then take.",
                "query.filter.includes(task) filters; query.effectiveSearch is the trimmed term or nil.",
                "Compare with TextKey.searchKey on both sides: it folds case and drops accents; then test that one contains the other.",
                "Title order: TextKey.folded(title), then the exact title by its scalars (String == calls é and e + U+0301 equal), then the earlier position; newest first: createdAt, then the later position.",
                "dropFirst(offset) and prefix(limit) never go out of range, even past the end.",
            ],
            ruleHints: [
                "TASK-READ-004":
                    "Sort by TextKey.folded(title), then the exact title by its scalars, then the earlier index in list.tasks."
            ]),
        ExerciseInfo(
            number: 6, title: "Validate and normalize contacts", file: "Exercises/06-ContactRules/ContactRulesExercise.swift",
            lesson: "Course/Lessons/08-Validation.md",
            rules: [
                "CONTACT-CREATE-001", "CONTACT-CREATE-002", "CONTACT-CREATE-003", "CONTACT-CREATE-004", "CONTACT-CREATE-005",
                "CONTACT-CREATE-006", "CONTACT-UPDATE-002", "CONTACT-UPDATE-003",
            ], points: 15,
            hints: [
                "Trim every field first (Validation.trimmed); lowercase the email after trimming.",
                "An email: split on \"@\" without omitting empty parts; exactly two parts, the first not empty.",
                "The domain: split on \".\", at least two labels, none empty.",
                "A phone: count the digits 0-9; every other character must be one of \" +-().\"; 7...15 digits.",
            ]),
        ExerciseInfo(
            number: 7, title: "Save contacts without duplicates", file: "Exercises/07-ContactSaving/ContactSavingExercise.swift",
            lesson: "Course/Lessons/08-Validation.md",
            rules: [
                "CONTACT-DUP-001", "CONTACT-DUP-002", "CONTACT-DUP-003", "CONTACT-DUP-004", "CONTACT-DUP-005", "CONTACT-CREATE-007",
                "CONTACT-READ-001", "CONTACT-UPDATE-001", "CONTACT-UPDATE-004", "CONTACT-DELETE-001", "CONTACT-DELETE-002",
            ], points: 20,
            hints: [
                "Emails arrive already lowercased, so two equal emails are equal strings.",
                "On update, only another contact's email is a conflict: compare ids.",
                "Check everything before changing the array: a refused update must change nothing.",
                "A deleted contact's email is free again because the contact is no longer in the array.",
            ]),
        ExerciseInfo(
            number: 8, title: "List and search contacts", file: "Exercises/08-ContactSearch/ContactSearchingExercise.swift",
            lesson: "Course/Lessons/05-Read.md", rules: ["CONTACT-READ-002", "CONTACT-READ-003", "CONTACT-READ-004"], points: 10,
            hints: [
                "The same search as for tasks, on the name: TextKey.searchKey on both sides.",
                "Order by TextKey.folded(name), then email, then position in the array.",
            ]),
        ExerciseInfo(
            number: 9, title: "Keep the store in a JSON file", file: "Exercises/09-JSONFile/StoreFileExercise.swift",
            lesson: "Course/Lessons/02-ChoosingStorage.md",
            rules: [
                "DURABILITY-001", "DURABILITY-002", "DURABILITY-003", "DURABILITY-004", "DURABILITY-005", "DURABILITY-006",
                StoreFileGrading.atomicSave,
            ],
            points: 20,
            hints: [
                "Make a small Codable struct with two arrays, tasks and contacts: TaskItem and Contact are Codable already.",
                "Missing file: return an empty StoreSnapshot; FileManager.default.fileExists(atPath:) tells.",
                "Keep the arrays in order: their order is the creation order that breaks ties after a reopen.",
                "Write to a temporary file in the same folder, then rename it over the store (or Data.write(options: .atomic)).",
                "Dates must survive to the millisecond: JSONEncoder's default (seconds since 2001 as a Double) does.",
            ], storage: .file),
        ExerciseInfo(
            number: 10, title: "Keep tasks in SQLite", file: "Exercises/10-SQLite/TaskTableExercise.swift",
            lesson: "Course/Lessons/12-Performance.md",
            rules: taskTableRules, points: 20,
            hints: [
                "One table: seq INTEGER PRIMARY KEY (the insertion order), id TEXT UNIQUE, then one column per field.",
                "Bind every value with ? and db.run(sql, [.text(...), ...]): never put a title inside the SQL text.",
                "Dates as integers: Timestamp.milliseconds(date) in, Timestamp.date(milliseconds:) out.",
                "all(in:) must ORDER BY seq, or the creation order (and every tie) is lost after a reopen.",
                "db.run returns how many rows changed: 0 means the id was not there.",
            ], storage: .sqlite),
        ExerciseInfo(
            number: 11, title: "Read the server's answers", file: "Exercises/11-HTTP/ReplyDecodingExercise.swift",
            lesson: "Course/Lessons/11-RemoteAPI.md",
            rules: [
                "TASK-READ-001", "TASK-DELETE-002", "TASK-CREATE-004", "TASK-UPDATE-001", "TASK-CREATE-006", "TASK-CREATE-008",
                "TASK-IMPORT-002", "CONTACT-DUP-001",
            ], points: 20,
            hints: [
                "Decide by the Parse code in the body (body[\"code\"] as? Int), not by the message text.",
                "403 is unauthorized; 404 with code 101 is notFound(id: requestedID) when there is an id.",
                "142 carries field, reason, max and position: rebuild the exact ValidationFailure from them.",
                "Dates are ISO 8601 with milliseconds: Timestamp.parseISO8601 reads them; notes may be missing.",
            ], graded: .httpClient),
        ExerciseInfo(
            number: 12, title: "A repository over a blob store", file: "Exercises/12-Repository/TaskRepositoryExercise.swift",
            lesson: "Course/Lessons/10-ServiceLayer.md",
            rules: [
                "TASK-READ-001", "TASK-CREATE-004", "TASK-CREATE-013", "TASK-UPDATE-001", "TASK-DELETE-001", "TASK-DELETE-002",
                "TASK-DELETE-003",
            ], points: 15,
            hints: [
                "TaskItem is Codable: JSONEncoder().encode(task) gives the bytes; use the id's uuidString as the key.",
                "Catch BlobStore.Failure.missing and throw CRUDError.notFound(id: id) instead: callers must never see the blob store's errors.",
                "A blob that does not decode is damage, not absence: CRUDError.corruptStore(path:).",
            ], storage: .repository),
        ExerciseInfo(
            number: 13, title: "Import all or nothing", file: "Exercises/13-Import/TaskImportingExercise.swift",
            lesson: "Course/Lessons/09-Errors.md", rules: ["TASK-IMPORT-001", "TASK-IMPORT-002", "TASK-IMPORT-003"], points: 10,
            hints: [
                "Two passes: first validate every title (and remember the results), then append all the tasks.",
                "enumerated() gives each title's index; the position is index + 1.",
                "Catch CRUDError.validation(var failure), set failure.position, and throw it again.",
            ]),
        ExerciseInfo(
            number: 14, title: "Write your own checks", file: "Exercises/14-OwnChecks/OwnChecksExercise.swift",
            lesson: "Course/Lessons/13-Testing.md", rules: ["TASK-CREATE-001", "TASK-READ-001", "TASK-UPDATE-001", "TASK-DELETE-001"],
            points: 20,
            hints: [
                "A check is an expectation you can fail: if the store's answer is wrong, throw an error of your own.",
                "Create a task and look at everything about it: title, isCompleted, and reading it back by id.",
                "Ask for an id that was never created: anything but CRUDError.notFound is wrong.",
                "After a rename, the id must be the one you had; after a delete, the other tasks must still be there.",
            ], graded: .ownChecks),
        ExerciseInfo(
            number: 15, title: "Keep tasks in PostgreSQL", file: "Exercises/15-PostgreSQL/PostgresTaskTableExercise.swift",
            lesson: "Course/Lessons/15-ClientServerStorage.md",
            rules: taskTableRules, points: 20,
            hints: [
                "One table: seq BIGSERIAL PRIMARY KEY (the insertion order), id UUID UNIQUE, then one column per field.",
                "Put $1, $2… in the SQL and the values in parameters, as text: never put a title inside the SQL text.",
                "Dates as BIGINT: String(Timestamp.milliseconds(date)) in, Timestamp.date(milliseconds:) of Int64(text) out.",
                "A BOOLEAN column comes back as \"t\" or \"f\"; selectAll() must ORDER BY seq, or the creation order is lost after a reopen.",
                "An UPDATE or DELETE must say WHERE id = $n: the grader reads its row count, and 0 means the id was not there.",
            ], storage: .postgres),
        ExerciseInfo(
            number: 16, title: "Edit a task: draft, validation, failed save, cancel",
            file: "Exercises/16-TaskEditor/TaskEditorExercise.swift", lesson: "Course/Lessons/17-EditingAndErrors.md",
            rules: ["VIEW-001", "VIEW-002"], points: 15,
            hints: [
                "Start from var next = state, change what the event says, and return next: every event is one case of a switch.",
                "Typing sets the field and marks it edited; savePressed marks saveAttempted whatever happens next.",
                "Only savePressed with a valid draft, on an editor open, not saving and not deleted meanwhile, sets isSaving.",
                "saveFailed and deletedMeanwhile stop the save and keep title and notes exactly as typed.",
                "cancelPressed closes as .discarded only without changes (state.hasChanges); otherwise it asks, and only discardConfirmed closes.",
            ],
            graded: .viewLogic,
            ruleHints: [
                "VIEW-001":
                    "After saveFailed, isSaving is false, errorMessage is the event's message, and the draft is untouched; a later valid savePressed starts a new save.",
                "VIEW-002":
                    "cancelPressed without changes closes (.discarded); with changes it sets isAskingToDiscard and keeps the editor open; keepEditing only clears the question.",
            ]),
        ExerciseInfo(
            number: 17, title: "The task list: empty states and delete confirmation",
            file: "Exercises/17-TaskList/TaskListExercise.swift", lesson: "Course/Lessons/16-Screens.md",
            rules: ["VIEW-003", "VIEW-004"], points: 15,
            hints: [
                "Before the first load there is no empty state, and a list with rows has none either.",
                "totalCount counts every task in the store: 0 means no tasks yet; more means the filter or search hides them.",
                "requested only sets pending; declined clears it; nothing else happens until confirmed.",
                "confirmed moves the pending id into deleting and clears pending: the row stays until storeDeleted or storeFailed.",
                "storeFailed removes the id from deleting and keeps the message; storeDeleted removes it and clears the message.",
            ],
            graded: .viewLogic,
            ruleHints: [
                "VIEW-003":
                    "confirmed must put exactly the pending id into deleting, and declined must leave deleting empty: the model deletes what deleting holds.",
                "VIEW-004": "noRecordsYet only when totalCount is 0; noMatches when the store holds tasks but none was loaded.",
            ]),
    ]

    /// The exercise with this number.
    public static func exercise(_ number: Int) -> ExerciseInfo? {
        exercises.first { $0.number == number }
    }

    /// Total points of the course's exercises.
    public static var totalPoints: Int { exercises.map(\.points).reduce(0, +) }
}

/// One (exercise, rule) pair: a check a student makes pass.
public struct ExerciseCheck: Sendable, CustomStringConvertible {
    public let exercise: Int
    public let rule: String

    public var description: String { "exercise \(exercise): \(rule)" }

    /// Every check of every exercise, in course order.
    public static let all = Manifest.exercises.flatMap { exercise in
        exercise.rules.map { ExerciseCheck(exercise: exercise.number, rule: $0) }
    }
}
