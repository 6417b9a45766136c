import CRUDConformance
import CRUDSpec
import Foundation

/// One open store of a witness scenario, with its storage and clock, for closing and reopening.
final class Session {
    let storage: any BackendStorage
    /// The clock the scenario moves; the store may see it through a ticking wrapper.
    let clock: ManualClock
    let storeClock: any CRUDClock
    var store: any CRUDSpec

    init(storage: any BackendStorage, clock: ManualClock, storeClock: any CRUDClock, store: any CRUDSpec) {
        self.storage = storage
        self.clock = clock
        self.storeClock = storeClock
        self.store = store
    }

    func reopen() async throws {
        try await store.close()
        store = try await storage.open(clock: storeClock)
    }

    /// Titles of the default list (newest first), or of `query`.
    func titles(_ query: TaskQuery = TaskQuery()) async -> String {
        await See.attempt({ try await self.store.tasks(query) }) { See.list($0.map(\.title)) }
    }

    func names(_ query: ContactQuery = ContactQuery()) async -> String {
        await See.attempt({ try await self.store.contacts(query) }) { See.list($0.map(\.name)) }
    }

    func count(_ query: TaskQuery = TaskQuery()) async -> String {
        await See.attempt({ try await self.store.countTasks(query) }) { "\($0)" }
    }

    /// Creates a task, or throws (which stops the scenario).
    func make(_ title: String, notes: String? = nil) async throws -> TaskItem {
        try await store.createTask(title: title, notes: notes)
    }

    /// Creates a contact, or throws (which stops the scenario).
    func makeContact(_ name: String, _ email: String, phone: String? = nil) async throws -> Contact {
        try await store.createContact(name: name, email: email, phone: phone)
    }

    /// Tries to create a task and describes the outcome.
    func create(_ title: String, notes: String? = nil) async -> String {
        await See.attempt({ try await self.store.createTask(title: title, notes: notes) }) { See.task($0) }
    }

    /// Tries to create a contact and describes the outcome.
    func add(_ name: String, _ email: String, phone: String? = nil) async -> String {
        await See.attempt({ try await self.store.createContact(name: name, email: email, phone: phone) }) { See.contact($0) }
    }
}

/// How witnesses run and describe what they see, without ids and with dates relative to the start.
enum See {
    /// The ManualClock's default start, in milliseconds.
    static let start: Int64 = 1_767_225_600_000

    static func scenario(
        ticking: Bool = false, _ body: @escaping @Sendable (Session) async throws -> String
    ) -> @Sendable (Backend) async -> String {
        { backend in
            let clock = ManualClock()
            if ticking { clock.startStepping(by: 0.001) }  // one millisecond on every read
            let storeClock: any CRUDClock = clock
            let storage: any BackendStorage
            do { storage = try await backend.makeStorage() } catch { return "no storage: \(describe(error))" }
            var report: String
            do {
                let session = Session(
                    storage: storage, clock: clock, storeClock: storeClock, store: try await storage.open(clock: storeClock))
                do { report = try await body(session) } catch { report = "stopped: \(describe(error))" }
                try? await session.store.close()
            } catch {
                report = "no store: \(describe(error))"
            }
            await storage.dispose()
            return report
        }
    }

    static func describe(_ error: any Error) -> String {
        guard let crud = error as? CRUDError else { return "other error \(type(of: error))" }
        switch crud {
        case .validation(let failure):
            return "validation(\(failure.field), \(failure.reason)\(failure.position.map { ", item \($0)" } ?? ""))"
        case .notFound: return "notFound"
        case .duplicate(let field): return "duplicate(\(field))"
        default: return crud.code
        }
    }

    /// "ok <shown result>" or the error.
    static func attempt<T>(_ operation: () async throws -> T, _ show: (T) -> String = { _ in "" }) async -> String {
        do { return "ok \(show(try await operation()))" } catch { return describe(error) }
    }

    /// How many of `count` parallel runs of `operation` (given their index) succeeded.
    /// An ``OverlapBarrier`` is armed for them, as the concurrency rules arm one.
    static func successes(of count: Int, _ operation: @escaping @Sendable (Int) async throws -> Void) async -> Int {
        await OverlapBarrier.$current.withValue(OverlapBarrier()) {
            await withTaskGroup(of: Bool.self) { group in
                for index in 0..<count { group.addTask { (try? await operation(index)) != nil } }
                var succeeded = 0
                for await success in group where success { succeeded += 1 }
                return succeeded
            }
        }
    }

    static func text(_ value: String?) -> String {
        guard let value else { return "nil" }
        return "\"" + value.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() + "\""
    }

    static func list(_ values: [String]) -> String { "[" + values.map { text($0) }.joined(separator: ", ") + "]" }

    static func ms(_ date: Date) -> String { "+\(Timestamp.milliseconds(date) - start)ms" }

    static func task(_ task: TaskItem) -> String {
        "\(text(task.title)) notes=\(text(task.notes)) done=\(task.isCompleted) created=\(ms(task.createdAt)) updated=\(ms(task.updatedAt))"
    }

    static func contact(_ contact: Contact) -> String {
        "\(text(contact.name)) <\(text(contact.email))> phone=\(text(contact.phone)) created=\(ms(contact.createdAt))"
            + " updated=\(ms(contact.updatedAt))"
    }
}
