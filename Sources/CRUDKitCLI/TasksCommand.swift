import CRUDConformance
import CRUDSpec
import Foundation

/// `crudkit tasks`: the course's task manager, on the command line, over any store.
struct TasksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "tasks", summary: "Manage tasks: add, list, show, rename, edit, done, undo, toggle, delete, import.",
        discussion: "Every subcommand takes --store and --help. Ids may be shortened to any unique prefix.",
        subcommands: [Add.self, List.self, Show.self, Rename.self, Edit.self, Done.self, Undo.self, Toggle.self, Delete.self, Import.self],
        exitStatuses: CommandConfiguration.everyExitStatus)

    func run(_ context: CommandContext) async throws -> ExitCode {
        throw UsageError.needsSubcommand(Self.configuration)
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(name: "add", summary: "Add a task.")
        @Argument("TITLE", help: "The task's title.") var title: String
        @Option("notes", value: "TEXT", help: "Notes to keep with it.") var notes: String?
        var store = StoreArguments()

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await store.withStore(context) { store in
                let task = try await store.createTask(title: title, notes: notes)
                context.console.out("Added task \(CRUDConformance.Show.id(task.id)): \(task.title)\n")
                return .success
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(name: "list", summary: "List tasks, newest first.")
        @Flag("completed", help: "Only tasks that are done.") var completed: Bool
        @Flag("incomplete", help: "Only tasks that are not done.") var incomplete: Bool
        @Option("search", value: "TERM", help: "Only tasks whose title or notes contain TERM.") var search: String?
        @Option("sort", value: "newest|title", help: "newest first (default) or by title.", parser: .choice(["newest", "title"]))
        var sort = "newest"
        @Option("limit", value: "N", help: "At most N tasks.", parser: .wholeNumber) var limit: Int?
        @Option("offset", value: "N", help: "Skip the first N tasks.", parser: .wholeNumber) var offset = 0
        @Flag("json", help: "Print JSON, for scripts.") var json: Bool
        var store = StoreArguments()

        func validate() throws(UsageError) {
            if completed && incomplete { throw UsageError("--completed and --incomplete cannot be used together.") }
        }

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await store.withStore(context) { store in
                let query = TaskQuery(
                    filter: completed ? .completed : incomplete ? .incomplete : .all, search: search,
                    sort: sort == "title" ? .title : .newestFirst, limit: limit, offset: offset)
                let tasks = try await store.tasks(query)
                let console = context.console
                if json {
                    console.out(try Render.json(tasks.map(Render.TaskJSON.init)))
                } else if tasks.isEmpty {
                    let total = try await store.countTasks(TaskQuery())
                    console.out(
                        total == 0 ? "No tasks yet. Add one with: crudkit tasks add \"Buy milk\"\n" : "No tasks match. (\(total) in all.)\n"
                    )
                } else {
                    console.out(Render.tasks(tasks, now: Date(), color: console.usesColor))
                }
                return .success
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(name: "show", summary: "Show one task.")
        var task = TaskArguments()
        @Flag("json", help: "Print JSON, for scripts.") var json: Bool

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await task.withTask(context) { task, _ in
                context.console.out(json ? try Render.json(Render.TaskJSON(task: task)) : Render.task(task, now: Date()))
                return .success
            }
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(name: "rename", summary: "Give a task a new title.")
        var task = TaskArguments()
        @Argument("TITLE", help: "Its new title.") var title: String

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await task.withTask(context) { task, store in
                let task = try await store.renameTask(id: task.id, to: title)
                context.console.out("Renamed task \(CRUDConformance.Show.id(task.id)): \(task.title)\n")
                return .success
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(name: "edit", summary: "Change a task's title or notes (\"\" removes notes).")
        var task = TaskArguments()
        @Option("title", value: "TITLE", help: "Its new title.") var title: String?
        @Option("notes", value: "TEXT", help: "Its new notes.") var notes: String?

        func validate() throws(UsageError) {
            if title == nil && notes == nil { throw UsageError("tasks edit needs --title or --notes.") }
        }

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await task.withTask(context) { task, store in
                var task = task
                // Validate both before changing either, so a bad one changes nothing.
                if let title { _ = try Validation.title(title) }
                if let notes { _ = try Validation.notes(notes) }
                if let title { task = try await store.renameTask(id: task.id, to: title) }
                if let notes { task = try await store.editTaskNotes(id: task.id, notes: notes) }
                context.console.out("Updated task \(CRUDConformance.Show.id(task.id)): \(task.title)\n")
                return .success
            }
        }
    }

    struct Done: ParsableCommand {
        static let configuration = CommandConfiguration(name: "done", summary: "Mark a task as done.")
        var task = TaskArguments()

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await task.mark(context) { store, id in try await store.setTaskCompleted(id: id, true) }
        }
    }

    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(name: "undo", summary: "Mark a task as not done.")
        var task = TaskArguments()

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await task.mark(context) { store, id in try await store.setTaskCompleted(id: id, false) }
        }
    }

    struct Toggle: ParsableCommand {
        static let configuration = CommandConfiguration(name: "toggle", summary: "Flip whether a task is done.")
        var task = TaskArguments()

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await task.mark(context) { store, id in try await store.toggleTask(id: id) }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(name: "delete", summary: "Delete a task (asks first; --yes without a terminal).")
        var task = TaskArguments()
        @Flag("yes", help: "Delete without asking.") var yes: Bool

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await task.withTask(context) { task, store in
                guard try context.confirmDelete("task", task.title, yes: yes) else {
                    context.console.out("Nothing was deleted.\n")
                    return .success
                }
                try await store.deleteTask(id: task.id)
                context.console.out("Deleted task \(CRUDConformance.Show.id(task.id)): \(task.title)\n")
                return .success
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(name: "import", summary: "Add one task per line of FILE, all or nothing.")
        @Argument("FILE", help: "A text file with one title per line.") var file: String
        var store = StoreArguments()

        func run(_ context: CommandContext) async throws -> ExitCode {
            try await store.withStore(context) { store in
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw CommandFailure("Cannot read '\(file)': no such file, or no permission.", exitCode: .notFound)
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
                    throw CommandFailure("Line \(line ?? 0) of \(file): \(failure.message) Nothing was imported.", exitCode: .invalidData)
                }
                context.console.out("Imported \(tasks.count) task\(tasks.count == 1 ? "" : "s").\n")
                return .success
            }
        }
    }
}

/// The task a subcommand acts on (`ID`, a full id or the start of one) and its `--store`.
struct TaskArguments: ParsableArguments {
    @Argument("ID", help: "The task's id, or the start of it.") var id: String
    var store = StoreArguments()

    /// Opens the store, finds the task, and runs `body` with both.
    func withTask<T>(_ context: CommandContext, _ body: (TaskItem, any CRUDSpec) async throws -> T) async throws -> T {
        try await store.withStore(context) { store in try await body(try await IDResolver.task(id, in: store), store) }
    }

    /// Done, undo and toggle: `change` the task and say how it stands.
    func mark(_ context: CommandContext, _ change: (any CRUDSpec, UUID) async throws -> TaskItem) async throws -> ExitCode {
        try await withTask(context) { task, store in
            let task = try await change(store, task.id)
            context.console.out("\(task.isCompleted ? "Done" : "Not done"): \(Show.id(task.id)) \(task.title)\n")
            return .success
        }
    }
}
