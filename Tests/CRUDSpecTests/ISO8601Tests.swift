import CRUDSpec
import Foundation
import Testing

@Suite("ISO 8601 timestamps")
struct ISO8601Tests {
    @Test(
        "Known instants format as ISO 8601 UTC with milliseconds and parse back",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00.000Z"), (1_767_225_600_123, "2026-01-01T00:00:00.123Z"),
            (951_782_400_000, "2000-02-29T00:00:00.000Z"), (-1, "1969-12-31T23:59:59.999Z"),
            (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
        ])
    func roundTrip(milliseconds: Int64, text: String) throws {
        #expect(Timestamp.iso8601(Timestamp.date(milliseconds: milliseconds)) == text)
        let parsed = try #require(Timestamp.parseISO8601(text))
        #expect(Timestamp.milliseconds(parsed) == milliseconds)
        #expect(parsed == Timestamp.date(milliseconds: milliseconds))
    }

    @Test(
        "Shorter fractions and none are read; malformed dates are not",
        arguments: [
            ("2026-01-01T00:00:00Z", Int64(1_767_225_600_000)), ("2026-01-01T00:00:00.5Z", 1_767_225_600_500),
            ("2026-01-01T00:00:00.12Z", 1_767_225_600_120),
        ])
    func fractions(text: String, milliseconds: Int64) {
        #expect(Timestamp.parseISO8601(text).map(Timestamp.milliseconds) == milliseconds)
    }

    @Test(
        "Malformed dates are rejected",
        arguments: [
            "", "2026-01-01", "2026-02-30T00:00:00.000Z", "2026-13-01T00:00:00.000Z", "2026-01-01T24:00:00.000Z",
            "2026-01-01T00:00:00.000", "2026-01-01T00:00:00.0000Z", "2026-01-01 00:00:00.000Z", "２０２６-01-01T00:00:00.000Z",
        ])
    func malformed(text: String) {
        #expect(Timestamp.parseISO8601(text) == nil)
    }
}
