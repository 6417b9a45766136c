import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

// Task creation mistakes: the title and notes rules, dates, what is returned and stored.

/// Trims the title with a hand-made set of ASCII whitespace: " \t\n\r".
struct ASCIITrimTitleStore: ForwardingStore {
    let inner: RebuildingStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let text = title.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n\r"))
        let checked = try Hand.line(text, .title, max: Validation.maxTitleLength)
        return try await inner.insertTask(title: checked, notes: try Validation.notes(notes))
    }
}

/// Measures the title in UTF-16 code units (NSString length) before the real validation.
struct UTF16TitleLengthStore: ForwardingStore {
    let inner: MemoryStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        if Validation.trimmed(title).utf16.count > Validation.maxTitleLength {
            throw Hand.failure(.title, .tooLong(max: Validation.maxTitleLength))
        }
        return try await inner.createTask(title: title, notes: notes)
    }
}

/// Checks the title's length on the raw input, before trimming.
struct UntrimmedTitleLengthStore: ForwardingStore {
    let inner: MemoryStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        if title.count > Validation.maxTitleLength { throw Hand.failure(.title, .tooLong(max: Validation.maxTitleLength)) }
        return try await inner.createTask(title: title, notes: notes)
    }
}

/// Cuts a long title to 200 Characters instead of rejecting it (a VARCHAR(200) column).
struct TruncatingTitleStore: ForwardingStore {
    let inner: MemoryStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let text = Validation.trimmed(title)
        return try await inner.createTask(title: String(text.prefix(Validation.maxTitleLength)), notes: notes)
    }
}

/// Rejects only the control characters the developer thought of: NUL, tab, line feed, carriage return.
struct FewControlsTitleStore: ForwardingStore {
    let inner: RebuildingStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let known: Set<Unicode.Scalar> = ["\u{0}", "\t", "\n", "\r"]
        let checked = try Hand.line(Validation.trimmed(title), .title, max: Validation.maxTitleLength, forbidden: known.contains)
        return try await inner.insertTask(title: checked, notes: try Validation.notes(notes))
    }
}

/// Looks for control characters in the raw title, before trimming, so a trailing newline is refused.
struct ControlsBeforeTrimStore: ForwardingStore {
    let inner: MemoryStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        if title.unicodeScalars.contains(where: Validation.isControl) { throw Hand.failure(.title, .invalidCharacters) }
        return try await inner.createTask(title: title, notes: notes)
    }
}

/// Checks `title.isEmpty` on the raw input, then trims: a blank title becomes "".
struct BlankBeforeTrimStore: ForwardingStore {
    let inner: RebuildingStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        if title.isEmpty { throw Hand.failure(.title, .empty) }
        let text = Validation.trimmed(title)
        if text.count > Validation.maxTitleLength { throw Hand.failure(.title, .tooLong(max: Validation.maxTitleLength)) }
        if text.unicodeScalars.contains(where: Validation.isControl) { throw Hand.failure(.title, .invalidCharacters) }
        return try await inner.insertTask(title: text, notes: try Validation.notes(notes))
    }
}

/// Notes are trimmed and checked but a blank result is kept as "" instead of nil.
struct EmptyNotesStore: ForwardingStore {
    let inner: RebuildingStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let checkedTitle = try Validation.title(title)
        let text = notes.map(Validation.trimmed)
        if let text, !text.isEmpty { _ = try Validation.notes(text) }
        return try await inner.insertTask(title: checkedTitle, notes: text)
    }
}

/// Notes are validated on their trimmed form, but the raw, untrimmed notes are stored.
struct UntrimmedNotesStore: ForwardingStore {
    let inner: RebuildingStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let checkedTitle = try Validation.title(title)
        let stored = try Validation.notes(notes) == nil ? nil : notes
        return try await inner.insertTask(title: checkedTitle, notes: stored)
    }
}

/// Notes go through the title's control-character check, so a line break inside is refused.
struct NotesTitleRuleStore: ForwardingStore {
    let inner: MemoryStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        if let notes, Validation.trimmed(notes).unicodeScalars.contains(where: Validation.isControl) {
            throw Hand.failure(.notes, .invalidCharacters)
        }
        return try await inner.createTask(title: title, notes: notes)
    }
}

/// Notes allow line feed, but carriage return counts as a control character (CRLF from a paste is refused).
struct NotesCRRejectedStore: ForwardingStore {
    let inner: MemoryStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        if let notes, Validation.trimmed(notes).unicodeScalars.contains(where: { Validation.isControl($0) && $0 != "\n" }) {
            throw Hand.failure(.notes, .invalidCharacters)
        }
        return try await inner.createTask(title: title, notes: notes)
    }
}

