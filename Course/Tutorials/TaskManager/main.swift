import CRUDConformance
import CRUDJSONFile
import CRUDViewModels
import Foundation

// task-manager [FILE] [--spoken] [--fail-next-write]
// Keeps its tasks in FILE (tasks.json by default), so they are there at the next launch.
let arguments = CommandLine.arguments.dropFirst()
let path = arguments.first { !$0.hasPrefix("--") } ?? "tasks.json"

let store: FailingStore<JSONFileStore>
do {
    store = FailingStore(try JSONFileStore(path: path))
} catch {
    print("Cannot open \(path): \(error.message)")
    exit(1)
}
// To see what a failed save looks like: the first write fails, as on a full disk.
if arguments.contains("--fail-next-write") { store.failNext(1) }

let shell = TaskShell(store: store, spoken: arguments.contains("--spoken"))
print(await shell.start())
while !shell.isFinished, let line = readLine() {
    print(await shell.handle(line))
}
