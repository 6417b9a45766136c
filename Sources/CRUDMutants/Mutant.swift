import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

/// A deliberately broken backend (a mutant of a correct one), the mistake it makes, and
/// the rules that must catch it. The suite is only worth something if it catches real
/// mistakes: `crudkit compare --mutants` and a test run the whole suite on every mutant.
public struct Mutant: Sendable, CustomStringConvertible {
    public let name: String
    public let mistake: String
    /// The rules aimed at this mistake: each must fail. Others may fail as well.
    public let aimedAt: Set<String>
    public let backend: Backend

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

    init(_ name: String, mistake: String, aimedAt: Set<String>, backend: Backend) {
        self.name = name
        self.mistake = mistake
        self.aimedAt = aimedAt
        self.backend = backend
    }

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

    /// The first catalogue: each mutant was written with the rules it is aimed at.
    public static let besideTheRules: [Mutant] = catalogue + more + creation + contactMutants + rest + wire + grid

    /// Rules no mutant is aimed at, each with the reason. None today: CONCURRENCY-001 was
    /// long listed here until the independent catalogue found a lost update in an actor
    /// that awaits between reading and writing (create-snapshot-lost-update).
    public static let unexercised: [String: String] = [:]

    static let catalogue: [Mutant] = [
        Mutant(
            "untrimmed-titles", mistake: "validates the trimmed title but stores the title as typed",
            aimedAt: ["TASK-CREATE-005", "TASK-CREATE-007"]
        ) { inner, _ in UntrimmedTitlesStore(inner: inner) },
        Mutant(
            "oldest-first", mistake: "lists tasks oldest first by default",
            aimedAt: ["TASK-READ-002", "TASK-READ-003", "MODEL-001"]
        ) { inner, _ in OldestFirstStore(inner: inner) },
        Mutant(
            "duplicate-emails", mistake: "keeps contacts in a plain list and never checks that emails are unique",
            aimedAt: ["CONTACT-DUP-001", "CONTACT-DUP-002", "CONTACT-DUP-003", "CONCURRENCY-002"]
        ) { inner, clock in DuplicateEmailsStore(inner: inner, clock: clock) },
        Mutant(
            "limit-ignored", mistake: "ignores the limit of a task list",
            aimedAt: ["TASK-READ-011"]
        ) { inner, _ in LimitIgnoredStore(inner: inner) },
        Mutant(
            "silent-delete", mistake: "reports success when deleting an id that does not exist",
            aimedAt: ["TASK-DELETE-002", "TASK-DELETE-003"]
        ) { inner, _ in SilentDeleteStore(inner: inner) },
        Mutant(
            "ascii-search", mistake: "searches with ASCII-only lowercasing and no diacritic folding",
            aimedAt: ["TASK-READ-007"]
        ) { inner, _ in ASCIISearchStore(inner: inner) },
        Mutant(
            "partial-import", mistake: "imports title by title and stops at the first bad one, keeping the rest",
            aimedAt: ["TASK-IMPORT-002"]
        ) { inner, _ in PartialImportStore(inner: inner) },
        Mutant(
            "claims-durability", mistake: "declares durability but keeps everything in memory only",
            aimedAt: ["DURABILITY-001", "DURABILITY-002", "DURABILITY-003", "DURABILITY-004", "DURABILITY-005", "DURABILITY-006"],
            capabilities: [.durability]
        ) { inner, _ in inner },
    ]
}

