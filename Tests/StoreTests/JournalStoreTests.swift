import CRUDJournal
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

@Suite("Journal store")
struct JournalStoreTests {
    /// The bytes of the file at `path`.
    static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Appends `text` to the file at `path`, as a write cut off by a crash leaves it.
    static func append(_ text: String, to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// Everything a store holds, in creation order, for comparing two opens of one file.
    static func snapshot(_ store: JournalStore) async throws -> [String] {
        let tasks = try await store.tasks(TaskQuery()).map { "\($0)" }
        let contacts = try await store.contacts(ContactQuery()).map { "\($0)" }
        return tasks + contacts
    }

    @Test("Each change is one line after a header: create, update, delete and import, with ids and ISO dates")
    func lineFormat() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.journal")
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_767_260_700.25))
        let store = try JournalStore(path: path, clock: clock)
        #expect(!FileManager.default.fileExists(atPath: path), "opening created the file before any change")
        let task = try await store.createTask(title: "Buy milk", notes: nil)
        _ = try await store.renameTask(id: task.id, to: "Buy oat milk")
        _ = try await store.importTasks(titles: ["a", "b"])
        try await store.deleteTask(id: task.id)
        let contact = try await store.createContact(name: "Ada", email: "ada@example.org", phone: nil)
        _ = try await store.updateContact(id: contact.id, ContactChanges(phone: "+44 20 7946 0000"))
        try await store.deleteContact(id: contact.id)
        await store.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == #"{"format":"crudkit-journal","version":1}"#)
        #expect(lines.last == "", "the file does not end in a newline")
        let operations = lines.dropFirst().dropLast().map { line in line.firstMatch(of: /"op":"([a-z.]+)"/).map { String($0.1) } ?? "?" }
        #expect(
            operations == [
                "task.create", "task.update", "task.import", "task.delete", "contact.create", "contact.update", "contact.delete",
            ])
        #expect(lines[1].contains(#""id":"\#(task.id.uuidString)""#))
        #expect(lines[1].contains(#""createdAt":"2026-01-01T09:45:00.250Z""#))
    }

    @Test(
        "A torn last line is dropped, the file cut back to its last whole line, and a notice says so",
        arguments: [
            #"{"op":"task.create","task":{"id":"#,  // cut off mid-line
            #"{"op":"task.delete","id":"00000000-0000-0000-0000-000000000000"}"#,  // whole but for its newline
            "\0\0\0\0\0\0\n",  // the zeros a file system can leave after a power cut
        ])
    func tornLastLine(tail: String) async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.journal")
        let first = try JournalStore(path: path)
        var written: [UUID] = []
        for title in ["one", "two", "three"] { written.append(try await first.createTask(title: title, notes: nil).id) }
        let before = try await Self.snapshot(first)
        await first.close()
        let intact = try Self.bytes(path)
        try Self.append(tail, to: path)

        let reopened = try JournalStore(path: path)
        #expect(reopened.notices.count == 1, "expected one notice of the dropped line, got \(reopened.notices)")
        #expect(reopened.notices.first?.contains("\(tail.utf8.count) bytes") == true, "the notice: \(reopened.notices)")
        #expect(try await Self.snapshot(reopened) == before, "the acknowledged writes changed")
        #expect(try Self.bytes(path) == intact, "the file was not cut back to its last whole line")
        // The next change follows the last whole line, and the file reopens without notices.
        written.append(try await reopened.createTask(title: "four", notes: nil).id)
        await reopened.close()
        let again = try JournalStore(path: path)
        #expect(again.notices.isEmpty, "a repaired file still gave notices: \(again.notices)")
        #expect(Set(try await again.tasks(TaskQuery()).map(\.id)) == Set(written))
        await again.close()
    }

    static let header = #"{"format":"crudkit-journal","version":1}"# + "\n"
    static let task =
        #"{"op":"task.create","task":{"id":"8e0d3c8b-1e37-4c0f-9e2b-3a1f5c6d7e80","title":"a","isCompleted":false,"#
        + #""createdAt":"2026-01-01T00:00:00.000Z","updatedAt":"2026-01-01T00:00:00.000Z"}}"# + "\n"

    @Test(
        "A bad header or a bad line before the last is corrupt, and the file is left byte for byte",
        arguments: [
            "",  // no header
            #"{"format":"crudkit-journal","version":1}"#,  // a header without its newline
            #"{"format":"crudkit-journal","version":2}"# + "\n" + task,
            #"{"format":"crudkit","version":1,"tasks":[],"contacts":[]}"# + "\n",  // a JSON store, not a journal
            header + "garbage\n" + task,  // a bad line in the middle
            header + "\n" + task,  // an empty line in the middle
            header + task + task,  // one id created twice
            header + #"{"op":"task.delete","id":"9e0d3c8b-1e37-4c0f-9e2b-3a1f5c6d7e80"}"# + "\n",  // unknown id
            header + #"{"op":"task.rename","id":"8e0d3c8b-1e37-4c0f-9e2b-3a1f5c6d7e80"}"# + "\n" + task,  // unknown op
        ])
    func corrupt(content: String) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(content, to: "store.journal")
        let before = try Self.bytes(path)
        #expect(throws: CRUDError.corruptStore(path: path)) { try JournalStore(path: path) }
        #expect(try Self.bytes(path) == before, "a corrupt journal was changed")
        // Reporting the corruption releases the lock, so a repaired file can be opened.
        try Data((Self.header + Self.task).utf8).write(to: URL(fileURLWithPath: path))
        let repaired = try JournalStore(path: path)
        #expect(repaired.notices.isEmpty)
    }

    @Test("Past twice the live records the log is compacted: every live record kept, no temporary file left, the same state on reopen")
    func compaction() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.journal")
        let seed = try TestSeed()
        var random = seed.generator()
        try await seed.naming {
            let store = try JournalStore(path: path)
            var tasks: [UUID] = []
            for index in 0..<10 { tasks.append(try await store.createTask(title: "task \(index)", notes: nil).id) }
            let contact = try await store.createContact(name: "Ada", email: "ada@example.org", phone: nil)
            var largest = 0
            var compactions = 0
            for round in 0..<200 {
                let id = tasks[Int.random(in: 0..<tasks.count, using: &random)]
                if round % 3 == 0 {
                    _ = try await store.toggleTask(id: id)
                } else {
                    _ = try await store.renameTask(id: id, to: "renamed \(round)")
                }
                if round % 50 == 0 { _ = try await store.updateContact(id: contact.id, ContactChanges(name: "Ada \(round)")) }
                let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count - 1
                if lines < largest { compactions += 1 }
                largest = lines
                // The log never holds more than twice the live records once it is past the floor.
                #expect(lines <= max(2 * 11, JournalStore.compactionFloor) + 1, "\(seed), round \(round): \(lines) records logged")
            }
            #expect(compactions >= 5, "\(seed): the log of 11 records and 200 changes was compacted \(compactions) times")
            #expect(try folder.contents() == ["store.journal", "store.journal.lock"], "\(seed): files left behind")
            let before = try await Self.snapshot(store)
            #expect(before.count == 11, "\(seed): records were lost in compaction")
            await store.close()
            let reopened = try JournalStore(path: path)
            #expect(try await Self.snapshot(reopened) == before, "\(seed): the compacted log replays to another state")
            #expect(reopened.notices.isEmpty)
            await reopened.close()
        }
    }

    @Test("Every acknowledged change of a seeded run survives close and reopen, with compactions on the way")
    func acknowledgedChangesSurvive() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.journal")
        let seed = try TestSeed()
        var random = seed.generator()
        try await seed.naming {
            var store = try JournalStore(path: path)
            var tasks: [UUID] = []
            var contacts: [UUID] = []
            for step in 0..<400 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0, 1: tasks.append(try await store.createTask(title: "t\(step)", notes: step % 2 == 0 ? "n" : nil).id)
                case 2: tasks += try await store.importTasks(titles: ["i\(step)a", "i\(step)b"]).map(\.id)
                case 3: contacts.append(try await store.createContact(name: "c\(step)", email: "c\(step)@example.org", phone: nil).id)
                case 4 where !tasks.isEmpty:
                    try await store.deleteTask(id: tasks.remove(at: Int.random(in: 0..<tasks.count, using: &random)))
                case 5 where !contacts.isEmpty:
                    try await store.deleteContact(id: contacts.remove(at: Int.random(in: 0..<contacts.count, using: &random)))
                case 6 where !contacts.isEmpty:
                    let id = contacts[Int.random(in: 0..<contacts.count, using: &random)]
                    _ = try await store.updateContact(
                        id: id, ContactChanges(email: "moved\(step)@example.org", phone: "555 0100 \(step % 10)"))
                case 7 where !tasks.isEmpty:
                    _ = try await store.editTaskNotes(id: tasks[Int.random(in: 0..<tasks.count, using: &random)], notes: "edited \(step)")
                case _ where !tasks.isEmpty:
                    _ = try await store.toggleTask(id: tasks[Int.random(in: 0..<tasks.count, using: &random)])
                default: break
                }
                if step % 100 == 99 {
                    let before = try await Self.snapshot(store)
                    await store.close()
                    store = try JournalStore(path: path)
                    #expect(try await Self.snapshot(store) == before, "\(seed), step \(step): the reopened store differs")
                }
            }
            #expect(Set(try await store.tasks(TaskQuery()).map(\.id)) == Set(tasks), "\(seed): tasks differ from the acknowledged ones")
            #expect(Set(try await store.contacts(ContactQuery()).map(\.id)) == Set(contacts), "\(seed): contacts differ")
            await store.close()
        }
    }
}
