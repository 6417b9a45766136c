import CRUDKitCLI
import CRUDTestSupport
import ChildProcesses
import Foundation
import Testing

/// A folder of its own for one test, with a JSON store file in it, and the crudkit tool.
private struct AppFixture {
    let folder: URL
    let crudkit: String

    init() throws {
        crudkit = try #require(BuiltProduct.path("crudkit"), "crudkit was not built beside the tests")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var store: String { "json:" + folder.appendingPathComponent("store.json").path }
    /// Where the app's exit status is written once it ends.
    var statusFile: URL { folder.appendingPathComponent("app-status") }

    /// Ends the app in `session` with `key` and expects it to exit 0. Closing a file store
    /// flushes it to disk, which can take a while on a busy machine: hence the long wait.
    func quit(_ session: TmuxSession, with key: String = "q") async throws {
        try await session.press(key)
        var status = ""
        try await session.waitForScreen(timeout: .seconds(30), "the app's exit status in \(statusFile.path)") { _ in
            status = ((try? String(contentsOf: statusFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            return !status.isEmpty
        }
        #expect(status == "0", "the app should exit 0 after \(key), not \(status)")
    }

    /// Runs a crudkit command on the store in-process, as setup or to check what the app saved.
    @discardableResult
    func crudkitCommand(_ arguments: [String]) async throws -> String {
        let console = CapturedConsole()
        let status = await CRUDKitTool.run(arguments + ["--store", store], console: console)
        try #require(status == 0, "crudkit \(arguments.joined(separator: " ")) exited \(status): \(console.stderr)")
        return console.stdout
    }

    /// The app on the store in an 80 × 24 terminal, once it has loaded and shows `ready`,
    /// after `tasks` were added (oldest first) with `crudkit tasks add`.
    func startApp(
        tasks: [String] = [], environment: [String: String] = [:], store: String? = nil, ready: String = "Tasks"
    ) async throws -> TmuxSession {
        for title in tasks { try await crudkitCommand(["tasks", "add", title]) }
        // tmux 3.3 sometimes hangs up a pane whose program has just ended and then reports
        // no exit status for it, so a shell around the app writes the status to a file.
        let script = "trap true HUP; \"$0\" app --store \"$1\"; echo $? > \"$2\""
        let session = try TmuxSession(["sh", "-c", script, crudkit, store ?? self.store, statusFile.path], environment: environment)
        try await session.waitForScreen("the app's first screen") { screen in
            screen.contains { $0.contains("shown,") } && screen.contains { $0.contains(ready) }
        }
        return session
    }

    /// The titles of the stored tasks, as `tasks list --json` prints them.
    func storedTitles() async throws -> [String] {
        let json = try await crudkitCommand(["tasks", "list", "--json", "--sort", "title"])
        let items = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        return items.compactMap { $0["title"] as? String }
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The line of `screen` that contains `text`, if any.
private func line(_ screen: [String], _ text: String) -> String? {
    screen.first { $0.contains(text) }
}

/// `crudkit app` driven in a real terminal (tmux): keys typed, the screen read back, the
/// store checked afterwards with `crudkit tasks list`.
@Suite(
    "crudkit app in a terminal", .serialized,
    .enabled(if: TmuxSession.runs, "needs tmux: apt-get install tmux (CI sets CRUDKIT_REQUIRE_TMUX=1)"))
struct AppInTmuxTests {
    @Test("Add by typing, toggle with Space, edit with Save: each shown and stored")
    func addToggleEdit() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let session = try await fixture.startApp(ready: "No tasks yet")
        defer { session.close() }
        try await session.type("a")
        try await session.type("Buy milk")
        try await session.press("Enter")
        try await session.waitFor("[ ] Buy milk")
        try await session.press("Escape")
        try await session.waitFor("a add · Space done")
        try await session.press("Space")
        try await session.waitFor("[x] Buy milk")
        try await session.press("Enter")
        try await session.waitFor("Edit task")
        try await session.press("C-u")
        try await session.type("Buy oat milk")
        try await session.press("Enter")
        let screen = try await session.waitFor("[x] Buy oat milk")
        #expect(line(screen, "Edit task") == nil, "the editor should close after Save:\n\(screen.joined(separator: "\n"))")
        try await fixture.quit(session)
        #expect(try await fixture.storedTitles() == ["Buy oat milk"])
        #expect(try await fixture.crudkitCommand(["tasks", "list", "--completed"]).contains("Buy oat milk"))
    }

    @Test("A blank title shows the validation message and adds nothing")
    func blankTitle() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let session = try await fixture.startApp(ready: "No tasks yet")
        defer { session.close() }
        try await session.type("a")
        try await session.type("  ")
        try await session.press("Enter")
        try await session.waitForScreen("a title message under the add field") { screen in
            screen.count > 2 && !screen[2].trimmingCharacters(in: .whitespaces).isEmpty
        }
        try await session.waitFor("No tasks yet")
        try await fixture.quit(session, with: "C-c")
        #expect(try await fixture.storedTitles() == [])
    }

    @Test("Cancel with changes asks first; n keeps editing, y discards and the store keeps the old title")
    func cancelDiscards() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let session = try await fixture.startApp(tasks: ["Buy milk"], ready: "Buy milk")
        defer { session.close() }
        try await session.press("Enter")
        try await session.waitFor("Edit task")
        try await session.type(" now")
        try await session.press("Escape")
        try await session.waitFor("Discard changes?")
        try await session.type("n")
        try await session.waitForScreen("the editor again, with the typed text") { screen in
            line(screen, "Discard changes?") == nil && line(screen, "Buy milk now") != nil
        }
        try await session.press("Escape")
        try await session.waitFor("Discard changes?")
        try await session.type("y")
        let screen = try await session.waitFor("[ ] Buy milk")
        #expect(line(screen, "Buy milk now") == nil && line(screen, "Edit task") == nil, "\(screen.joined(separator: "\n"))")
        // Without changes, Esc closes at once.
        try await session.press("Enter")
        try await session.waitFor("Edit task")
        try await session.press("Escape")
        try await session.waitForScreen("the list, without a question") { screen in
            line(screen, "Edit task") == nil && line(screen, "Discard") == nil && line(screen, "[ ] Buy milk") != nil
        }
        try await fixture.quit(session)
        #expect(try await fixture.storedTitles() == ["Buy milk"])
    }

    @Test("Delete asks first: n keeps the task, y removes it")
    func deleteAsksFirst() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let session = try await fixture.startApp(tasks: ["Buy milk", "Call Ada"], ready: "Buy milk")
        defer { session.close() }
        // Newest first: Call Ada is selected.
        try await session.type("d")
        try await session.waitFor(#"Delete "Call Ada"? This cannot be undone."#)
        try await session.type("n")
        try await session.waitForScreen("the list without the question") { screen in
            line(screen, "cannot be undone") == nil && line(screen, "[ ] Call Ada") != nil
        }
        try await session.type("d")
        try await session.waitFor(#"Delete "Call Ada"?"#)
        try await session.type("y")
        try await session.waitForScreen("the list without Call Ada") { screen in
            line(screen, "Call Ada") == nil && line(screen, "[ ] Buy milk") != nil
        }
        try await fixture.quit(session)
        #expect(try await fixture.storedTitles() == ["Buy milk"])
    }

    @Test("Search and the filter narrow the list; nothing matching says so, unlike an empty store")
    func searchAndFilter() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let session = try await fixture.startApp(tasks: ["Buy milk", "Call Ada"], ready: "Buy milk")
        defer { session.close() }
        try await session.type("/")
        try await session.type("milk")
        try await session.waitForScreen("only Buy milk") { line($0, "[ ] Buy milk") != nil && line($0, "Call Ada") == nil }
        try await session.type("zzz")
        let noMatch = try await session.waitFor("No tasks match this filter or search.")
        #expect(line(noMatch, "No tasks yet") == nil, "nothing matching is not an empty store: \(noMatch)")
        try await session.press("C-u")
        try await session.waitForScreen("both tasks again") { line($0, "Buy milk") != nil && line($0, "Call Ada") != nil }
        // Mark Call Ada (selected, newest first) done, then show only tasks not done.
        try await session.press("Escape")
        try await session.press("Space")
        try await session.waitFor("[x] Call Ada")
        try await session.type("f")
        try await session.waitForScreen("tasks not done") { screen in
            line(screen, "Show: Tasks not done") != nil && line(screen, "Call Ada") == nil && line(screen, "[ ] Buy milk") != nil
        }
        try await session.type("f")
        try await session.waitForScreen("completed tasks") { screen in
            line(screen, "Show: Completed tasks") != nil && line(screen, "[x] Call Ada") != nil && line(screen, "Buy milk") == nil
        }
        try await fixture.quit(session)
    }

    @Test("Contacts tab: add a contact; a duplicate email is shown on the email field")
    func contactsDuplicateEmail() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        try await fixture.crudkitCommand(["contacts", "add", "--name", "Ada Lovelace", "--email", "ada@example.org"])
        let session = try await fixture.startApp()
        defer { session.close() }
        try await session.type("2")
        try await session.waitFor("Ada Lovelace")
        try await session.type("a")
        try await session.waitFor("New contact")
        try await session.type("Grace Hopper")
        try await session.press("Tab")
        try await session.type("ada@example.org")
        try await session.press("Enter")
        let screen = try await session.waitFor("Another contact already has this email address.")
        let email = try #require(screen.firstIndex { $0.contains("Email:") }, "no Email field:\n\(screen.joined(separator: "\n"))")
        #expect(
            screen[email + 1].contains("Another contact already has this email address."), "the message should be under the email field")
        #expect(screen[email].contains("ada@example.org"), "the typed email should stay")
        try await session.press("C-u")
        try await session.type("grace@example.org")
        try await session.press("Enter")
        try await session.waitForScreen("the new contact in the list") { screen in
            line(screen, "New contact") == nil && line(screen, "grace@example.org") != nil
        }
        try await fixture.quit(session)
        #expect(try await fixture.crudkitCommand(["contacts", "list"]).contains("grace@example.org"))
    }

    @Test("A save that fails keeps the typed text and shows the store's error until dismissed")
    func failingSaveKeepsText() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        try await TestServer.run { server in
            let environment = ["CRUDKIT_REST_KEY": TestServer.restKey, "CRUDKIT_APP_ID": TestServer.applicationID]
            let session = try await fixture.startApp(environment: environment, store: server.url.absoluteString, ready: "No tasks yet")
            defer { session.close() }
            // The server goes away: the next save cannot reach it.
            server.server.stop()
            try await session.type("a")
            try await session.type("Buy milk")
            try await session.press("Enter")
            let screen = try await session.waitFor("Error: ")
            #expect(line(screen, "New task: Buy milk") != nil, "the typed title should stay:\n\(screen.joined(separator: "\n"))")
            try await session.press("Escape")
            try await session.waitForScreen("the error dismissed, the text kept") { screen in
                line(screen, "Error: ") == nil && line(screen, "New task: Buy milk") != nil
            }
            try await fixture.quit(session, with: "C-c")
        }
    }