extension Mutant {
    static let more: [Mutant] = [
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
            "ties-to-chance", mistake: "breaks ties of createdAt by id, which is random", aimedAt: ["TASK-READ-003"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                guard query.sort == .newestFirst else { return try await inner.tasks(query) }
                try query.validate()
                let sorted = try await ListMutation.everything(query, inner).sorted {
                    $0.createdAt != $1.createdAt ? $0.createdAt > $1.createdAt : $0.id.uuidString < $1.id.uuidString
                }
                return ListMutation.page(sorted, query)
            }
        },
        Mutant(
            "case-sensitive-title-order", mistake: "sorts titles by their exact characters, so Z comes before a",
            aimedAt: ["TASK-READ-004"]
        ) { inner, _ in ListMutantStore(inner: inner) { query, inner in try await ListMutation.titleOrder(query, inner) { $0 } } },
        Mutant(
            "ascii-title-order", mistake: "folds only A-Z when sorting titles, as SQLite's lower() does", aimedAt: ["TASK-READ-005"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                try await ListMutation.titleOrder(query, inner) { title in
                    String(
                        String.UnicodeScalarView(
                            title.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32) ?? $0 : $0 }))
                }
            }
        },
        Mutant(
            "wildcard-search", mistake: "searches with LIKE, so % and _ are wildcards", aimedAt: ["TASK-READ-008"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                guard let term = query.effectiveSearch, term.contains(where: { $0 == "%" || $0 == "_" }) else {
                    return try await inner.tasks(query)
                }
                try query.validate()
                var all = query
                all.search = nil
                let pattern =
                    "^.*"
                    + NSRegularExpression.escapedPattern(for: TextKey.searchKey(term))
                    .replacingOccurrences(of: "%", with: ".*").replacingOccurrences(of: "_", with: ".") + ".*$"
                let matches = try await ListMutation.everything(all, inner).filter {
                    TextKey.searchKey($0.title).range(of: pattern, options: .regularExpression) != nil
                }
                return ListMutation.page(matches, query)
            }
        },
        Mutant(
            "offset-off-by-one", mistake: "skips one task fewer than the offset asks", aimedAt: ["TASK-READ-012"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                try query.validate()
                var wrong = query
                wrong.offset = max(0, query.offset - 1)
                return ListMutation.page(try await ListMutation.everything(query, inner), wrong)
            }
        },
        Mutant(
            "blank-search-finds-nothing", mistake: "searches for the blank term instead of ignoring it", aimedAt: ["TASK-READ-009"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                if let search = query.search, search.isEmpty || Validation.trimmed(search).isEmpty { return [] }
                return try await inner.tasks(query)
            }
        },
        Mutant(
            "search-includes-notes", mistake: "searches notes as well as titles", aimedAt: ["TASK-READ-010"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                guard let term = query.effectiveSearch else { return try await inner.tasks(query) }
                var all = query
                all.search = nil
                let matches = try await ListMutation.everything(all, inner).filter {
                    TextKey.matches($0.title, search: term) || TextKey.matches($0.notes ?? "", search: term)
                }
                return ListMutation.page(matches, query)
            }
        },
        Mutant(
            "negative-limit-means-all", mistake: "reads a negative limit as no limit instead of refusing it", aimedAt: ["TASK-READ-013"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                var lenient = query
                if let limit = query.limit, limit < 0 { lenient.limit = nil }
                lenient.offset = max(0, query.offset)
                return try await inner.tasks(lenient)
            }
        },
        Mutant(
            "count-ignores-query", mistake: "counts every task whatever the filter and search", aimedAt: ["TASK-READ-015"]
        ) { inner, _ in CountIgnoresQueryStore(inner: inner) },
        Mutant(
            "wrong-not-found", mistake: "answers an unknown id with invalidQuery instead of notFound", aimedAt: ["TASK-READ-001"]
        ) { inner, _ in WrongNotFoundStore(inner: inner) },
        Mutant(
            "rename-creates-new-record", mistake: "renames by creating a new task and deleting the old one", aimedAt: ["TASK-UPDATE-001"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                rename: { id, title, inner in
                    let old = try await inner.task(id: id)
                    let new = try await inner.createTask(title: title, notes: old.notes)
                    try await inner.deleteTask(id: id)
                    return new
                })
        },
        Mutant(
            "rename-changes-createdAt", mistake: "sets createdAt as well as updatedAt on rename", aimedAt: ["TASK-UPDATE-001"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                rename: { id, title, inner in
                    var task = try await inner.renameTask(id: id, to: title)
                    task.createdAt = task.updatedAt
                    return task
                })
        },
        Mutant(
            "notes-never-cleared", mistake: "ignores a request to remove the notes", aimedAt: ["TASK-UPDATE-003"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                editNotes: { id, notes, inner in
                    guard Validation.searchTerm(notes) == nil else { return try await inner.editTaskNotes(id: id, notes: notes) }
                    return try await inner.task(id: id)
                })
        },
        Mutant(
            "set-completed-flips", mistake: "flips the flag instead of setting it", aimedAt: ["TASK-UPDATE-004"]
        ) { inner, _ in UpdateMutantStore(inner: inner, setCompleted: { id, _, inner in try await inner.toggleTask(id: id) }) },
        Mutant(
            "toggle-wrong-record", mistake: "toggles the newest task instead of the one asked for", aimedAt: ["TASK-UPDATE-005"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                toggle: { id, inner in
                    _ = try await inner.task(id: id)
                    guard let newest = try await inner.tasks(TaskQuery(limit: 1)).first else { throw CRUDError.notFound(id: id) }
                    return try await inner.toggleTask(id: newest.id)
                })
        },
        Mutant(
            "update-creates-unknown", mistake: "creates a task when renaming an id that does not exist (an upsert)",
            aimedAt: ["TASK-UPDATE-006"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                rename: { id, title, inner in
                    do { return try await inner.renameTask(id: id, to: title) } catch CRUDError.notFound {
                        return try await inner.createTask(title: title, notes: nil)
                    }
                })
        },
        Mutant(
            "email-not-lowercased", mistake: "stores the email as typed", aimedAt: ["CONTACT-CREATE-001"]
        ) { inner, _ in EmailMutantStore(inner: inner, caseSensitiveUniqueness: false) },
        Mutant(
            "case-sensitive-email-uniqueness", mistake: "compares emails letter for letter, so ADA@ and ada@ are both stored",
            aimedAt: ["CONTACT-DUP-002"]
        ) { inner, _ in EmailMutantStore(inner: inner, caseSensitiveUniqueness: true) },
        Mutant(
            "own-email-refused", mistake: "refuses to update a contact to its own email in other letters", aimedAt: ["CONTACT-DUP-004"]
        ) { inner, _ in OwnEmailRefusedStore(inner: inner) },
        Mutant(
            "silent-contact-delete", mistake: "reports success when deleting a contact that does not exist",
            aimedAt: ["CONTACT-DELETE-002"]
        ) { inner, _ in SilentContactDeleteStore(inner: inner) },
        Mutant(
            "seconds-only", mistake: "keeps dates to the second, losing the milliseconds", aimedAt: ["TASK-CREATE-002"]
        ) { inner, _ in SecondsOnlyStore(inner: inner) },
        Mutant(
            "loses-last-write", mistake: "declares durability but loses the last task created before a reopen",
            aimedAt: ["DURABILITY-001", "DURABILITY-006"],
            backend: Backend(name: "loses-last-write", capabilities: [.durability]) {
                let storage = LosesLastWriteStorage()
                return TemporaryStorage { clock in try await storage.open(clock: clock) }
            }),
    ]
}

