import CRUDSpec
import Foundation

extension Rules {
    static let taskRead: [Rule] = [
        Rule(
            "TASK-READ-001",
            statement: "Getting a task by an id that no task has throws notFound with that id.",
            reason: "Callers must be able to tell \"gone\" from \"broken\" to show the right message.",
            hint: "Map \"no row\" to CRUDError.notFound(id:), not to nil, a crash or another error."
        ) { context in
            _ = try await context.createTask("Present")
            let missing = UUID()
            try await context.expectError("task(id: \(Show.id(missing))) of an unknown id", .notFound(missing)) {
                try await context.store.task(id: missing)
            }
        },
        Rule(
            "TASK-READ-002",
            statement: "By default tasks are listed newest first by createdAt, whatever order they were created in.",
            reason: "The newest task is the one the user just added and expects to see at the top.",
            hint: "Sort by createdAt descending; do not rely on insertion order.",
            requires: [.injectedClock]
        ) { context in
            _ = try await context.createTasks(["first", "second", "third"])
            try context.clock.advance(seconds: -3_600)
            _ = try await context.createTask("backdated")
            try context.expectTitles(try await context.list(), ["third", "second", "first", "backdated"], "tasks() newest first")
        },
        Rule(
            "TASK-READ-003",
            statement: "Tasks created at the same instant are listed in reverse creation order (the later one first).",
            reason: "Ties left to chance make lists jump between reloads and pages overlap or skip records.",
            hint: "Break createdAt ties with a creation sequence (an insertion counter, or SQLite's rowid), descending.",
            requires: [.injectedClock]
        ) { context in
            try context.tick()
            // Ten ties: a store that breaks them by chance (a random id) passes with odds of 1 in 3.6 million.
            let titles = (1...10).map { "t\($0)" }
            for title in titles { _ = try await context.createTask(title) }
            try context.expectTitles(try await context.list(), titles.reversed(), "tasks() with ten creates at one instant")
            try context.expectTitles(
                try await context.list(TaskQuery(limit: 2, offset: 2)), ["t8", "t7"], "tasks(limit: 2, offset: 2) over the ties")
        },
        Rule(
            "TASK-READ-004",
            statement:
                "Title order is case-insensitive, then by exact title compared by Unicode scalar values (so e + U+0301 comes before é), then by creation (the earlier first).",
            reason: "People expect \"apple\" next to \"Apple\", and a fixed order for equal titles.",
            hint: "Sort by a case-folded key, then the exact title (binary), then the creation sequence ascending."
        ) { context in
            let made = try await context.createTasks(["banana", "same", "Apple", "cherry", "apple", "Banana", "same"])
            let listed = try await context.list(TaskQuery(sort: .title))
            try context.expectTitles(listed, ["Apple", "apple", "Banana", "banana", "cherry", "same", "same"], "tasks(sort: .title)")
            try context.expectIDs(Array(listed.suffix(2)), [made[1], made[6]], "the two tasks titled \"same\", earlier first")
            let forms = try await context.createTasks(["x caf\u{E9}", "x cafe\u{301}"])
            try context.expectIDs(
                Array(try await context.list(TaskQuery(sort: .title)).suffix(2)), [forms[1], forms[0]],
                "\"x cafe\u{301}\" (decomposed, U+0065 U+0301) before the later-created \"x caf\u{E9}\" (U+00E9): exact titles by scalar values, not String <"
            )
        },
        Rule(
            "TASK-READ-005",
            statement:
                "Title order folds case by Unicode case folding, beyond ASCII and independent of locale (ß sorts as ss, É with é, Σ with σ).",
            reason: "Case-insensitive order that only knows A–Z misplaces most of the world's titles.",
            hint: "Fold with full Unicode case folding (TextKey.folded); SQLite's lower() and NOCASE only fold ASCII."
        ) { context in
            _ = try await context.createTasks(["Ébc", "STRASSE 2", "σα", "éba", "straße 1", "Σβ"])
            try context.expectTitles(
                try await context.list(TaskQuery(sort: .title)), ["straße 1", "STRASSE 2", "éba", "Ébc", "σα", "Σβ"],
                "tasks(sort: .title) with non-ASCII titles")
        },
        Rule(
            "TASK-READ-006",
            statement: "The completed filter lists only done tasks, incomplete only open ones, all every task.",
            reason: "Filtering by status is the most common view of a to-do list.",
            hint: "Compare isCompleted with the filter; .all applies no condition."
        ) { context in
            let made = try await context.createTasks(["open 1", "done 1", "open 2", "done 2"])
            for index in [1, 3] {
                _ = try await context.attempt("setTaskCompleted(\(made[index].title), true)") {
                    try await context.store.setTaskCompleted(id: made[index].id, true)
                }
            }
            try context.expectTitles(
                try await context.list(TaskQuery(filter: .completed)), ["done 2", "done 1"], "tasks(filter: .completed)")
            try context.expectTitles(
                try await context.list(TaskQuery(filter: .incomplete)), ["open 2", "open 1"], "tasks(filter: .incomplete)")
            try context.expectTitles(
                try await context.list(TaskQuery(filter: .all)), ["done 2", "open 2", "done 1", "open 1"], "tasks(filter: .all)")
        },
        Rule(
            "TASK-READ-007",
            statement: "Search finds titles that contain the term, ignoring case and diacritics (\"cafe\" finds \"Café\" and \"CAFÉ\").",
            reason: "People type without accents and capitals and still expect to find their task.",
            hint: "Compare search keys (TextKey.searchKey): case-folded and stripped of combining marks, on both sides."
        ) { context in
            _ = try await context.createTasks(["Café au lait", "CAFÉ NOIR", "decaf cafe", "Tea", "ΣΊΣΥΦΟΣ"])
            try context.expectTitles(
                try await context.list(TaskQuery(search: "cafe")), ["decaf cafe", "CAFÉ NOIR", "Café au lait"], "tasks(search: \"cafe\")")
            try context.expectTitles(
                try await context.list(TaskQuery(search: "CAFÉ")), ["decaf cafe", "CAFÉ NOIR", "Café au lait"], "tasks(search: \"CAFÉ\")")
            try context.expectTitles(try await context.list(TaskQuery(search: "σίσυφος")), ["ΣΊΣΥΦΟΣ"], "tasks(search: \"σίσυφος\")")
            try context.expectTitles(try await context.list(TaskQuery(search: "coffee")), [], "tasks(search: \"coffee\")")
        },
        Rule(
            "TASK-READ-008",
            statement: "The search term is literal: %, _, *, \\ and other characters are never wildcards or escapes.",
            reason: "A user searching for \"100%\" wants that text, and user input must never become a pattern or query.",
            hint: "Use a substring test (or SQLite instr()), not LIKE or GLOB with the raw term."
        ) { context in
            _ = try await context.createTasks([
                "100% done", "100 percent", "a_b", "axb", "a*b", "ab", #"back\slash"#, "backslash", "[x]", "x",
            ])
            let cases: [(String, [String])] = [
                ("%", ["100% done"]), ("_", ["a_b"]), ("a_b", ["a_b"]), ("*", ["a*b"]), ("a*b", ["a*b"]),
                (#"\"#, [#"back\slash"#]), ("[x]", ["[x]"]), ("0%", ["100% done"]),
            ]
            for (term, titles) in cases {
                try context.expectTitles(try await context.list(TaskQuery(search: term)), titles, "tasks(search: \(Show.text(term)))")
            }
        },
        Rule(
            "TASK-READ-009",
            statement: "An empty or blank search term means no search: every task is listed.",
            reason: "Clearing the search box must bring the whole list back.",
            hint: "Trim the term; treat an empty result like nil."
        ) { context in
            _ = try await context.createTasks(["one", "two"])
            for term in ["", "   ", "\n"] {
                try context.expectTitles(
                    try await context.list(TaskQuery(search: term)), ["two", "one"], "tasks(search: \(Show.text(term)))")
            }
        },
        Rule(
            "TASK-READ-010",
            statement: "Search looks at titles only, not at notes.",
            reason: "One documented scope keeps results predictable across backends.",
            hint: "Match the term against the title alone."
        ) { context in
            _ = try await context.createTask("Shopping", notes: "milk and eggs")
            _ = try await context.createTask("Buy milk")
            try context.expectTitles(try await context.list(TaskQuery(search: "milk")), ["Buy milk"], "tasks(search: \"milk\")")
        },
        Rule(
            "TASK-READ-011",
            statement: "A limit returns at most that many tasks from the start of the order; limit 0 returns none.",
            reason: "Paging keeps long lists fast; 0 is a valid page size that asks for nothing.",
            hint: "Apply the limit after sorting and filtering; do not treat 0 as \"no limit\"."
        ) { context in
            _ = try await context.createTasks(["t1", "t2", "t3", "t4", "t5"])
            try context.expectTitles(try await context.list(TaskQuery(limit: 2)), ["t5", "t4"], "tasks(limit: 2)")
            try context.expectTitles(try await context.list(TaskQuery(limit: 0)), [], "tasks(limit: 0)")
            try context.expectTitles(try await context.list(TaskQuery(limit: 10)), ["t5", "t4", "t3", "t2", "t1"], "tasks(limit: 10)")
        },
        Rule(
            "TASK-READ-012",
            statement: "An offset skips that many tasks of the ordered result; past the end it returns none.",
            reason: "The second page must start exactly where the first ended.",
            hint: "Skip after sorting; an offset past the end is an empty page, not an error."
        ) { context in
            _ = try await context.createTasks(["t1", "t2", "t3", "t4", "t5"])
            try context.expectTitles(try await context.list(TaskQuery(offset: 2)), ["t3", "t2", "t1"], "tasks(offset: 2)")
            try context.expectTitles(try await context.list(TaskQuery(limit: 2, offset: 1)), ["t4", "t3"], "tasks(limit: 2, offset: 1)")
            try context.expectTitles(try await context.list(TaskQuery(offset: 5)), [], "tasks(offset: 5)")
            try context.expectTitles(try await context.list(TaskQuery(offset: 50)), [], "tasks(offset: 50)")
        },
        Rule(
            "TASK-READ-013",
            statement: "A negative limit or offset throws invalidQuery, from tasks and from countTasks.",
            reason: "A nonsense request must be refused, not quietly read as \"everything\".",
            hint: "Validate the query (TaskQuery.validate()) before running it."
        ) { context in
            _ = try await context.createTask("one")
            for query in [TaskQuery(limit: -1), TaskQuery(offset: -1), TaskQuery(limit: -5, offset: -5)] {
                try await context.expectError(Describe.query(query), .invalidQuery) { try await context.store.tasks(query) }
                try await context.expectError("countTasks(\(Describe.queryArguments(query)))", .invalidQuery) {
                    try await context.store.countTasks(query)
                }
            }
        },
        Rule(
            "TASK-READ-014",
            statement: "Filter, search, sort, limit and offset combine: filter and search first, then order, then offset, then limit.",
            reason: "A real screen uses them all at once, and each must narrow what the others return.",
            hint: "Filter and search, sort the matches, then skip and take."
        ) { context in
            let made = try await context.createTasks(["milk b", "Milk a", "bread", "milk c", "MILK d", "milk e"])
            for index in [0, 1, 4, 5] {
                _ = try await context.attempt("toggleTask(\(made[index].title))") { try await context.store.toggleTask(id: made[index].id) }
            }
            let query = TaskQuery(filter: .completed, search: "milk", sort: .title, limit: 2, offset: 1)
            try context.expectTitles(try await context.list(query), ["milk b", "MILK d"], Describe.query(query))
            let newest = TaskQuery(filter: .incomplete, search: "MILK", limit: 5)
            try context.expectTitles(try await context.list(newest), ["milk c"], Describe.query(newest))
        },
        Rule(
            "TASK-READ-015",
            statement: "countTasks counts the tasks that pass the filter and search; sort, limit and offset do not change it.",
            reason: "A count shown beside a page (\"3 of 40\") must count all matches, not the page.",
            hint: "Count with the same conditions as the list, before paging."
        ) { context in
            let made = try await context.createTasks(["milk", "bread", "oat milk"])
            _ = try await context.attempt("toggleTask(\"milk\")") { try await context.store.toggleTask(id: made[0].id) }
            try context.expectEqual(try await context.count(), 3, "countTasks()")
            try context.expectEqual(try await context.count(TaskQuery(filter: .completed)), 1, "countTasks(filter: .completed)")
            try context.expectEqual(try await context.count(TaskQuery(search: "MILK")), 2, "countTasks(search: \"MILK\")")
            try context.expectEqual(
                try await context.count(TaskQuery(search: " \n ")), 3, "countTasks(search: \" \\n \") (blank: no search)")
            try context.expectEqual(
                try await context.count(TaskQuery(filter: .completed, search: "  ")), 1, "countTasks(filter: .completed, search: \"  \")")
            try context.expectEqual(
                try await context.count(TaskQuery(filter: .incomplete, search: "milk", limit: 0, offset: 1)), 1,
                "countTasks(filter: .incomplete, search: \"milk\", limit: 0, offset: 1)")
        },
        Rule(
            "TASK-READ-016",
            statement: "A fresh store lists no tasks and no contacts and counts zero tasks.",
            reason: "The empty state is the first screen every user sees.",
            hint: "Create the store empty; an empty table is not an error."
        ) { context in
            try context.expectTitles(try await context.list(), [], "tasks() on a fresh store")
            try context.expectEqual(try await context.count(), 0, "countTasks() on a fresh store")
            try context.expectEqual(try await context.listContacts().count, 0, "contacts() on a fresh store")
        },
        Rule(
            "TASK-READ-017", .should,
            statement:
                "Search treats canonically equivalent text as equal: a precomposed term finds a decomposed title and the other way round.",
            reason: "Keyboards, pasted text and file systems produce both forms of \"é\"; they look identical to the user.",
            hint: "Normalize both sides of the comparison (the search key does), while storing the text as typed."
        ) { context in
            _ = try await context.createTasks(["Cafe\u{301} decomposed", "Caf\u{E9} precomposed"])
            for term in ["caf\u{E9}", "cafe\u{301}"] {
                try context.expectTitles(
                    try await context.list(TaskQuery(search: term)), ["Caf\u{E9} precomposed", "Cafe\u{301} decomposed"],
                    "tasks(search: \(Show.text(term))\(Describe.scalars(term)))")
            }
        },
        Rule(
            "TASK-READ-018",
            statement:
                "Every combination of filter, search (none, blank, padded, a term, one that matches nothing), sort, limit and offset gives the page the specification defines, and countTasks the number of matches, on tasks with repeated titles, ties and completed ones.",
            reason: "Screens combine all of these at once; each part working alone does not make the combination right.",
            hint:
                "Apply filter and search together, then the order with its tie-breaks, then the offset, then the limit; count before paging.",
            requires: [.injectedClock]
        ) { context in
            var made: [TaskItem] = []
            for (index, title) in ["milk", "Milk", "MILK tea", "café", "Cafe\u{301} noir", "bread", "milk", "oat milk", "Straße"]
                .enumerated()
            {
                if index % 3 != 1 { try context.tick(seconds: 1) }  // every third task shares its instant with the one before
                if index == 5 { try context.clock.advance(seconds: -3_600) }  // and from the sixth on, an hour back
                made.append(try await context.createTask(title))
            }
            for index in [1, 2, 4, 6] {
                made[index] = try await context.attempt("setTaskCompleted(\(Show.text(made[index].title)), true)") {
                    try await context.store.setTaskCompleted(id: made[index].id, true)
                }
            }
            for filter in TaskFilter.allCases {
                for search in [nil, "  ", "milk", " MILK\n", "cafe", "zzz"] {
                    let matches = made.filter {
                        (filter == .all || $0.isCompleted == (filter == .completed)) && Expected.matches($0.title, search: search)
                    }
                    let counted = TaskQuery(filter: filter, search: search, sort: .title, limit: 1, offset: 1)
                    try context.expectEqual(
                        try await context.count(counted), matches.count, "countTasks(\(Describe.queryArguments(counted)))")
                    for sort in TaskSort.allCases {
                        let ordered = Expected.tasks(matches, sort)
                        for limit in [nil, 0, 2] {
                            for offset in [0, 1, 20] {
                                let query = TaskQuery(filter: filter, search: search, sort: sort, limit: limit, offset: offset)
                                let page = Array(ordered.dropFirst(offset).prefix(limit ?? ordered.count))
                                try context.expectIDs(try await context.list(query), page, Describe.query(query))
                            }
                        }
                    }
                }
            }
        },
        Rule(
            "TASK-READ-019",
            statement:
                "A search term is trimmed of Unicode White_Space before matching (\"  milk\\n\" finds what \"milk\" finds), and the spaces inside it are matched literally.",
            reason: "A term typed or pasted with a stray space must still find the task, but \"oat milk\" is not \"oat  milk\".",
            hint: "Use the query's effectiveSearch (Validation.searchTerm): trim the ends, keep the inside."
        ) { context in
            _ = try await context.createTasks(["oat milk", "oat  milk", "milk"])
            let cases: [(String, [String])] = [
                ("  milk\n", ["milk", "oat  milk", "oat milk"]), ("\u{3000}oat milk\u{A0}", ["oat milk"]), ("oat  milk", ["oat  milk"]),
                ("t m", ["oat milk"]),
            ]
            for (term, titles) in cases {
                try context.expectTitles(
                    try await context.list(TaskQuery(search: term)), titles, "tasks(search: \(Show.text(term))\(Describe.scalars(term)))")
                try context.expectEqual(
                    try await context.count(TaskQuery(search: term)), titles.count, "countTasks(search: \(Show.text(term)))")
            }
        },
    ]
}
