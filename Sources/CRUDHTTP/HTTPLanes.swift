import CRUDSpec
import Foundation
import ThreadExecutors

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client's sessions, each with a thread of its own that starts its requests.
///
/// On Linux one URLSession runs every transfer of its own on one serial queue, and the
/// thread that starts a request waits on that queue: with one session, eight callers queue
/// behind each other. Each request takes the lane with the fewest requests in flight, so
/// one caller keeps to one warm connection and concurrent callers spread over the lanes.
final class HTTPLanes: @unchecked Sendable {
    /// A session, the thread that calls it, and whether it was invalidated.
    struct Lane {
        let executor: ThreadExecutor
        let session: URLSession
        /// Set and read on the lane's thread only, so no request can start between the two.
        let invalidated = InvalidatedFlag()
    }

    /// Whether a lane's session was invalidated: corelibs' URLSession ends the process
    /// (`fatalError("Session invalidated")`) when a request is started on such a session.
    final class InvalidatedFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    private let lanes: [Lane]
    private let lock = NSLock()
    // Guarded by `lock`: requests in flight per lane.
    private var inFlight: [Int]

    /// `count` lanes (at least one), each a session with `configuration` and `delegate`.
    init(count: Int, configuration: URLSessionConfiguration, delegate: any URLSessionDelegate) {
        lanes = (0..<max(1, count)).map { index in
            Lane(
                executor: ThreadExecutor(name: "crudkit-http-client-\(index)"),
                session: URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil))
        }
        inFlight = Array(repeating: 0, count: lanes.count)
    }

    deinit { for lane in lanes { lane.executor.shutdown() } }

    /// One request and its answer, on the least busy lane: `data(for:)` runs on that lane's
    /// thread, so URLSession's synchronous wait while it starts the request holds that
    /// thread, not one of the cooperative pool. Nothing cancels the request when the caller
    /// is cancelled (a check that ran out of time): cancelling can trap in corelibs'
    /// URLSession (`URLSession.behaviour(for:)`), ending the whole process; the request runs
    /// to its answer or its own timeout.
    func exchange(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let index = lock.withLock {
            let index = inFlight.indices.min { inFlight[$0] < inFlight[$1] } ?? 0
            inFlight[index] += 1
            return index
        }
        defer { lock.withLock { inFlight[index] -= 1 } }
        let lane = lanes[index]
        return try await Task(executorPreference: lane.executor) {
            // On the lane's thread, where invalidate() runs too: a request of a closed client
            // is an error here instead of URLSession's trap.
            guard !lane.invalidated.isSet else { throw URLError(.cancelled) }
            return try await lane.session.data(for: request)
        }.value
    }

    /// Cancels every request in flight and ends the sessions, each on its own lane's thread.
    func invalidate() async {
        for lane in lanes {
            await Task(executorPreference: lane.executor) {
                lane.invalidated.set()
                lane.session.invalidateAndCancel()
            }.value
        }
    }
}
