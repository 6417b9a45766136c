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
public final class ManualClock: CRUDClock, @unchecked Sendable {
    // A lock, not an actor: `now()` must be synchronous for stores to call it inline.
    private let lock = NSLock()
    private var current: Date

    /// Starts the clock at `now` (by default 2026-01-01 00:00:00 UTC).
    public init(now: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        current = now
    }

    public func now() -> Date {
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

    /// The date of a count of milliseconds since 1970-01-01 UTC.
    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    /// `date` truncated to whole milliseconds.
    public static func truncated(_ date: Date) -> Date {
        Self.date(milliseconds: milliseconds(date))
    }
}
