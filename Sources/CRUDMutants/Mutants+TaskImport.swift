import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in importing many tasks at once.
    static let taskImport: [Mutant] = [
        Mutant(
            "partial-import", mistake: "imports title by title and stops at the first bad one, keeping the rest",
            aimedAt: ["TASK-IMPORT-002"]
        ) { inner, _ in PartialImportStore(inner: inner) },
        Mutant(
            "empty-import-refused", mistake: "refuses an empty import", aimedAt: ["TASK-IMPORT-003"]
        ) { inner, _ in EmptyImportRefusedStore(inner: inner) },
        Mutant(
            "import-reversed", mistake: "imports the titles in reverse order", aimedAt: ["TASK-IMPORT-001"]
        ) { inner, _ in ImportReversedStore(inner: inner) },
    ]
}

/// Creates the imported tasks one at a time; an error halfway leaves the first ones stored.
struct PartialImportStore: ForwardingStore {
    let inner: MemoryStore

    func importTasks(titles: [String]) async throws -> [TaskItem] {
        var created: [TaskItem] = []
        for title in titles { created.append(try await inner.createTask(title: title, notes: nil)) }
        return created
    }
}

/// Refuses an empty import.
struct EmptyImportRefusedStore: ForwardingStore {
    let inner: MemoryStore
    func importTasks(titles: [String]) async throws -> [TaskItem] {
        guard !titles.isEmpty else { throw CRUDError.invalidQuery(reason: "nothing to import") }
        return try await inner.importTasks(titles: titles)
    }
}

/// Imports the titles back to front.
struct ImportReversedStore: ForwardingStore {
    let inner: MemoryStore
    func importTasks(titles: [String]) async throws -> [TaskItem] { try await inner.importTasks(titles: titles.reversed()) }
}
