import CRUDSpec
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The exercise host's ends of the channel: calls and store replies come in on standard
/// input, answers and store calls go out on `output` (the standard output the host was
/// started with). One message at a time, each a JSON line.
final class HostLink: @unchecked Sendable {
    private let output: Int32
    private let lock = NSLock()

    init(output: Int32) {
        self.output = output
    }

    /// The next line of standard input, nil at its end.
    func receive() -> String? { Swift.readLine(strippingNewline: true) }

    /// Writes `message` as one line; false when the grader is gone.
    func send(_ message: some Encodable) -> Bool {
        guard var data = try? JSONEncoder().encode(message) else { return false }
        data.append(10)
        return data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = write(output, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// Sends `call` for the call with `number` and waits for the grader's reply; one round
    /// trip at a time, whatever the checks run concurrently.
    func roundTrip(_ call: StoreCall, number: Int) -> StoreReply? {
        lock.withLock {
            guard send(HostReply(number: number, storeCall: call)), let line = receive() else { return nil }
            return try? JSONDecoder().decode(StoreReply.self, from: Data(line.utf8))
        }
    }
}

/// The store Exercise 14's checks get in the host: every operation goes to the grader's
/// store over the channel. It is the same type, holding the same things, whichever store
/// the grader runs the checks on.
struct ChannelStore: CRUDSpec {
    let link: HostLink
    let number: Int

    private func ask(_ call: StoreCall) throws -> HostAnswer.Value {
        guard let reply = link.roundTrip(call, number: number) else {
            throw CRUDError.network(reason: "the grader did not answer a store call")
        }
        switch reply.thrown {
        case .crud(let error): throw error
        case .other(let description): throw CRUDError.storeUnavailable(path: description)
        case nil: return reply.value
        }
    }

    private func task(_ call: StoreCall) throws -> TaskItem {
        guard case .task(let task) = try ask(call) else { throw CRUDError.network(reason: "the grader answered with no task") }
        return task
    }

    private func tasks(_ call: StoreCall) throws -> [TaskItem] {
        guard case .tasks(let tasks) = try ask(call) else { throw CRUDError.network(reason: "the grader answered with no tasks") }
        return tasks
    }

    private func contact(_ call: StoreCall) throws -> Contact {
        guard case .contact(let contact) = try ask(call) else { throw CRUDError.network(reason: "the grader answered with no contact") }
        return contact
    }

    func createTask(title: String, notes: String?) async throws -> TaskItem { try task(.createTask(title: title, notes: notes)) }
    func task(id: UUID) async throws -> TaskItem { try task(.task(id: id)) }
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] { try tasks(.tasks(query)) }
    func countTasks(_ query: TaskQuery) async throws -> Int {
        guard case .count(let count) = try ask(.countTasks(query)) else {
            throw CRUDError.network(reason: "the grader answered with no count")
        }
        return count
    }
    func renameTask(id: UUID, to title: String) async throws -> TaskItem { try task(.renameTask(id: id, title: title)) }
    func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem { try task(.editTaskNotes(id: id, notes: notes)) }
    func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem {
        try task(.setTaskCompleted(id: id, isCompleted: isCompleted))
    }
    func toggleTask(id: UUID) async throws -> TaskItem { try task(.toggleTask(id: id)) }
    func deleteTask(id: UUID) async throws { _ = try ask(.deleteTask(id: id)) }
    func importTasks(titles: [String]) async throws -> [TaskItem] { try tasks(.importTasks(titles: titles)) }
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        try contact(.createContact(name: name, email: email, phone: phone))
    }
    func contact(id: UUID) async throws -> Contact { try contact(.contact(id: id)) }
    func contacts(_ query: ContactQuery) async throws -> [Contact] {
        guard case .contacts(let contacts) = try ask(.contacts(query)) else {
            throw CRUDError.network(reason: "the grader answered with no contacts")
        }
        return contacts
    }
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        try contact(.updateContact(id: id, changes: changes))
    }
    func deleteContact(id: UUID) async throws { _ = try ask(.deleteContact(id: id)) }
    func close() async throws { _ = try ask(.close) }
}
