import Foundation

/// Remembers the answers to writes by request id, so a retried request gets the first
/// answer again instead of running twice. Bounded: the oldest answers are forgotten first.
final class IdempotencyCache: @unchecked Sendable {
    private let lock = NSCondition()
    private let capacity: Int
    private var answers: [String: HTTPResponse] = [:]
    /// The remembered keys, oldest first from `oldest`: a ring, so forgetting one costs
    /// nothing however many are kept.
    private var order: [String] = []
    private var oldest = 0
    private var inFlight: Set<String> = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The remembered answer for `key`, or the answer of running `work` once. A retry that
    /// arrives while the first attempt is still running waits for its answer.
    func reply(for key: String, _ work: () -> HTTPResponse) -> HTTPResponse {
        lock.lock()
        while inFlight.contains(key) { lock.wait() }
        if let answer = answers[key] {
            lock.unlock()
            return answer
        }
        inFlight.insert(key)
        lock.unlock()

        let answer = work()

        lock.lock()
        inFlight.remove(key)
        // Only answers that changed something are worth replaying; a 5xx may be retried,
        // unless it says it changed something.
        if answer.keptForRetries ?? (answer.status < 500) {
            if answers.updateValue(answer, forKey: key) == nil { remember(key) }
        }
        lock.broadcast()
        lock.unlock()
        return answer
    }

    /// Notes `key` as the newest, forgetting the oldest answer once `capacity` are kept.
    private func remember(_ key: String) {
        if order.count < capacity {
            order.append(key)
            return
        }
        guard capacity > 0 else {
            answers[key] = nil
            return
        }
        answers[order[oldest]] = nil
        order[oldest] = key
        oldest = (oldest + 1) % capacity
    }
}
