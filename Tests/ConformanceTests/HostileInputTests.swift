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

    @Test(
        "Each input, as a task's title and as a contact's name, round-trips exactly or gets a validation error; the store stays whole",
        arguments: ConformanceTests.backends)
    func throughBackend(backend: Backend) async throws {
        let storage = try await backend.makeStorage()
        let clock = ManualClock()
        var store = try await storage.open(clock: clock)
        var titles: [UUID: String] = [:]
        var names: [UUID: String] = [:]
        for (index, input) in HostileInput.corpus.enumerated() {
            let label = "\(backend.name): #\(index) \(Show.text(input))"
            if let (id, title) = await Self.expectKept(
                input, as: "title", label, expected: try? Validation.title(input),
                write: { try await store.createTask(title: input, notes: nil).id },
                readBack: { try await store.task(id: $0).title })
            {
                titles[id] = title
            }
            if let (id, name) = await Self.expectKept(
                input, as: "contact name", label, expected: try? Validation.name(input),
                write: { try await store.createContact(name: input, email: "hostile\(index)@example.com", phone: nil).id },
                readBack: { try await store.contact(id: $0).name })
            {
                names[id] = name
            }
        }
        if backend.capabilities.contains(.durability) {
            try await store.close()
            store = try await storage.open(clock: clock)
        }
        let tasks = try await store.tasks(TaskQuery())
        Self.expectSame(tasks.map { ($0.id, $0.title) }, titles, "\(backend.name) tasks")
        let contacts = try await store.contacts(ContactQuery())
        Self.expectSame(contacts.map { ($0.id, $0.name) }, names, "\(backend.name) contacts")
        #expect(!titles.isEmpty && !names.isEmpty, "\(backend.name): the corpus must hold valid inputs too")
        try await store.close()
        await storage.dispose()
    }

    /// Writes `input` as a `field`: the store must keep exactly `expected` (read back at once)
    /// or, when `expected` is nil, refuse it with a validation error. The record's id and text
    /// when it was kept.
    static func expectKept(
        _ input: String, as field: String, _ label: String, expected: String?,
        write: () async throws -> UUID, readBack: (UUID) async throws -> String
    ) async -> (UUID, String)? {
        do {
            let id = try await write()
            let stored = try await readBack(id)
            #expect(expected != nil, "\(label): accepted as a \(field), but it is invalid")
            #expect(
                stored.unicodeScalars.elementsEqual((expected ?? "").unicodeScalars),
                "\(label): as a \(field), came back as \(Show.text(stored))")
            return (id, stored)
        } catch CRUDError.validation {
            #expect(expected == nil, "\(label): refused as a \(field), but it is valid")
        } catch {
            Issue.record("\(label): as a \(field), threw \(Show.error(error)), not a validation error")
        }
        return nil
    }

    /// The listed records are exactly the kept ones, each with the same scalars.
    static func expectSame(_ listed: [(UUID, String)], _ kept: [UUID: String], _ label: String) {
        #expect(listed.count == kept.count, "\(label): \(listed.count) listed, \(kept.count) kept")
        for (id, text) in listed {
            #expect(
                kept[id].map { text.unicodeScalars.elementsEqual($0.unicodeScalars) } == true, "\(label): \(Show.text(text)) changed")
        }
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
