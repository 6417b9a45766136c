import Foundation

extension Timestamp {
    /// How long before `now` an instant was, in words: "just now" (under a minute, or in
    /// the future), "1 minute ago", "3 hours ago", "2 days ago", and past 30 days the date
    /// (`2026-01-01`). Whole units, rounded down. The terminal tool and the view models
    /// both say times this way.
    public static func relative(_ date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        func ago(_ count: Int, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s") ago" }
        switch seconds {
        case ..<60: return "just now"
        case ..<3_600: return ago(seconds / 60, "minute")
        case ..<86_400: return ago(seconds / 3_600, "hour")
        case ..<(30 * 86_400): return ago(seconds / 86_400, "day")
        default: return String(iso8601(date).prefix(10))
        }
    }
}