extension Mutant {
    static let creation: [Mutant] = [
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
            "sample-task", mistake: "starts with a sample task in a fresh store", aimedAt: ["TASK-READ-016"],
            backend: Backend.ephemeral(name: "sample-task") { clock in await SampleTaskStore.make(clock: clock) }),
        Mutant(
            "empty-import-refused", mistake: "refuses an empty import", aimedAt: ["TASK-IMPORT-003"]
        ) { inner, _ in EmptyImportRefusedStore(inner: inner) },
    ]

    static let contactMutants: [Mutant] = [
        Mutant("long-names-accepted", mistake: "accepts names over 100 characters", aimedAt: ["CONTACT-CREATE-002"]) { inner, _ in
            ContactDisguiseStore(inner: inner) { name, email, phone in
                let trimmed = Validation.trimmed(name)
                guard trimmed.count > 100 else { return nil }
                return ContactDisguise(
                    send: (String(trimmed.prefix(100)), email, phone), show: (trimmed, Validation.trimmed(email).lowercased(), phone))
            }
        },
        Mutant(
            "dotless-domains-accepted", mistake: "accepts an email whose domain has no dot", aimedAt: ["CONTACT-CREATE-003"]
        ) { inner, _ in
            ContactDisguiseStore(inner: inner) { name, email, phone in
                let typed = Validation.trimmed(email).lowercased()
                let parts = typed.split(separator: "@", omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[1].contains(".") else { return nil }
                return ContactDisguise(send: (name, typed + ".invalid", phone), show: (Validation.trimmed(name), typed, phone))
            }
        },
        Mutant(
            "phone-not-trimmed", mistake: "stores the phone as typed, spaces around it included", aimedAt: ["CONTACT-CREATE-005"]
        ) { inner, _ in
            ContactDisguiseStore(inner: inner) { name, email, phone in
                guard let phone, phone != Validation.trimmed(phone), !Validation.trimmed(phone).isEmpty else { return nil }
                return ContactDisguise(
                    send: (name, email, phone), show: (Validation.trimmed(name), Validation.trimmed(email).lowercased(), phone))
            }
        },
        Mutant(
            "short-phones-accepted", mistake: "accepts phones with six digits", aimedAt: ["CONTACT-CREATE-006"]
        ) { inner, _ in
            ContactDisguiseStore(inner: inner) { name, email, phone in
                guard let phone, Validation.trimmed(phone).filter(\.isASCII).filter(\.isNumber).count == 6,
                    Validation.trimmed(phone).allSatisfy({ $0.isNumber && $0.isASCII })
                else { return nil }
                return ContactDisguise(
                    send: (name, email, phone + "0"), show: (Validation.trimmed(name), Validation.trimmed(email).lowercased(), phone))
            }
        },
        Mutant(
            "names-normalized", mistake: "stores names in Unicode normal form C, changing what was typed", aimedAt: ["CONTACT-CREATE-007"]
        ) { inner, _ in
            ContactDisguiseStore(inner: inner) { name, email, phone in
                let composed = Validation.trimmed(name).precomposedStringWithCanonicalMapping
                guard !composed.unicodeScalars.elementsEqual(Validation.trimmed(name).unicodeScalars) else { return nil }
                return ContactDisguise(
                    send: (name, email, phone), show: (composed, Validation.trimmed(email).lowercased(), try? Validation.phone(phone)))
            }
        },
        Mutant(
            "contact-wrong-not-found", mistake: "answers an unknown contact id with invalidQuery", aimedAt: ["CONTACT-READ-001"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                get: { id, inner in
                    do { return try await inner.contact(id: id) } catch CRUDError.notFound {
                        throw CRUDError.invalidQuery(reason: "no such contact")
                    }
                })
        },
        Mutant(
            "contacts-unsorted", mistake: "lists contacts in creation order instead of by name", aimedAt: ["CONTACT-READ-002"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                list: { query, inner in
                    try query.validate()
                    var everything = query
                    (everything.limit, everything.offset) = (nil, 0)
                    let sorted = try await inner.contacts(everything).sorted { $0.createdAt < $1.createdAt }
                    let page = sorted.dropFirst(query.offset)
                    return Array(page.prefix(query.limit ?? page.count))
                })
        },
        Mutant(
            "contact-search-exact", mistake: "searches names case- and accent-sensitively", aimedAt: ["CONTACT-READ-003"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                list: { query, inner in
                    guard let term = query.effectiveSearch else { return try await inner.contacts(query) }
                    try query.validate()
                    var everything = query
                    (everything.search, everything.limit, everything.offset) = (nil, nil, 0)
                    let found = try await inner.contacts(everything).filter { $0.name.contains(term) }.dropFirst(query.offset)
                    return Array(found.prefix(query.limit ?? found.count))
                })
        },
        Mutant(
            "contact-limit-ignored", mistake: "ignores the limit of a contact list", aimedAt: ["CONTACT-READ-004"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                list: { query, inner in
                    var unlimited = query
                    unlimited.limit = nil
                    return try await inner.contacts(unlimited)
                })
        },
        Mutant(
            "phone-never-cleared", mistake: "ignores a blank phone on update instead of removing the phone",
            aimedAt: ["CONTACT-UPDATE-003"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                update: { id, changes, inner in
                    var changes = changes
                    if let phone = changes.phone, Validation.trimmed(phone).isEmpty { changes.phone = nil }
                    return try await inner.updateContact(id: id, changes)
                })
        },
        Mutant(
            "contact-upsert", mistake: "creates a contact when updating an id that does not exist", aimedAt: ["CONTACT-UPDATE-004"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                update: { id, changes, inner in
                    do {
                        return try await inner.updateContact(id: id, changes)
                    } catch CRUDError.notFound {
                        return try await inner.createContact(
                            name: changes.name ?? "Unknown", email: changes.email ?? "unknown@example.com", phone: changes.phone)
                    }
                })
        },
        Mutant(
            "contact-delete-all", mistake: "deletes every contact instead of the one asked for", aimedAt: ["CONTACT-DELETE-001"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                delete: { id, inner in
                    _ = try await inner.contact(id: id)
                    for contact in try await inner.contacts(ContactQuery()) { try await inner.deleteContact(id: contact.id) }
                })
        },
    ]
}

