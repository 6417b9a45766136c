import CRUDSpec
import Foundation
import Testing

@Suite("Text keys")
struct TextKeyTests {
    @Test(
        "Case folding follows Unicode, not just ASCII",
        arguments: [
            ("Straße", "strasse"), ("STRASSE", "strasse"), ("ẞ", "ss"), ("ΣΊΣΥΦΟΣ", "σίσυφοσ"), ("ς", "σ"),
            ("É", "é"), ("E\u{301}", "é"), ("ꭰ", "Ꭰ"), ("Ꭰ", "Ꭰ"), ("ı", "ı"), ("ǅ", "ǆ"), ("ﬁ", "fi"),
        ])
    func folding(input: String, folded: String) {
        #expect(TextKey.folded(input).unicodeScalars.elementsEqual(folded.unicodeScalars), "\(input) folded to \(TextKey.folded(input))")
    }

    @Test("Search keys drop diacritics and case")
    func searchKeys() {
        #expect(TextKey.searchKey("CAFÉ") == "cafe")
        #expect(TextKey.searchKey("Cafe\u{301}") == "cafe")
        #expect(TextKey.matches("Crème Brûlée", search: "BRULEE"))
        #expect(!TextKey.matches("Tea", search: "coffee"))
        #expect(TextKey.matches("anything", search: nil))
    }

    @Test("Search terms are literal")
    func literalSearch() {
        #expect(TextKey.matches("100% done", search: "%"))
        #expect(!TextKey.matches("axb", search: "a_b"))
        #expect(!TextKey.matches("abc", search: "a*"))
        #expect(TextKey.matches(#"a\b"#, search: #"\"#))
    }
}

@Suite("Record order")
struct RecordOrderTests {
    private let start = Date(timeIntervalSince1970: 1_000)

    private func task(_ title: String, at offset: TimeInterval = 0) -> TaskItem {
        TaskItem(id: UUID(), title: title, notes: nil, isCompleted: false, createdAt: start + offset, updatedAt: start + offset)
    }

    @Test("Newest first, ties broken by the later creation")
    func newestFirst() {
        let tasks = [task("a", at: 5), task("b", at: 5), task("c", at: 1), task("d", at: 9)]
        #expect(RecordOrder.tasks(tasks, sortedBy: .newestFirst).map(\.title) == ["d", "b", "a", "c"])
    }

    @Test("Title order: folded, then exact, then earlier creation")
    func byTitle() {
        let tasks = [task("b"), task("B"), task("a"), task("straße"), task("STRASSE"), task("a")]
        let sorted = RecordOrder.tasks(tasks, sortedBy: .title)
        #expect(sorted.map(\.title) == ["a", "a", "B", "b", "STRASSE", "straße"])
        #expect(sorted[0].id == tasks[2].id)
    }
}

@Suite("Timestamps and errors")
struct TimestampAndErrorTests {
    @Test(
        "Millisecond timestamps round-trip exactly", arguments: [Int64(0), 1_767_225_600_123, 1_767_225_600_999, -1_001, 4_102_444_800_001])
    func milliseconds(value: Int64) {
        #expect(Timestamp.milliseconds(Timestamp.date(milliseconds: value)) == value)
    }

    @Test("The clock's timestamp drops sub-millisecond parts")
    func truncation() {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 10.123_456))
        #expect(Timestamp.milliseconds(clock.timestamp()) == 10_123)
        clock.advance(seconds: 1)
        #expect(Timestamp.milliseconds(clock.timestamp()) == 11_123)
    }

    @Test("Error codes are stable and messages are plain")
    func errors() {
        let id = UUID()
        let cases: [(CRUDError, String)] = [
            (.validation(ValidationFailure(field: .title, reason: .tooLong(max: 200))), "validation.tooLong"),
            (.duplicate(field: .email), "duplicate"), (.notFound(id: id), "notFound"), (.invalidQuery(reason: "x"), "invalidQuery"),
            (.corruptStore(path: "/tmp/s.json"), "corruptStore"), (.storeLocked(path: "/tmp/s.json"), "storeLocked"),
            (.unauthorized, "unauthorized"), (.network(reason: "refused"), "network"), (.server(status: 500), "server"),
            (.notImplemented(operation: "createTask"), "notImplemented"),
        ]
        for (error, code) in cases {
            #expect(error.code == code)
            #expect(error.message.last == ".", "\(error.message)")
            #expect(!error.message.contains("Optional("), "\(error.message)")
        }
        #expect(CRUDError.validation(ValidationFailure(field: .title, reason: .empty)).message == "Task title cannot be empty.")
        #expect(CRUDError.duplicate(field: .email).message == "Another contact already has this email address.")
    }
}
