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
    /// A session, the thread that starts its requests, and the one place where starting a
    /// request, answering it and closing the session are ordered.
    final class Lane: @unchecked Sendable {
        typealias Answer = @Sendable (Result<(Data, URLResponse), any Error>) -> Void

        let executor: ThreadExecutor
        let session: URLSession
        private let lock = NSLock()
        // Guarded by `lock`: set once, before the session is invalidated.
        private var closed = false
        // Guarded by `lock`: the callers still waiting, by request. Whoever removes an
        // answer from here calls it, so each caller hears exactly once.
        private var waiting: [UInt64: Answer] = [:]
        private var nextRequest: UInt64 = 0

        init(executor: ThreadExecutor, session: URLSession) {
            self.executor = executor
            self.session = session
        }

        /// Creates and resumes the request's task under the lock that ``close()`` takes to
        /// mark the lane closed, so no task is ever created on an invalidated session:
        /// corelibs' URLSession ends the process (`fatalError("Session invalidated")`) when
        /// one is. (Checking a flag and then calling the async `data(for:)` was not enough:
        /// the call can suspend before it creates the task, and the invalidation ran there.)
        /// `answer` is called exactly once: with the task's outcome, or with ``LaneClosed``
        /// when the lane was closed first.
        func start(_ request: URLRequest, answer: @escaping Answer) {
            let started = lock.withLock {
                guard !closed else { return false }
                nextRequest += 1
                let id = nextRequest
                waiting[id] = answer
                session.dataTask(with: request) { [self] data, response, error in
                    guard let answer = lock.withLock({ waiting.removeValue(forKey: id) }) else { return }
                    if let error {
                        answer(.failure(error))
                    } else if let response {
                        answer(.success((data ?? Data(), response)))
                    } else {
                        answer(.failure(URLError(.badServerResponse)))
                    }
                }.resume()
                return true
            }
            if !started { answer(.failure(LaneClosed())) }
        }

        /// Marks the lane closed, answers every waiting caller with ``LaneClosed``, and lets
        /// the session end once its transfers have finished on their own. A request that
        /// starts later is refused by ``start(_:answer:)``.
        ///
        /// Nothing is cancelled: corelibs' `invalidateAndCancel()` reads the session's task
        /// registry off its queue and cancels transfers as they finish, and a transfer that
        /// finished twice ended the process
        /// (`Trying to access a behaviour for a task that in not in the registry`).
        func close() {
            let callers = lock.withLock {
                closed = true
                defer { waiting = [:] }
                return Array(waiting.values)
            }
            session.finishTasksAndInvalidate()
            for answer in callers { answer(.failure(LaneClosed())) }
        }

        /// Whether ``close()`` has begun.
        var isClosed: Bool { lock.withLock { closed } }
    }

    /// A request of a client that was closed: refused before it was sent, or, when it was
    /// in flight, answered so at once while its transfer runs on to its end or its timeout
    /// (so a write may still reach the server after its caller heard of the close).
    struct LaneClosed: Error {}

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

    /// Whether ``invalidate()`` has begun: a request that failed then failed because of it.
    var isClosed: Bool { lanes.contains { $0.isClosed } }

    /// One request and its answer, on the least busy lane: the task is created on that
    /// lane's thread, so URLSession's synchronous wait while it starts the request holds
    /// that thread, not one of the cooperative pool. Nothing cancels the request when the
    /// caller is cancelled (a check that ran out of time): cancelling can trap in corelibs'
    /// URLSession (`URLSession.behaviour(for:)`), ending the whole process; the request runs
    /// to its answer or its own timeout. Throws ``LaneClosed`` for a closed client.
    func exchange(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let index = lock.withLock {
            let index = inFlight.indices.min { inFlight[$0] < inFlight[$1] } ?? 0
            inFlight[index] += 1
            return index
        }
        defer { lock.withLock { inFlight[index] -= 1 } }
        let lane = lanes[index]
        return try await withCheckedThrowingContinuation { continuation in
            Task(executorPreference: lane.executor) { lane.start(request) { continuation.resume(with: $0) } }
        }
    }

    /// Answers every request in flight with ``LaneClosed`` and ends the sessions, each on its
    /// own lane's thread.
    func invalidate() async {
        for lane in lanes {
            await Task(executorPreference: lane.executor) { lane.close() }.value
        }
    }
}
