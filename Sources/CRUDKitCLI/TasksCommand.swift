import CRUDSpec
import Foundation

/// `crudkit tasks`: the course's task manager, on the command line, over any store.
enum TasksCommand {
    static let name = "tasks"
    static let summary = "Manage tasks: add, list, show, rename, edit, done, undo, toggle, delete, import."

    static let subcommands: [Subcommand] = [
        Subcommand(name: "add", usage: "add TITLE [--notes TEXT]", summary: "Add a task.", options: ["notes"]),
        Subcommand(
            name: "list",
            usage: "list [--completed | --incomplete] [--search TERM] [--sort newest|title] [--limit N] [--offset N] [--json]",
            summary: "List tasks, newest first.", options: ["completed", "incomplete", "search", "sort", "limit", "offset", "json"]),
        Subcommand(name: "show", usage: "show ID [--json]", summary: "Show one task.", options: ["json"]),
        Subcommand(name: "rename", usage: "rename ID TITLE", summary: "Give a task a new title.", options: []),
        Subcommand(
            name: "edit", usage: "edit ID [--title TITLE] [--notes TEXT]", summary: "Change a task's title or notes (\"\" removes notes).",
            options: ["title", "notes"]),
        Subcommand(name: "done", usage: "done ID", summary: "Mark a task as done.", options: []),
        Subcommand(name: "undo", usage: "undo ID", summary: "Mark a task as not done.", options: []),
        Subcommand(name: "toggle", usage: "toggle ID", summary: "Flip whether a task is done.", options: []),
        Subcommand(
            name: "delete", usage: "delete ID [--yes]", summary: "Delete a task (asks first; --yes without a terminal).", options: ["yes"]),
        Subcommand(name: "import", usage: "import FILE", summary: "Add one task per line of FILE, all or nothing.", options: []),
    ]

    static var help: String { Subcommand.overview(command: name, summary: summary, subcommands) }

    static func run(_ words: [String], console: any Console, environment: [String: String]) async throws -> ExitCode {
        guard let (subcommand, rest) = try Subcommand.select(words, of: name, among: subcommands, overview: help, console: console) else {
            return .success
        }
        var context = RecordContext(arguments: Arguments(rest), console: console, environment: environment, now: Date())
        return try await perform(subcommand, &context)
    }

