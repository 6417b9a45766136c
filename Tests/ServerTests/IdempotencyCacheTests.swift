import Testing

@testable import CRUDServer

/// The server's memory of answers to writes, by request id: a retry gets the first answer,
/// and the memory stays bounded by forgetting the oldest first.
@Suite("Idempotency cache")
struct IdempotencyCacheTests {
    /// Asks `cache` for `key`, answering `status` if the work runs, and says whether it ran.
    private func ran(_ cache: IdempotencyCache, _ key: String, status: Int = 201) -> Bool {
        var didRun = false
        _ = cache.reply(for: key) {
            didRun = true
            return HTTPResponse(status: status)
        }
        return didRun
    }

    @Test("Once full, the oldest answers are forgotten first, round after round, and the newest are replayed")
    func forgetsOldestFirst() {
        let cache = IdempotencyCache(capacity: 3)
        #expect(["a", "b", "c", "d", "e"].map { ran(cache, $0) } == [true, true, true, true, true])
        // Kept: c, d, e. Replayed without running; a and b run again.
        #expect(["c", "d", "e"].map { ran(cache, $0) } == [false, false, false], "the three newest answers are replayed")
        #expect(ran(cache, "a"), "the oldest answer is forgotten once three newer ones are kept")
        // a took c's place (the oldest): d, e, a are kept now.
        #expect(ran(cache, "c"), "c was the oldest when a came back")
        #expect(["e", "a", "c"].map { ran(cache, $0) } == [false, false, false], "the ring goes on past its first turn")
        #expect(ran(cache, "d"), "d was the oldest when c came back")
    }

    @Test("A 5xx that changed nothing is not replayed; one that says it changed something is")
    func serverErrors() {
        let cache = IdempotencyCache(capacity: 3)
        #expect(ran(cache, "failed", status: 503))
        #expect(ran(cache, "failed", status: 503), "a retry of a 503 runs again")
        var partial = HTTPResponse(status: 500)
        partial.keptForRetries = true
        _ = cache.reply(for: "partial") { partial }
        #expect(!ran(cache, "partial"), "a 500 that changed something is replayed")
    }

    @Test("With no room, nothing is remembered")
    func noCapacity() {
        let cache = IdempotencyCache(capacity: 0)
        #expect(ran(cache, "a"))
        #expect(ran(cache, "a"))
    }
}
