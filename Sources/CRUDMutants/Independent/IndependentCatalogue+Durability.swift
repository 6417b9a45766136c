import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Durable backends that lose data on reopen; their stores are in `IndependentStores+Durability.swift`.
    static let independentDurability: [Witnessed] = [
        Witnessed(
            Mutant(
                "notes-edit-never-saved", mistake: "writes the file after every change except editTaskNotes",
                aimedAt: ["DURABILITY-007"],
                backend: Durable.backend("notes-edit-never-saved", initial: StoreState()) { saved, clock in
                    SaveAfterWriteStore(inner: MemoryStore(state: saved.value, clock: clock), saved: saved)
                })
        ) { s in
            let tea = try await s.make("Tea", notes: "Steep 3 minutes")
            _ = try await s.store.editTaskNotes(id: tea.id, notes: "Steep 5 minutes")
            try await s.reopen()
            return await See.attempt({ try await s.store.task(id: tea.id) }) { See.task($0) }
        },
        Witnessed(
            Mutant(
                "reload-orders-by-date-and-title",
                mistake: "saves tasks ordered by createdAt, then title: same-instant tasks lose creation order",
                aimedAt: ["DURABILITY-002"],
                backend: Durable.mangling("reload-orders-by-date-and-title") { state in
                    Durable.rebuilt(
                        state,
                        tasks: { tasks in
                            tasks.sorted { ($0.createdAt, $0.title) < ($1.createdAt, $1.title) }
                        })
                })
        ) { s in
            _ = try await s.make("b")
            _ = try await s.make("a")
            try await s.reopen()
            return await s.titles()
        },
        Witnessed(
            Mutant(
                "contact-updatedAt-not-saved", mistake: "the contacts file has no updatedAt: it is rebuilt from createdAt",
                aimedAt: ["DURABILITY-007"],
                backend: Durable.mangling("contact-updatedAt-not-saved") { state in
                    Durable.rebuilt(
                        state,
                        contacts: { contacts in
                            contacts.map {
                                var contact = $0; contact.updatedAt = contact.createdAt; return contact
                            }
                        })
                })
        ) { s in
            let ada = try await s.makeContact("Ada", "ada@example.org")
            s.clock.advance(seconds: 60)
            _ = try await s.store.updateContact(id: ada.id, ContactChanges(phone: "+1 555 0100 123"))
            try await s.reopen()
            return await See.attempt({ try await s.store.contact(id: ada.id) }) { See.contact($0) }
        },
        Witnessed(
            Mutant(
                "dates-saved-in-whole-seconds", mistake: "saves dates as whole seconds since 1970", aimedAt: ["DURABILITY-001"],
                backend: Durable.mangling("dates-saved-in-whole-seconds") { state in
                    Durable.rebuilt(
                        state,
                        tasks: { tasks in
                            tasks.map {
                                var task = $0
                                task.createdAt = Durable.wholeSeconds(task.createdAt)
                                task.updatedAt = Durable.wholeSeconds(task.updatedAt)
                                return task
                            }
                        })
                })
        ) { s in
            s.clock.advance(seconds: 0.25)
            let tea = try await s.make("Tea")
            try await s.reopen()
            return await See.attempt({ try await s.store.task(id: tea.id) }) { See.task($0) }
        },
        Witnessed(
            Mutant(
                "creation-counter-restarts",
                mistake: "the creation counter is not saved: after a reopen new tasks rank below the loaded ones",
                aimedAt: ["DURABILITY-006"],
                backend: Durable.backend("creation-counter-restarts", initial: StoreState()) { saved, clock in
                    RestartingCounterStore(saved: saved, clock: clock)
                })
        ) { s in
            _ = try await s.make("Old")
            try await s.reopen()
            _ = try await s.make("New")
            try await s.reopen()
            return await s.titles()
        },
        Witnessed(
            Mutant(
                "rejected-import-left-in-file", mistake: "import appends valid titles to the file before it meets the invalid one",
                aimedAt: ["DURABILITY-005"],
                backend: Durable.backend("rejected-import-left-in-file", initial: StoreState()) { saved, clock in
                    JournalingImportStore(saved: saved, clock: clock)
                })
        ) { s in
            let result = await See.attempt({ try await s.store.importTasks(titles: ["Milk", "Eggs", "bad\u{0}"]) })
            let before = await s.titles()
            try await s.reopen()
            return "\(result); before \(before); after \(await s.titles())"
        },
        Witnessed(
            Mutant(
                "email-index-not-rebuilt", mistake: "the set of taken emails starts empty when the store opens",
                aimedAt: ["DURABILITY-003"],
                backend: Durable.backend("email-index-not-rebuilt", initial: UnindexedReopenStore.File()) { saved, clock in
                    UnindexedReopenStore(saved: saved, clock: clock)
                })
        ) { s in
            _ = try await s.makeContact("Ada", "ada@example.org")
            try await s.reopen()
            return "\(await s.add("Ada again", "ADA@example.org")); \(await s.names())"
        },
        Witnessed(
            Mutant(
                "notes-line-endings-normalized", mistake: "writes the file in text mode: CRLF in notes comes back as LF",
                aimedAt: ["DURABILITY-001"],
                backend: Durable.mangling("notes-line-endings-normalized") { state in
                    Durable.rebuilt(
                        state,
                        tasks: { tasks in
                            tasks.map {
                                var task = $0; task.notes = task.notes?.replacingOccurrences(of: "\r\n", with: "\n"); return task
                            }
                        })
                })
        ) { s in
            let tea = try await s.make("Tea", notes: "Line 1\r\nLine 2")
            try await s.reopen()
            return await See.attempt({ try await s.store.task(id: tea.id) }) { See.task($0) }
        },
        Witnessed(
            Mutant(
                "missing-phone-reloaded-as-empty", mistake: "saves a missing phone as an empty string and loads it back as \"\"",
                aimedAt: ["DURABILITY-007"],
                backend: Durable.mangling("missing-phone-reloaded-as-empty") { state in
                    Durable.rebuilt(
                        state,
                        contacts: { contacts in
                            contacts.map {
                                var contact = $0; contact.phone = contact.phone ?? ""; return contact
                            }
                        })
                })
        ) { s in
            let ada = try await s.makeContact("Ada", "ada@example.org")
            try await s.reopen()
            return await See.attempt({ try await s.store.contact(id: ada.id) }) { See.contact($0) }
        },
    ]
}