    private static func perform(_ subcommand: Subcommand, _ context: inout RecordContext) async throws -> ExitCode {
        let console = context.console
        var arguments = context.arguments
        // Options first, so their values are not taken for positional arguments.
        let notes = try arguments.option("notes")
        let newTitle = try arguments.option("title")
        let search = try arguments.option("search")
        let sort = try arguments.choice("sort", among: ["newest", "title"], default: "newest")
        let limit = try arguments.option("limit").map { text throws(UsageError) in try wholeNumber(text, "--limit") }
        let offset = try arguments.option("offset").map { text throws(UsageError) in try wholeNumber(text, "--offset") } ?? 0
        let completed = arguments.flag("completed")
        let incomplete = arguments.flag("incomplete")
        let json = arguments.flag("json")
        let yes = arguments.flag("yes")
        context.arguments = arguments
        if completed && incomplete { throw UsageError("--completed and --incomplete cannot be used together.") }
        let names: [String] =
            switch subcommand.name {
            case "add": ["a TITLE"]
            case "list": []
            case "rename": ["an ID", "a TITLE"]
            case "import": ["a FILE"]
            default: ["an ID"]
            }
        let now = context.now
        let asker = context
        let confirm = { (label: String) throws(CommandFailure) -> Bool in try asker.confirmDelete("task", label, yes: yes) }
        return try await context.withStore(positionals: names, for: "tasks \(subcommand.name)", knownOptions: subcommand.options) {
            values, store in
            func resolve(_ typed: String) async throws -> TaskItem {
                if let id = UUID(uuidString: typed) { return try await store.task(id: id) }
                let all = try await store.tasks(TaskQuery())
                let id = try IDResolver.resolve(typed, among: all.map(\.id), kind: "task")
                return try await store.task(id: id)
            }

            switch subcommand.name {
            case "add":
                let task = try await store.createTask(title: values[0], notes: notes)
                console.out("Added task \(Render.shortID(task.id)): \(task.title)\n")
            case "list":
                let query = TaskQuery(
                    filter: completed ? .completed : incomplete ? .incomplete : .all, search: search,
                    sort: sort == "title" ? .title : .newestFirst,
                    limit: limit, offset: offset)
                let tasks = try await store.tasks(query)
                if json {
                    console.out(try Render.json(tasks.map(Render.TaskJSON.init)))
                } else if tasks.isEmpty {
                    let total = try await store.countTasks(TaskQuery())
                    console.out(
                        total == 0 ? "No tasks yet. Add one with: crudkit tasks add \"Buy milk\"\n" : "No tasks match. (\(total) in all.)\n"
                    )
                } else {
                    console.out(Render.tasks(tasks, now: now, color: console.usesColor))
                }
            case "show":
                let task = try await resolve(values[0])
                console.out(json ? try Render.json(Render.TaskJSON(task: task)) : Render.task(task, now: now))
            case "rename":
                let task = try await store.renameTask(id: try await resolve(values[0]).id, to: values[1])
                console.out("Renamed task \(Render.shortID(task.id)): \(task.title)\n")
            case "edit":
                guard newTitle != nil || notes != nil else { throw UsageError("tasks edit needs --title or --notes.") }
                var task = try await resolve(values[0])
                // Validate both before changing either, so a bad one changes nothing.
                if let newTitle { _ = try Validation.title(newTitle) }
                if let notes { _ = try Validation.notes(notes) }
                if let newTitle { task = try await store.renameTask(id: task.id, to: newTitle) }
                if let notes { task = try await store.editTaskNotes(id: task.id, notes: notes) }
                console.out("Updated task \(Render.shortID(task.id)): \(task.title)\n")
            case "done", "undo", "toggle":
                let id = try await resolve(values[0]).id
                let task =
                    subcommand.name == "toggle"
                    ? try await store.toggleTask(id: id) : try await store.setTaskCompleted(id: id, subcommand.name == "done")
                console.out("\(task.isCompleted ? "Done" : "Not done"): \(Render.shortID(task.id)) \(task.title)\n")
            case "delete":
                let task = try await resolve(values[0])
                guard try confirm(task.title) else {
                    console.out("Nothing was deleted.\n")
                    return .success
                }
                try await store.deleteTask(id: task.id)
                console.out("Deleted task \(Render.shortID(task.id)): \(task.title)\n")
            case "import":
                guard let data = FileManager.default.contents(atPath: values[0]) else {
                    throw CommandFailure("Cannot read '\(values[0])': no such file, or no permission.", exitCode: .notFound)
                }
                var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
                if lines.last == "" { lines.removeLast() }
                let tasks: [TaskItem]
                do {
                    tasks = try await store.importTasks(titles: lines)
                } catch CRUDError.validation(var failure) {
                    // Every line is one title, so the failing item is the failing line.
                    let line = failure.position
                    failure.position = nil
                    throw CommandFailure(
                        "Line \(line ?? 0) of \(values[0]): \(failure.message) Nothing was imported.", exitCode: .invalidData)
                }
                console.out("Imported \(tasks.count) task\(tasks.count == 1 ? "" : "s").\n")
            default:
                throw UsageError.unknown("subcommand of tasks", subcommand.name, among: subcommands.map(\.name))
            }
            return .success
        }
    }

    static func wholeNumber(_ text: String, _ option: String) throws(UsageError) -> Int {
        guard let value = Int(text), value >= 0 else { throw UsageError("\(option) needs a whole number ≥ 0, not '\(text)'.") }
        return value
    }
}
