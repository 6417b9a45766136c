import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in reading tasks; their stores are in `IndependentStores+TaskRead.swift`.
    static let independentTaskRead: [Witnessed] = [
        Witnessed(
            Mutant(
                "task-lookup-falls-back-to-contacts", mistake: "one table of records: task(id:) with a contact's id returns it as a task",
                aimedAt: ["IDS-001"]
            ) { inner, _ in SharedTableGetStore(inner: inner) }
        ) { s in
            let ada = try await s.makeContact("Ada", "ada@example.org")
            return await See.attempt({ try await s.store.task(id: ada.id) }) { See.task($0) }
        },
        Witnessed(
            Mutant(
                "newest-by-insertion-order", mistake: "lists the last inserted first without looking at createdAt",
                aimedAt: ["TASK-READ-002"]
            ) { inner, _ in
                TaskListingStore(inner: inner, order: WrongListing.insertionOrder)
            }
        ) { s in
            _ = try await s.make("Written now")
            s.clock.advance(seconds: -60)
            _ = try await s.make("Backdated a minute")
            return await s.titles()
        },
        Witnessed(
            Mutant(
                "same-instant-earlier-first", mistake: "sorts by createdAt only; ties stay in insertion order", aimedAt: ["TASK-READ-003"]
            ) { inner, _ in
                TaskListingStore(inner: inner, order: WrongListing.tiesEarlierFirst)
            }
        ) { s in
            _ = try await s.make("First")
            _ = try await s.make("Second")
            return await s.titles()
        },
        Witnessed(
            Mutant(
                "title-order-ascii-case-folding", mistake: "sorts titles by a key lowercased in A-Z only",
                aimedAt: ["TASK-READ-005"]
            ) { inner, _ in
                TaskListingStore(inner: inner, order: WrongListing.asciiFold)
            }
        ) { s in
            _ = try await s.make("Éz")
            _ = try await s.make("éa")
            return await s.titles(TaskQuery(sort: .title))
        },
        Witnessed(
            Mutant(
                "title-order-lowercased-not-folded", mistake: "sorts titles by lowercased(), which is not case folding (ß)",
                aimedAt: ["TASK-READ-005"]
            ) { inner, _ in
                TaskListingStore(inner: inner, order: WrongListing.lowercasedKey)
            }
        ) { s in
            _ = try await s.make("Strasse z")
            _ = try await s.make("Straße a")
            return await s.titles(TaskQuery(sort: .title))
        },
        Witnessed(
            Mutant(
                "title-order-without-exact-tiebreak", mistake: "titles equal when folded are ordered by creation, not by the exact title",
                aimedAt: ["TASK-READ-004"]
            ) { inner, _ in TaskListingStore(inner: inner, order: WrongListing.noExactTiebreak) }
        ) { s in
            _ = try await s.make("apple")
            _ = try await s.make("Apple")
            return await s.titles(TaskQuery(sort: .title))
        },
        Witnessed(
            Mutant(
                "title-order-equal-titles-newest-first",
                mistake: "breaks ties of equal titles with the newest-first rule (the later first)",
                aimedAt: ["TASK-READ-004"]
            ) { inner, _ in TaskListingStore(inner: inner, order: WrongListing.equalTitlesLaterFirst) }
        ) { s in
            _ = try await s.make("Tea", notes: "first")
            _ = try await s.make("Tea", notes: "second")
            return await See.attempt({ try await s.store.tasks(TaskQuery(sort: .title)) }) { See.list($0.compactMap(\.notes)) }
        },
        Witnessed(
            Mutant(
                "filter-all-as-incomplete", mistake: "maps the filter to isCompleted == (filter == .completed), so .all lists open tasks",
                aimedAt: ["TASK-READ-006"]
            ) { inner, _ in
                TaskListingStore(inner: inner, matches: WrongListing.filterAsBool)
            }
        ) { s in
            _ = try await s.make("Open")
            let done = try await s.make("Done")
            _ = try await s.store.setTaskCompleted(id: done.id, true)
            return "\(await s.titles(TaskQuery(filter: .all))); count \(await s.count(TaskQuery(filter: .all)))"
        },
        Witnessed(
            Mutant(
                "search-case-only", mistake: "searches with lowercased() on both sides: diacritics still matter",
                aimedAt: ["TASK-READ-007"]
            ) { inner, _ in
                TaskListingStore(inner: inner, matches: WrongListing.caseOnly)
            }
        ) { s in
            _ = try await s.make("Café au lait")
            return await s.titles(TaskQuery(search: "cafe"))
        },
        Witnessed(
            Mutant(
                "search-key-on-title-only", mistake: "folds and strips the title but only lowercases the term", aimedAt: ["TASK-READ-007"]
            ) { inner, _ in
                TaskListingStore(inner: inner, matches: WrongListing.keyOnTitleOnly)
            }
        ) { s in
            _ = try await s.make("Café")
            return await s.titles(TaskQuery(search: "CAFÉ"))
        },
        Witnessed(
            Mutant(
                "search-as-like-pattern", mistake: "searches with LIKE '%term%': % and _ in the term are wildcards",
                aimedAt: ["TASK-READ-008"]
            ) { inner, _ in
                TaskListingStore(inner: inner, matches: WrongListing.likePattern)
            }
        ) { s in
            _ = try await s.make("100 push-ups")
            _ = try await s.make("Score: 100%")
            return await s.titles(TaskQuery(search: "100%"))
        },
        Witnessed(
            Mutant(
                "search-blank-trimmed-of-spaces", mistake: "recognises a blank term by trimming spaces only: \" \\t \" is searched for",
                aimedAt: ["TASK-READ-009"]
            ) { inner, _ in
                TaskListingStore(inner: inner, matches: WrongListing.blankTrimmedOfSpaces)
            }
        ) { s in
            _ = try await s.make("Buy milk")
            _ = try await s.make("Tea")
            return "\(await s.titles(TaskQuery(search: " \t "))); count \(await s.count(TaskQuery(search: " \t ")))"
        },
        Witnessed(
            Mutant("search-also-in-notes", mistake: "searches notes as well as titles", aimedAt: ["TASK-READ-010"]) { inner, _ in
                TaskListingStore(inner: inner, matches: WrongListing.titleOrNotes)
            }
        ) { s in
            _ = try await s.make("Groceries", notes: "milk, eggs")
            return await s.titles(TaskQuery(search: "milk"))
        },
        Witnessed(
            Mutant(
                "search-term-untrimmed",
                mistake: "uses a non-blank term as typed, spaces included"
                    + " (TaskQuery.effectiveSearch: 'The search term a backend should use: trimmed')",
                aimedAt: ["TASK-READ-019"]
            ) { inner, _ in TaskListingStore(inner: inner, matches: WrongListing.untrimmedTerm) }
        ) { s in
            _ = try await s.make("Buy milk")
            return await s.titles(TaskQuery(search: "milk "))
        },
        Witnessed(
            Mutant(
                "search-accents-by-table", mistake: "strips accents with a table of precomposed letters, without normalizing",
                aimedAt: ["TASK-READ-017"]
            ) { inner, _ in TaskListingStore(inner: inner, matches: WrongListing.accentTable) }
        ) { s in
            _ = try await s.make("Café")
            return await s.titles(TaskQuery(search: "cafe\u{301}"))
        },
        Witnessed(
            Mutant("limit-zero-means-all", mistake: "treats limit 0 as no limit", aimedAt: ["TASK-READ-011"]) { inner, _ in
                ZeroLimitStore(inner: inner)
            }
        ) { s in
            _ = try await s.make("One")
            _ = try await s.make("Two")
            return await s.titles(TaskQuery(limit: 0))
        },
        Witnessed(
            Mutant(
                "offset-before-sort", mistake: "skips the offset in insertion order, then sorts and takes the limit",
                aimedAt: ["TASK-READ-012", "TASK-READ-014"]
            ) { inner, _ in
                OffsetBeforeSortStore(inner: inner)
            }
        ) { s in
            for title in ["A", "B", "C"] {
                _ = try await s.make(title)
                s.clock.advance(seconds: 1)
            }
            return await s.titles(TaskQuery(sort: .title, limit: 1, offset: 1)) + " " + (await s.titles(TaskQuery(limit: 1, offset: 1)))
        },
        Witnessed(
            Mutant(
                "offset-past-end-refused", mistake: "reports an offset past the end as an invalid query",
                aimedAt: ["TASK-READ-012"]
            ) { inner, _ in
                OffsetPastEndStore(inner: inner)
            }
        ) { s in
            _ = try await s.make("One")
            return await s.titles(TaskQuery(offset: 5))
        },
        Witnessed(
            Mutant("negative-offset-clamped", mistake: "clamps a negative offset to 0 instead of refusing it", aimedAt: ["TASK-READ-013"]) {
                inner, _ in
                ClampedOffsetStore(inner: inner)
            }
        ) { s in
            _ = try await s.make("One")
            return await s.titles(TaskQuery(offset: -1))
        },
        Witnessed(
            Mutant(
                "filter-after-paging", mistake: "orders and pages all tasks, then filters and searches the page",
                aimedAt: ["TASK-READ-014", "TASK-READ-018"]
            ) { inner, _ in
                LimitBeforeFilterStore(inner: inner)
            }
        ) { s in
            let done = try await s.make("Done")
            _ = try await s.make("Open")
            _ = try await s.store.setTaskCompleted(id: done.id, true)
            return await s.titles(TaskQuery(filter: .completed, limit: 1))
        },
        Witnessed(
            Mutant("count-counts-the-page", mistake: "counts the tasks of the page, limit and offset applied", aimedAt: ["TASK-READ-015"]) {
                inner, _ in
                PageCountStore(inner: inner)
            }
        ) { s in
            for title in ["One", "Two", "Three"] { _ = try await s.make(title) }
            return await s.count(TaskQuery(limit: 2, offset: 0))
        },
        Witnessed(
            Mutant(
                "count-blank-search-literal", mistake: "the count ignores only a nil or empty term; a blank one is searched for",
                aimedAt: ["TASK-READ-015"]
            ) { inner, _ in BlankCountStore(inner: inner) }
        ) { s in
            _ = try await s.make("Buy milk")
            _ = try await s.make("Tea")
            return "list \(await s.titles(TaskQuery(search: "  "))); count \(await s.count(TaskQuery(search: "  ")))"
        },
        Witnessed(
            Mutant(
                "fresh-store-seeded", mistake: "a new store greets the user with a sample task",
                aimedAt: ["TASK-READ-016"]
            ) { _, clock in
                MemoryStore(state: SeededState.make(clock: clock), clock: clock)
            }
        ) { s in "\(await s.titles()); count \(await s.count())" },
        Witnessed(
            Mutant(
                "title-tiebreak-by-swift-string",
                mistake: "breaks folded ties with Swift's String <, which calls canonically equivalent titles equal"
                    + " (RecordOrder.tasks: 'then the exact title, both by Unicode scalar values')",
                aimedAt: ["TASK-READ-004"]
            ) { inner, _ in TaskListingStore(inner: inner, order: WrongListing.swiftStringTiebreak) }
        ) { s in
            _ = try await s.make("Caf\u{E9}")
            _ = try await s.make("Cafe\u{301}")
            return await s.titles(TaskQuery(sort: .title))
        },
        Witnessed(
            Mutant(
                "title-order-by-collation",
                mistake: "sorts titles with a case-insensitive en_US collation, not folded scalar values"
                    + " (RecordOrder.tasks: 'the case-folded title ..., then the exact title, both by Unicode scalar values')",
                aimedAt: ["TASK-READ-005"]
            ) { inner, _ in TaskListingStore(inner: inner, order: WrongListing.localizedCompare) }
        ) { s in
            _ = try await s.make("Zebra")
            _ = try await s.make("\u{C9}clair")
            return await s.titles(TaskQuery(sort: .title))
        },
        Witnessed(
            Mutant(
                "limit-before-offset", mistake: "takes the limit first, then skips the offset within it",
                aimedAt: ["TASK-READ-014"]
            ) { inner, _ in
                LimitBeforeOffsetStore(inner: inner)
            }
        ) { s in
            for title in ["One", "Two", "Three"] { _ = try await s.make(title) }
            return await s.titles(TaskQuery(limit: 2, offset: 1))
        },
    ]
}
