import CRUDJSONFile
import CRUDViewModels
import Foundation

// task-manager [FILE]
// Keeps its tasks in FILE (tasks.json by default), so they are there at the next launch.
let arguments = CommandLine.arguments.dropFirst()
let path = arguments.first { !$0.hasPrefix("--") } ?? "tasks.json"

let store: JSONFileStore
do {
    store = try JSONFileStore(path: path)
} catch {
    print("Cannot open \(path): \(error.message)")
    exit(1)
}

let shell = TaskShell(store: store)
print(await shell.start())
while !shell.isFinished, let line = readLine() {
    print(await shell.handle(line))
}
