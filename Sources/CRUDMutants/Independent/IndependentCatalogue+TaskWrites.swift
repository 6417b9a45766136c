import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in updating, deleting and importing tasks; their stores are in `IndependentStores+TaskWrites.swift`.
    static let independentTaskWrites: [Witnessed] = [
        Witnessed(
            Mutant(
                "rename-rebuilds-record", mistake: "rename rebuilds the record and the rebuilt record is not completed",
                aimedAt: ["TASK-UPDATE-001"]
            ) { _, clock in
                RenameRebuildsStore(inner: RebuildingStore(clock: clock))
            }
        ) { s in
            let tea = try await s.make("Tea", notes: "green")
            _ = try await s.store.setTaskCompleted(id: tea.id, true)
            s.clock.advance(seconds: 60)
            return await See.attempt({ try await s.store.renameTask(id: tea.id, to: "Green tea") }) { See.task($0) }
        },
        Witnessed(
            Mutant(
                "rename-updatedAt-from-createdAt", mistake: "rename writes updatedAt from the createdAt column",
                aimedAt: ["TASK-UPDATE-001"]
            ) { _, clock in
                RenameUpdatedFromCreatedStore(inner: RebuildingStore(clock: clock))
            }
        ) { s in
            let tea = try await s.make("Tea")
            s.clock.advance(seconds: 60)
            return await See.attempt({ try await s.store.renameTask(id: tea.id, to: "Green tea") }) { See.task($0) }
        },
        Witnessed(
            Mutant(
                "rename-finds-record-by-title", mistake: "rename looks the task up by its title and renames the first with it",
                aimedAt: ["TASK-UPDATE-008"]
            ) { inner, _ in
                RenameByTitleStore(inner: inner)
            }
        ) { s in
            _ = try await s.make("Tea", notes: "one")
            let second = try await s.make("Tea", notes: "two")
            _ = try await s.store.renameTask(id: second.id, to: "Green tea")
            return await See.attempt({ try await s.store.tasks(TaskQuery(sort: .title)) }) { tasks in
                tasks.map { "\(See.text($0.title))/\(See.text($0.notes))" }.joined(separator: ", ")
            }
        },
        Witnessed(
            Mutant(
                "rename-skips-control-check", mistake: "rename checks emptiness and length but not control characters",
                aimedAt: ["TASK-UPDATE-002"]
            ) { _, clock in
                RenameSkipsControlsStore(inner: RebuildingStore(clock: clock))
            }
        ) { s in
            let tea = try await s.make("Tea")
            return await See.attempt({ try await s.store.renameTask(id: tea.id, to: "Tab\there") }) { See.task($0) }
        },
        Witnessed(
            Mutant(
                "rename-touches-before-validating", mistake: "rename stamps updatedAt before validating the new title",
                aimedAt: ["TASK-UPDATE-002"]
            ) { inner, _ in
                TouchBeforeRenameStore(inner: inner)
            }
        ) { s in
            let tea = try await s.make("Tea")
            s.clock.advance(seconds: 60)
            let rename = await See.attempt({ try await s.store.renameTask(id: tea.id, to: "   ") })
            return "\(rename); \(await See.attempt({ try await s.store.task(id: tea.id) }) { See.task($0) })"
        },
        Witnessed(
            Mutant(
                "edit-notes-nil-keeps-them", mistake: "editing notes with nil leaves them as they are (PATCH semantics)",
                aimedAt: ["TASK-UPDATE-003"]
            ) { inner, _ in
                NilNotesKeptStore(inner: inner)
            }
        ) { s in
            let tea = try await s.make("Tea", notes: "Steep 3 minutes")
            return await See.attempt({ try await s.store.editTaskNotes(id: tea.id, notes: nil) }) { See.task($0) }
        },
        Witnessed(
            Mutant(
                "edit-notes-keeps-updatedAt", mistake: "editing notes forgets to stamp updatedAt",
                aimedAt: ["TASK-UPDATE-003"]
            ) { _, clock in
                NotesKeepUpdatedAtStore(inner: RebuildingStore(clock: clock))
            }
        ) { s in
            let tea = try await s.make("Tea")
            s.clock.advance(seconds: 60)
            return await See.attempt({ try await s.store.editTaskNotes(id: tea.id, notes: "Steep 3 minutes") }) { See.task($0) }
        },
        Witnessed(
            Mutant(
                "set-completed-skips-unchanged", mistake: "setTaskCompleted writes nothing when the flag already has the value",
                aimedAt: ["TASK-UPDATE-004"]
            ) { inner, _ in
                SkipUnchangedFlagStore(inner: inner)
            }
        ) { s in
            let tea = try await s.make("Tea")
            s.clock.advance(seconds: 60)
            return await See.attempt({ try await s.store.setTaskCompleted(id: tea.id, false) }) { See.task($0) }
        },
        Witnessed(
            Mutant(
                "toggle-always-completes", mistake: "toggle is wired to 'mark as done' and always sets true", aimedAt: ["TASK-UPDATE-005"]
            ) { inner, _ in
                ToggleCompletesStore(inner: inner)
            }
        ) { s in
            let tea = try await s.make("Tea")
            _ = try await s.store.toggleTask(id: tea.id)
            return await See.attempt({ try await s.store.toggleTask(id: tea.id) }) { See.task($0) }
        },
        Witnessed(
            Mutant(
                "rename-unknown-id-upserts", mistake: "renaming an unknown id creates a task with the new title",
                aimedAt: ["TASK-UPDATE-006"]
            ) { inner, _ in
                RenameUpsertStore(inner: inner)
            }
        ) { s in
            let rename = await See.attempt({ try await s.store.renameTask(id: UUID(), to: "Ghost") }) { See.task($0) }
            return "\(rename); count \(await s.count())"
        },
        Witnessed(
            Mutant(
                "delete-by-title", mistake: "deletes every task with the title of the one asked for",
                aimedAt: ["TASK-DELETE-004"]
            ) { inner, _ in
                DeleteByTitleStore(inner: inner)
            }
        ) { s in
            let first = try await s.make("Tea")
            _ = try await s.make("Tea")
            _ = try await s.make("Milk")
            try await s.store.deleteTask(id: first.id)
            return await s.titles()
        },
        Witnessed(
            Mutant(
                "delete-ignores-missing-row", mistake: "delete of an unknown id succeeds silently",
                aimedAt: ["TASK-DELETE-002"]
            ) { inner, _ in
                MissingRowIgnoredStore(inner: inner)
            }
        ) { s in await See.attempt({ try await s.store.deleteTask(id: UUID()) }) },
        Witnessed(
            Mutant(
                "delete-leaves-tombstone", mistake: "soft delete: deleting an already deleted task succeeds again",
                aimedAt: ["TASK-DELETE-003"]
            ) { inner, _ in
                TombstoneDeleteStore(inner: inner)
            }
        ) { s in
            let tea = try await s.make("Tea")
            try await s.store.deleteTask(id: tea.id)
            return await See.attempt({ try await s.store.deleteTask(id: tea.id) })
        },
        Witnessed(
            Mutant(
                "delete-task-hits-contact", mistake: "one table of records: deleteTask with a contact's id deletes the contact",
                aimedAt: ["IDS-001"]
            ) { inner, _ in
                SharedTableDeleteStore(inner: inner)
            }
        ) { s in
            let ada = try await s.makeContact("Ada", "ada@example.org")
            return "\(await See.attempt({ try await s.store.deleteTask(id: ada.id) })); contacts \(await s.names())"
        },
        Witnessed(
            Mutant(
                "import-as-loop-of-creates", mistake: "import validates all, then creates one task at a time, reading the clock each time",
                aimedAt: ["TASK-IMPORT-001"]
            ) { inner, _ in
                ImportLoopStore(inner: inner)
            },
            ticking: true
        ) { s in
            await See.attempt({ try await s.store.importTasks(titles: ["Milk", "Eggs", "Bread"]) }) { tasks in
                "\(tasks.count) tasks, \(Set(tasks.map(\.createdAt)).count) distinct createdAt"
            }
        },
        Witnessed(
            Mutant(
                "import-without-rollback", mistake: "import keeps the titles before the invalid one",
                aimedAt: ["TASK-IMPORT-002"]
            ) { inner, _ in
                UnrolledImportStore(inner: inner)
            }
        ) { s in
            let result = await See.attempt({ try await s.store.importTasks(titles: ["Milk", " ", "Eggs"]) })
            return "\(result); \(await s.titles())"
        },
        Witnessed(
            Mutant(
                "import-position-zero-based", mistake: "reports the bad title's array index instead of its 1-based position",
                aimedAt: ["TASK-IMPORT-002"]
            ) { inner, _ in
                ZeroBasedPositionStore(inner: inner)
            }
        ) { s in await See.attempt({ try await s.store.importTasks(titles: ["Milk", "", "Eggs"]) }) },
        Witnessed(
            Mutant(
                "import-stored-in-reverse", mistake: "imports the titles in reverse so the first ends up on top of the list",
                aimedAt: ["TASK-IMPORT-001"]
            ) { inner, _ in
                ReversedImportStore(inner: inner)
            }
        ) { s in
            _ = try await s.store.importTasks(titles: ["Milk", "Eggs", "Bread"])
            return await s.titles()
        },
        Witnessed(
            Mutant(
                "import-empty-refused", mistake: "refuses an empty import as an empty title",
                aimedAt: ["TASK-IMPORT-003"]
            ) { inner, _ in
                EmptyImportStore(inner: inner)
            }
        ) { s in await See.attempt({ try await s.store.importTasks(titles: []) }) { "\($0.count) tasks" } },
        Witnessed(
            Mutant(
                "import-skips-blank-lines", mistake: "import drops blank titles instead of refusing the batch",
                aimedAt: ["TASK-IMPORT-002"]
            ) { inner, _ in
                SkipBlankImportStore(inner: inner)
            }
        ) { s in
            let result = await See.attempt({ try await s.store.importTasks(titles: ["Milk", "  ", "Eggs"]) }) { "\($0.count) tasks" }
            return "\(result); count \(await s.count())"
        },
        Witnessed(
            Mutant(
                "rename-stores-untrimmed", mistake: "rename validates the trimmed title but stores it as typed",
                aimedAt: ["TASK-UPDATE-002"]
            ) { _, clock in
                RenameUntrimmedStore(inner: RebuildingStore(clock: clock))
            }
        ) { s in
            let tea = try await s.make("Tea")
            return await See.attempt({ try await s.store.renameTask(id: tea.id, to: " Green tea\n") }) { See.task($0) }
        },
        Witnessed(
            Mutant(
                "edit-notes-without-length-check", mistake: "editing notes checks control characters but not the 1,000 limit",
                aimedAt: ["TASK-UPDATE-003"]
            ) { _, clock in
                NotesEditWithoutLengthStore(inner: RebuildingStore(clock: clock))
            }
        ) { s in
            let tea = try await s.make("Tea")
            return await See.attempt({ try await s.store.editTaskNotes(id: tea.id, notes: String(repeating: "n", count: 1_200)) }) {
                "\($0.notes?.count ?? 0) characters"
            }
        },
        Witnessed(
            Mutant(
                "toggle-restamps-createdAt",
                mistake:
                    "toggle writes the row back with createdAt = now (TaskItem.createdAt: 'When the task was created ... Never changes.')",
                aimedAt: ["TASK-UPDATE-005"]
            ) { _, clock in ToggleRestampsStore(inner: RebuildingStore(clock: clock)) }
        ) { s in
            let tea = try await s.make("Tea")
            s.clock.advance(seconds: 60)
            return await See.attempt({ try await s.store.toggleTask(id: tea.id) }) { See.task($0) }
        },
        Witnessed(
            Mutant(
                "import-reports-last-invalid",
                mistake: "import reports the last invalid title"
                    + " (importTasks: 'the first invalid title throws a validation error with its 1-based position')",
                aimedAt: ["TASK-IMPORT-002"]
            ) { inner, _ in LastFailureImportStore(inner: inner) }
        ) { s in await See.attempt({ try await s.store.importTasks(titles: ["", "Milk", "Eggs\u{0}"]) }) },
    ]
}
