import Foundation

/// Where a store gets "now" from. Injecting a clock lets checks control `createdAt` and
/// `updatedAt` exactly.
///
/// ```swift
/// let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
/// let store = MemoryStore(clock: clock)
/// clock.advance(seconds: 60)
/// ```
public protocol CRUDClock: Sendable {
    /// The current instant.
    func now() -> Date
}

extension CRUDClock {
    /// The current instant truncated to whole milliseconds: what stores record, so a date
    /// reads back equal from every backend, whether it keeps doubles, text or integers.
    public func timestamp() -> Date {
        Timestamp.truncated(now())
    }
}

/// The real time of the machine.
public struct SystemClock: CRUDClock {
    /// Makes the system clock.
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that stands still until told to move: for tests and exercises.
///
/// It can also move by itself: after ``startStepping(by:)`` every read returns the current
/// instant and then moves the clock on by the step, and the clock remembers the instants it
/// handed out. A store that reads the clock twice in one operation then gets two different
/// instants, so "created and updated at the same instant" and "updatedAt is the clock's now"
/// can be checked for real.
///
/// ```swift
/// let clock = ManualClock()
/// clock.startStepping(by: 0.007)
/// let mark = clock.readCount
/// let task = try await store.createTask(title: "a", notes: nil)
/// clock.instantsRead(since: mark)  // the instants the store read while creating
/// ```
public final class ManualClock: CRUDClock, @unchecked Sendable {
    // A lock, not an actor: `now()` must be synchronous for stores to call it inline.
    private let lock = NSLock()
    private var current: Date
    private var step: TimeInterval = 0
    private var handedOut: [Date] = []

    /// Starts the clock at `now` (by default 2026-01-01 00:00:00 UTC).
    public init(now: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        current = now
    }

    /// The current instant; a stepping clock then moves on by its step.
    public func now() -> Date {
        lock.withLock {
            let instant = current
            if step != 0 {
                handedOut.append(instant)
                current += step
            }
            return instant
        }
    }

    /// The instant the next read will return, without reading (and so without stepping).
    public func peek() -> Date {
        lock.withLock { current }
    }

    /// Moves the clock forward (or back, with a negative value).
    public func advance(seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) {
        lock.withLock { current = date }
    }

    /// From now on, every read moves the clock on by `step` seconds (which must not be 0).
    public func startStepping(by step: TimeInterval) {
        lock.withLock { self.step = step }
    }

    /// Stands still again; the instants read so far are forgotten.
    public func stopStepping() {
        lock.withLock {
            step = 0
            handedOut = []
        }
    }

    /// How many times a stepping clock has been read: a mark for ``instantsRead(since:)``.
    public var readCount: Int {
        lock.withLock { handedOut.count }
    }

    /// The instants a stepping clock handed out after `mark`, in order.
    public func instantsRead(since mark: Int) -> [Date] {
        lock.withLock { Array(handedOut.dropFirst(mark)) }
    }
}

/// Millisecond timestamps, the precision every backend keeps.
public enum Timestamp {
    /// Whole milliseconds since 1970-01-01 UTC, rounded down.
    ///
    /// A date made from whole milliseconds is not exact in binary floating point
    /// (0.123 s is 0.12299999…), so a value within a microsecond of a whole millisecond
    /// counts as that millisecond instead of being rounded down past it.
    public static func milliseconds(_ date: Date) -> Int64 {
        let scaled = date.timeIntervalSince1970 * 1000
        let nearest = scaled.rounded()
        return Int64(abs(scaled - nearest) < 0.001 ? nearest : scaled.rounded(.down))
    }

    /// The date of a count of milliseconds since 1970-01-01 UTC. Inlinable: database stores
    /// call it twice for every row they read.
    @inlinable
    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    /// `date` truncated to whole milliseconds.
    public static func truncated(_ date: Date) -> Date {
        Self.date(milliseconds: milliseconds(date))
    }

    /// `date` as ISO 8601 in UTC with milliseconds, such as `2026-01-01T09:30:00.250Z`:
    /// the form JSON files and Parse use.
    public static func iso8601(_ date: Date) -> String {
        let total = milliseconds(date)
        let millisecond = Int(((total % 1000) + 1000) % 1000)
        let seconds = (total - Int64(millisecond)) / 1000
        let days = Int(seconds.floorDivided(by: 86_400))
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let milli = millisecond < 10 ? "00\(millisecond)" : millisecond < 100 ? "0\(millisecond)" : "\(millisecond)"
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return
            "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)).\(milli)Z"
    }

    /// Reads `yyyy-MM-ddTHH:mm:ss.SSSZ` (the form ``iso8601(_:)`` writes; the fraction may
    /// be absent or have 1 to 3 digits). Returns `nil` for anything else.
    public static func parseISO8601(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84, bytes[13] == 58, bytes[16] == 58,
            bytes.last == 90,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        var millisecond = 0
        if bytes.count > 20 {
            let digits = bytes.count - 21
            guard bytes[19] == 46, (1...3).contains(digits), let fraction = number(20..<(20 + digits)) else { return nil }
            millisecond = fraction * [100, 10, 1][digits - 1]
        } else if bytes[19] != 90 {
            return nil
        }
        let days = daysSince1970(year: year, month: month, day: day)
        guard civilDate(daysSince1970: days) == (year, month, day) else { return nil }  // rejects 31 February
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return date(milliseconds: seconds * 1000 + Int64(millisecond))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a count of days since 1970-01-01.
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
