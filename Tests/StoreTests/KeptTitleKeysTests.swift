import CRUDJSONFile
import CRUDJournal
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

/// The file stores keep each title's sort and search keys in memory, with the records; these
/// check the keys are right after renames and after reopening the file, where they are made
/// again from the titles read.
@Suite("File stores: kept title keys")
struct KeptTitleKeysTests {
    enum Kind: String, CaseIterable {
        case json, journal
    }

    static func open(_ kind: Kind, _ path: String, clock: ManualClock) throws -> any CRUDSpec {
        switch kind {
        case .json: try JSONFileStore(path: path, clock: clock)
        case .journal: try JournalStore(path: path, clock: clock)
        }
    }

    /// The titles by title order, and the titles a search for `term` finds (newest first).
    static func lists(_ store: any CRUDSpec, search term: String) async throws -> (byTitle: [String], found: [String]) {
        (
            try await store.tasks(TaskQuery(sort: .title)).map(\.title),
            try await store.tasks(TaskQuery(search: term)).map(\.title)
        )
    }

    @Test("Renamed titles list and search by their new keys, before and after reopening", arguments: Kind.allCases)
    func renameThenReopen(kind: Kind) async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.\(kind.rawValue)")
        let clock = ManualClock()
        clock.startStepping(by: 1)
        var store = try Self.open(kind, path, clock: clock)
        let tasks = try await store.importTasks(titles: ["banana", "cherry", "Apple", "date"])
        _ = try await store.renameTask(id: tasks[0].id, to: "Éclair")
        _ = try await store.renameTask(id: tasks[3].id, to: "avocado")
        try await store.deleteTask(id: tasks[1].id)
        let expectedOrder = ["Apple", "avocado", "Éclair"]
        let before = try await Self.lists(store, search: "ECLAIR")
        #expect(before.byTitle == expectedOrder, "\(kind) by title after renames: \(before.byTitle)")
        #expect(before.found == ["Éclair"], "\(kind) search for ECLAIR after the rename found \(before.found)")
        #expect(try await store.tasks(TaskQuery(search: "banana")).isEmpty, "\(kind): the old title banana still finds a task")
        try await store.close()

        store = try Self.open(kind, path, clock: clock)
        let after = try await Self.lists(store, search: "ECLAIR")
        #expect(after.byTitle == expectedOrder, "\(kind) by title after reopening: \(after.byTitle)")
        #expect(after.found == ["Éclair"], "\(kind) search for ECLAIR after reopening found \(after.found)")
        // A rename after reopening moves the task from keys made when the file was read.
        _ = try await store.renameTask(id: tasks[2].id, to: "zucchini")
        let renamed = try await Self.lists(store, search: "apple")
        // É (U+00C9) folds to é (U+00E9), which comes after every ASCII letter.
        #expect(renamed.byTitle == ["avocado", "zucchini", "Éclair"], "\(kind) by title after a rename on reopen: \(renamed.byTitle)")
        #expect(renamed.found.isEmpty, "\(kind): searching the old title apple found \(renamed.found)")
        try await store.close()
    }
}
