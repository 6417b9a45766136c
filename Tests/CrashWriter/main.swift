// A helper for the crash-safety tests: writes to a store and prints one line after each
// write has returned, so the test knows which writes were acknowledged when it kills
// this process with SIGKILL.
//
//   crash-writer json|journal|sqlite PATH SEED
//
// Lines: "create ID", "import ID ID ID", "deleting ID" (about to delete), "delete ID".
import CRUDJSONFile
import CRUDJournal
import CRUDSQLite
import CRUDSpec
import Foundation

/// Writes one line straight to the file descriptor: no buffer that SIGKILL could lose.
func acknowledge(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let seed = UInt64(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: crash-writer json|journal|sqlite PATH SEED\n".utf8))
    exit(64)
}

do {
    let store: any CRUDSpec =
        switch arguments[1] {
        case "json": try JSONFileStore(path: arguments[2])
        case "journal": try JournalStore(path: arguments[2])
        default: try SQLiteStore(path: arguments[2])
        }
    var random = SeededRandom(seed: seed)
    var mine: [UUID] = []
    while true {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6:
            let task = try await store.createTask(title: "write \(mine.count) of \(seed)", notes: "seed \(seed)")
            mine.append(task.id)
            acknowledge("create \(task.id.uuidString)")
        case 6..<8:
            let tasks = try await store.importTasks(titles: ["batch a", "batch b", "batch c"])
            acknowledge("import " + tasks.map(\.id.uuidString).joined(separator: " "))
        default:
            guard let victim = mine.popLast() else { continue }
            // Announced first: if the kill lands after the delete but before its
            // acknowledgement, the record is rightly gone.
            acknowledge("deleting \(victim.uuidString)")
            try await store.deleteTask(id: victim)
            acknowledge("delete \(victim.uuidString)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("crash-writer: \(error)\n".utf8))
    exit(1)
}
