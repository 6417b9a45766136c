import CRUDBackends
import CRUDConformance
import CRUDKitCLI
import CRUDSpec
import Foundation
import Testing

/// Every hostile input through every backend and through the command-line tool.
@Suite("Hostile input")
struct HostileInputTests {
    @Test("The corpus has at least 60 inputs")
    func size() {
        #expect(HostileInput.corpus.count >= 60)
    }

    @Test("Each input round-trips exactly or gets a validation error; the store stays whole", arguments: BuiltInBackends.all)
    func throughBackend(backend: Backend) async throws {
        let storage = try await backend.makeStorage()
        let clock = ManualClock()
        var store = try await storage.open(clock: clock)
        var accepted: [UUID: String] = [:]
        for (index, input) in HostileInput.corpus.enumerated() {
            let expected = try? Validation.title(input)
            do {
                let task = try await store.createTask(title: input, notes: nil)
                let stored = try await store.task(id: task.id)
                #expect(expected != nil, "\(backend.name) accepted invalid title #\(index) \(Show.text(input))")
                #expect(
                    stored.title.unicodeScalars.elementsEqual((expected ?? "").unicodeScalars),
                    "\(backend.name): #\(index) \(Show.text(input)) came back as \(Show.text(stored.title))")
                accepted[task.id] = stored.title
            } catch let error as CRUDError {
                guard case .validation = error else {
                    Issue.record("\(backend.name): #\(index) \(Show.text(input)) threw \(error.code), not a validation error")
                    continue
                }
                #expect(expected == nil, "\(backend.name) refused valid title #\(index) \(Show.text(input)): \(error.message)")
            }
            // Contacts: the input as a name.
            _ = try? await store.createContact(name: input, email: "hostile\(index)@example.com", phone: nil)
        }
        if backend.capabilities.contains(.durability) {
            try await store.close()
            store = try await storage.open(clock: clock)
        }
        let all = try await store.tasks(TaskQuery())
        #expect(all.count == accepted.count, "\(backend.name): \(all.count) tasks listed, \(accepted.count) accepted")
        for task in all {
            #expect(
                accepted[task.id].map { task.title.unicodeScalars.elementsEqual($0.unicodeScalars) } == true,
                "\(backend.name): \(Show.text(task.title)) changed")
        }
        try await store.close()
        await storage.dispose()
    }

    @Test("Each input through crudkit tasks add: exit 0 and stored exactly, or exit 65 with one error line")
    func throughCommandLine() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["CRUDKIT_STORE": "json:\(folder.path)/tasks.json", "HOME": folder.path]
        var accepted: [String] = []
        for input in HostileInput.corpus {
            let console = CapturedConsole()
            let status = await CRUDKitTool.run(["tasks", "add", "--", input], console: console, environment: environment)
            if let title = try? Validation.title(input) {
                #expect(status == 0, "\(Show.text(input)): \(console.stderr)")
                accepted.append(title)
            } else {
                #expect(
                    status == 65 && console.stderr.hasPrefix("error: ") && console.stderr.filter { $0 == "\n" }.count == 1,
                    "\(Show.text(input)): \(status) \(console.stderr)")
            }
        }
        let listing = CapturedConsole()
        #expect(await CRUDKitTool.run(["tasks", "list", "--json"], console: listing, environment: environment) == 0)
        struct Listed: Decodable { var title: String }
        let titles = try JSONDecoder().decode([Listed].self, from: Data(listing.stdout.utf8)).map(\.title)
        #expect(titles.count == accepted.count)
        #expect(titles.reversed().map(\.unicodeScalars).elementsEqual(accepted.map(\.unicodeScalars)) { $0.elementsEqual($1) })
    }
}