    @Test("A resize redraws at the new size")
    func resize() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let session = try await fixture.startApp(ready: "No tasks yet")
        defer { session.close() }
        try await session.resize(rows: 30, columns: 100)
        let screen = try await session.waitForScreen("the help line on row 30") { $0.count >= 30 && $0[29].contains("q quit") }
        #expect(screen[28].contains("0 shown"), "the status line should be on row 29")
        try await session.resize(rows: 12, columns: 50)
        try await session.waitForScreen("the help line on row 12") { $0.count >= 12 && $0[11].hasPrefix("a add") }
    }

    @Test("Ctrl-C ends the app and the terminal is as it was")
    func controlCRestores() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let script = """
            trap true HUP; stty -g > before; "$0" app --store "$1"; echo "app status $?"; stty -g > after; sleep 30
            """
        let session = try TmuxSession(["sh", "-c", script, fixture.crudkit, fixture.store], directory: fixture.folder.path)
        defer { session.close() }
        try await session.waitFor("No tasks yet")
        #expect(try await session.alternateScreenOn())
        try await session.type("a")
        try await session.type("half typed")
        try await session.press("C-c")
        try await session.waitFor("app status 0")
        #expect(try await session.alternateScreenOn() == false, "the alternate screen should be off")
        let after = fixture.folder.appendingPathComponent("after")
        try await session.waitForScreen("stty's second reading") { _ in
            ((try? String(contentsOf: after, encoding: .utf8)) ?? "").isEmpty == false
        }
        let before = try String(contentsOf: fixture.folder.appendingPathComponent("before"), encoding: .utf8)
        let afterText = try String(contentsOf: after, encoding: .utf8)
        #expect(!before.isEmpty && before == afterText, "stty -g was \(before) before the app, \(afterText) after it")
    }
}

@Suite("crudkit app without a terminal")
struct AppWithoutTerminalTests {
    @Test("Without a terminal it says so and exits 64")
    func noTerminal() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let child = try ChildProcess(fixture.crudkit, ["app", "--store", fixture.store], options: .init(input: .pipe))
        let (ending, out, err) = await child.finished()
        #expect(ending == .exited(64), "expected exit 64, got \(ending); stderr: \(err)")
        #expect(err.contains("needs a terminal"), "standard error was: \(err)")
        #expect(out.isEmpty, "nothing should be drawn without a terminal, got: \(out)")
        #expect(
            !FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("store.json").path),
            "the store should not be opened")
    }
}
