import CRUDMemory
import CRUDSpec
import Foundation

/// What reading a journal from its first line to its last found.
///
/// A last line that has no newline, or that is not a change, is a write cut off by a crash:
/// it was never acknowledged (the store acknowledges after the whole line is on the disk),
/// so it is left out, and `validLength` says where the file should end. Any other bad line
/// (a bad header, a line in the middle, a change that does not fit the records before it)
/// means the file is damaged or not a journal, and reading gives nil.
struct JournalReplay {
    /// The records after every whole change.
    var state = StoreState()
    /// How many records are live: tasks and contacts.
    var liveRecords = 0
    /// How many records the changes after the header wrote (an import of N counts N).
    var loggedRecords = 0
    /// The length of the file up to the end of its last whole change.
    var validLength = 0
    /// How many bytes of a cut-off last line follow `validLength`; 0 when there is none.
    var tornBytes = 0

    /// Replays `bytes`; nil when they are not an intact journal (apart from a torn last line).
    static func read(_ bytes: [UInt8]) -> JournalReplay? {
        var lines: [Range<Int>] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            lines.append(start..<end)
            start = end + 1
        }
        let endsWithNewline = bytes.last == 0x0A
        // The header is written whole, by an atomic rename, before any change: it is never torn.
        guard let header = lines.first, header.upperBound < bytes.count, JournalEntry.isHeader(Data(bytes[header])) else {
            return nil
        }
        var replay = JournalReplay(validLength: header.upperBound + 1)
        var records = Records()
        for (index, line) in lines.enumerated().dropFirst() {
            let isLast = index == lines.count - 1
            guard let entry = JournalEntry(line: Data(bytes[line])), !isLast || endsWithNewline else {
                guard isLast else { return nil }
                replay.tornBytes = bytes.count - line.lowerBound
                break
            }
            guard records.apply(entry) else { return nil }
            replay.loggedRecords += entry.weight
            replay.validLength = line.upperBound + 1
        }
        guard let state = try? StoreState(tasks: records.tasks.inOrder, contacts: records.contacts.inOrder) else { return nil }
        replay.state = state
        replay.liveRecords = records.tasks.count + records.contacts.count
        return replay
    }
}

/// The records while replaying, each with the position of its creation, which orders
/// them when the state is built.
private struct Records {
    struct Kind<Record> {
        var entries: [UUID: (sequence: Int, record: Record)] = [:]
        var count: Int { entries.count }
        var inOrder: [Record] { entries.values.sorted { $0.sequence < $1.sequence }.map(\.record) }

        mutating func create(_ id: UUID, _ record: Record, sequence: Int) -> Bool {
            guard entries[id] == nil else { return false }
            entries[id] = (sequence, record)
            return true
        }

        mutating func update(_ id: UUID, _ record: Record) -> Bool {
            guard let sequence = entries[id]?.sequence else { return false }
            entries[id] = (sequence, record)
            return true
        }

        mutating func delete(_ id: UUID) -> Bool {
            entries.removeValue(forKey: id) != nil
        }
    }

    var tasks = Kind<TaskItem>()
    var contacts = Kind<Contact>()
    var sequence = 0

    /// Applies one change; false when it does not fit (a create of an id that exists, an
    /// update or delete of one that does not).
    mutating func apply(_ entry: JournalEntry) -> Bool {
        defer { sequence += entry.weight }
        switch entry {
        case .createTask(let task): return tasks.create(task.id, task, sequence: sequence)
        case .updateTask(let task): return tasks.update(task.id, task)
        case .deleteTask(let id): return tasks.delete(id)
        case .importTasks(let batch):
            return batch.enumerated().allSatisfy { offset, task in tasks.create(task.id, task, sequence: sequence + offset) }
        case .createContact(let contact): return contacts.create(contact.id, contact, sequence: sequence)
        case .updateContact(let contact): return contacts.update(contact.id, contact)
        case .deleteContact(let id): return contacts.delete(id)
        }
    }
}