/// Notes allow every "whitespace" control: tab as well as line feed and carriage return.
struct NotesTabStore: ForwardingStore {
    let inner: RebuildingStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let checkedTitle = try Validation.title(title)
        var stored: String?
        if let notes {
            let text = Validation.trimmed(notes)
            if text.count > Validation.maxNotesLength { throw Hand.failure(.notes, .tooLong(max: Validation.maxNotesLength)) }
            let allowed: Set<Unicode.Scalar> = ["\n", "\r", "\t"]
            if text.unicodeScalars.contains(where: { Validation.isControl($0) && !allowed.contains($0) }) {
                throw Hand.failure(.notes, .invalidCharacters)
            }
            stored = text.isEmpty ? nil : text
        }
        return try await inner.insertTask(title: checkedTitle, notes: stored)
    }
}

/// Measures notes in Unicode scalars, so decomposed accents count twice.
struct ScalarNotesLengthStore: ForwardingStore {
    let inner: MemoryStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        if let notes, Validation.trimmed(notes).unicodeScalars.count > Validation.maxNotesLength {
            throw Hand.failure(.notes, .tooLong(max: Validation.maxNotesLength))
        }
        return try await inner.createTask(title: title, notes: notes)
    }
}

/// Inserts the task first, then sets its notes in a second step that can fail.
struct NotesAfterInsertStore: ForwardingStore {
    let inner: MemoryStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let task = try await inner.createTask(title: title, notes: nil)
        guard notes != nil else { return task }
        return try await inner.editTaskNotes(id: task.id, notes: notes)
    }
}

/// Reads the clock once for createdAt and again for updatedAt.
struct TwoClockReadsStore: ForwardingStore {
    let inner: RebuildingStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let checkedTitle = try Validation.title(title)
        let checkedNotes = try Validation.notes(notes)
        let createdAt = inner.clock.timestamp()
        let updatedAt = inner.clock.timestamp()
        return try await inner.insertTask(title: checkedTitle, notes: checkedNotes, createdAt: createdAt, updatedAt: updatedAt)
    }
}

/// Returns a record built from the input instead of the one stored.
struct ReturnsInputStore: ForwardingStore {
    let inner: MemoryStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let stored = try await inner.createTask(title: title, notes: notes)
        return TaskItem(
            id: stored.id, title: title, notes: notes, isCompleted: false, createdAt: stored.createdAt, updatedAt: stored.updatedAt)
    }
}

/// Normalizes titles and notes to NFC on the way in.
struct NFCStore: ForwardingStore {
    let inner: MemoryStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        try await inner.createTask(
            title: title.precomposedStringWithCanonicalMapping, notes: notes?.precomposedStringWithCanonicalMapping)
    }
}

/// "Sanitizes" invisible characters: zero-width space, ZWNJ, ZWJ and BOM are removed from titles.
struct ZeroWidthStrippingStore: ForwardingStore {
    let inner: MemoryStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let invisible: Set<Unicode.Scalar> = ["\u{200B}", "\u{200C}", "\u{200D}", "\u{FEFF}"]
        let cleaned = String(String.UnicodeScalarView(title.unicodeScalars.filter { !invisible.contains($0) }))
        return try await inner.createTask(title: cleaned, notes: notes)
    }
}

/// A unique index on the title: a second task with the same title is refused.
struct UniqueTitleStore: ForwardingStore {
    let inner: MemoryStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        let checked = try Validation.title(title)
        if await inner.currentState().tasksInCreationOrder.contains(where: { $0.title == checked }) {
            throw CRUDError.duplicate(field: .title)
        }
        return try await inner.createTask(title: title, notes: notes)
    }
}

/// Forgets to pass the notes on: every new task is stored without them.
struct DropsNotesStore: ForwardingStore {
    let inner: MemoryStore
    func createTask(title: String, notes: String?) async throws -> TaskItem {
        _ = try Validation.notes(notes)
        return try await inner.createTask(title: title, notes: nil)
    }
}

/// Creates from a snapshot of the state, awaits the "write", then installs the snapshot:
/// parallel creates each install their own snapshot, and all but the last are lost.
struct LostUpdateStore: ForwardingStore {
    let inner: MemoryStore
    let clock: any CRUDClock

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        var snapshot = await inner.currentState()
        let task = try snapshot.createTask(title: title, notes: notes, now: clock.timestamp())
        // Writing the file: the window in which a parallel create reads the same snapshot,
        // made certain by the rule's barrier instead of hoped for with a sleep.
        await OverlapBarrier.current?.arrive()
        await inner.replaceState(with: snapshot)
        return task
    }
}