extension Mutant {
    static let rest: [Mutant] = [
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
            "delete-removes-neighbour", mistake: "deletes the task created just before the one asked for", aimedAt: ["TASK-DELETE-001"]
        ) { inner, _ in
            DeleteMutantStore(inner: inner) { id, inner in
                let all = try await inner.tasks(TaskQuery()).reversed().map(\.id)
                guard let index = all.firstIndex(of: id) else { throw CRUDError.notFound(id: id) }
                try await inner.deleteTask(id: all[index > 0 ? index - 1 : index])
            }
        },
        Mutant(
            "import-reversed", mistake: "imports the titles in reverse order", aimedAt: ["TASK-IMPORT-001"]
        ) { inner, _ in ImportReversedStore(inner: inner) },
        Mutant(
            "filter-inverted", mistake: "shows open tasks for the completed filter and done ones for incomplete",
            aimedAt: ["TASK-READ-006"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                var swapped = query
                swapped.filter = query.filter == .completed ? .incomplete : query.filter == .incomplete ? .completed : .all
                return try await inner.tasks(swapped)
            }
        },
        Mutant(
            "page-before-filter", mistake: "takes the page first and filters it afterwards", aimedAt: ["TASK-READ-014"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                try query.validate()
                let page = try await inner.tasks(TaskQuery(sort: query.sort, limit: query.limit, offset: query.offset))
                return page.filter { query.filter.includes($0) && TextKey.matches($0.title, search: query.effectiveSearch) }
            }
        },
        Mutant(
            "search-not-normalized", mistake: "searches without normalizing, so é typed one way misses é stored the other",
            aimedAt: ["TASK-READ-017"]
        ) { inner, _ in
            ListMutantStore(inner: inner) { query, inner in
                guard let term = query.effectiveSearch else { return try await inner.tasks(query) }
                var all = query
                all.search = nil
                let needle = term.lowercased().unicodeScalars.map(\.value)
                let found = try await ListMutation.everything(all, inner).filter { task in
                    let hay = task.title.lowercased().unicodeScalars.map(\.value)
                    return needle.isEmpty
                        || (0...max(0, hay.count - needle.count)).contains {
                            hay.count >= needle.count && Array(hay[$0..<($0 + needle.count)]) == needle
                        }
                }
                return ListMutation.page(found, query)
            }
        },
        Mutant(
            "rename-unvalidated", mistake: "renames without validating, so a blank title gets in", aimedAt: ["TASK-UPDATE-002"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                rename: { id, title, inner in
                    guard Validation.trimmed(title).isEmpty else { return try await inner.renameTask(id: id, to: title) }
                    var task = try await inner.task(id: id)
                    task.title = ""
                    return task
                })
        },
        Mutant(
            "rename-touches-all", mistake: "stamps updatedAt on every task when one is renamed (an UPDATE without WHERE)",
            aimedAt: ["TASK-UPDATE-007"]
        ) { inner, _ in
            UpdateMutantStore(
                inner: inner,
                rename: { id, title, inner in
                    let renamed = try await inner.renameTask(id: id, to: title)
                    for other in try await inner.tasks(TaskQuery()) where other.id != id {
                        _ = try await inner.renameTask(id: other.id, to: other.title)
                    }
                    return renamed
                })
        },
        Mutant(
            "plus-tags-refused", mistake: "refuses emails with a + tag, which are valid", aimedAt: ["CONTACT-CREATE-004"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                create: { name, email, phone, inner in
                    if email.contains("+") { throw CRUDError.validation(ValidationFailure(field: .email, reason: .invalidEmail)) }
                    return try await inner.createContact(name: name, email: email, phone: phone)
                })
        },
        Mutant(
            "emails-never-freed", mistake: "keeps every email it ever saw as taken, even after delete or change",
            aimedAt: ["CONTACT-DUP-005"]
        ) { inner, _ in EmailsNeverFreedStore(inner: inner) },
        Mutant(
            "update-clears-phone", mistake: "clears the phone when an update does not mention it", aimedAt: ["CONTACT-UPDATE-001"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                update: { id, changes, inner in
                    var changes = changes
                    if changes.phone == nil { changes.phone = "" }
                    return try await inner.updateContact(id: id, changes)
                })
        },
        Mutant(
            "update-partly-applied", mistake: "applies the name of an update before finding its email invalid",
            aimedAt: ["CONTACT-UPDATE-002"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                update: { id, changes, inner in
                    if let name = changes.name, (try? Validation.name(name)) != nil, changes.email != nil || changes.phone != nil {
                        _ = try await inner.updateContact(id: id, ContactChanges(name: name))
                    }
                    return try await inner.updateContact(id: id, changes)
                })
        },
    ]
}

extension Mutant {
    /// Mistakes in how a backend talks to its storage or server.
    static let wire: [Mutant] = [
        Mutant(
            "sql-interpolation", mistake: "builds the INSERT with string interpolation instead of binding the title",
            aimedAt: ["TASK-CREATE-013"]
        ) { inner, _ in InterpolatedSQLStore(inner: inner) },
        Mutant(
            "http-404-is-success", mistake: "an HTTP client that treats 404 on delete as done",
            aimedAt: ["TASK-DELETE-002", "TASK-DELETE-003"],
            backend: Backend.ephemeral(name: "http-404-is-success") { clock in try NotFoundIsSuccessStore.start(clock: clock) }),
    ]

    /// Mistakes the rules cannot see, because they need a crash or a faulty network, and
    /// the tests that catch them instead.
    public static let caughtElsewhere: [(mistake: String, caughtBy: String)] = [
        (
            "a JSON store that overwrites its file in place instead of atomically",
            "Tests/StoreTests/CrashSafetyTests.swift (SIGKILL mid-write)"
        ),
        (
            "an HTTP client that retries a POST without an idempotency key",
            "Tests/ServerTests/FaultToleranceTests.swift (drops after running)"
        ),
    ]
}
