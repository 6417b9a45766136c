import CRUDSpec
import Foundation
import ThreadExecutors

/// Runs rules on backends, without Swift Testing, so the command-line tool and test
/// suites share one mechanism.
///
/// ```swift
/// let runner = ConformanceRunner()
/// let results = await runner.run(Rules.all, on: [myBackend])
/// for result in results where result.failed { print(result.failureReport ?? result.summary) }
/// ```
public struct ConformanceRunner: Sendable {
    /// How long one check may take before it is reported as failed. Generous by default,
    /// for slow machines and remote backends; set it to what your backend needs.
    public var timeout: Duration
    /// How many checks run at once.
    public var maxConcurrentChecks: Int

    /// Makes a runner.
    public init(timeout: Duration = .seconds(120), maxConcurrentChecks: Int = 8) {
        self.timeout = timeout
        self.maxConcurrentChecks = max(1, maxConcurrentChecks)
    }

    /// Checks one rule on one backend, on fresh storage that is disposed of afterwards.
    public func run(_ rule: Rule, on backend: Backend) async -> RuleResult {
        let start = ContinuousClock.now
        let outcome = await outcome(of: rule, on: backend)
        return RuleResult(rule: rule, backendName: backend.name, outcome: outcome, duration: ContinuousClock.now - start)
    }

    /// Checks every rule on every backend, at most ``maxConcurrentChecks`` at once, and no
    /// more on one backend than it allows (``Backend/maxConcurrentChecks``).
    /// Results come back in backend order, then rule order.
    public func run(_ rules: [Rule], on backends: [Backend]) async -> [RuleResult] {
        let jobs = backends.indices.flatMap { backend in rules.map { (backend: backend, rule: $0) } }
        var results = [RuleResult?](repeating: nil, count: jobs.count)
        var waiting = Array(jobs.indices)
        var running = [Int](repeating: 0, count: backends.count)
        await withTaskGroup(of: (Int, RuleResult).self) { group in
            /// Starts the first waiting job whose backend has room; false when none has.
            func startNext() -> Bool {
                guard
                    let position = waiting.firstIndex(where: { index in
                        let backend = backends[jobs[index].backend]
                        return running[jobs[index].backend] < (backend.maxConcurrentChecks ?? Int.max)
                    })
                else { return false }
                let index = waiting.remove(at: position)
                let job = jobs[index]
                running[job.backend] += 1
                group.addTask { (index, await run(job.rule, on: backends[job.backend])) }
                return true
            }
            // Fill the free slots, skipping jobs of backends at their limit; each finished
            // check frees a slot, and maybe room on a backend that an earlier pass skipped.
            var inFlight = 0
            while inFlight < maxConcurrentChecks, startNext() { inFlight += 1 }
            for await (index, result) in group {
                results[index] = result
                running[jobs[index].backend] -= 1
                inFlight -= 1
                while inFlight < maxConcurrentChecks, startNext() { inFlight += 1 }
            }
        }
        return results.compactMap { $0 }
    }

    /// Why `rule` does not apply to `backend`, or `nil` when it does.
    public static func notApplicableReason(_ rule: Rule, _ backend: Backend) -> String? {
        let missing = rule.requires.subtracting(backend.capabilities).sorted { $0.rawValue < $1.rawValue }
        guard !missing.isEmpty else { return nil }
        let needs = missing.map { "\($0.rawValue) (it \($0.summary))" }.joined(separator: " and ")
        return "the rule needs \(needs), which \(backend.name) does not declare"
    }

    /// Checks `rule` on fresh storage of `backend`. The storage is made, checked and
    /// disposed of on threads of the check's own (``onCheckThread(_:)``); only the deadline's
    /// timer runs on Swift's cooperative pool.
    private func outcome(of rule: Rule, on backend: Backend) async -> RuleOutcome {
        if let reason = Self.notApplicableReason(rule, backend) { return .notApplicable(reason: reason) }
        let storage: any BackendStorage
        do {
            storage = try await Self.onCheckThread { try await backend.makeStorage() }
        } catch let unavailable as BackendUnavailable {
            return .notApplicable(reason: "\(backend.name) cannot run here: \(unavailable.reason)")
        } catch {
            return .failed(
                CheckFailure(
                    step: "making fresh storage", expected: "success", actual: "threw \(Show.error(error))", thrown: error as? CRUDError))
        }
        let context = CheckContext(backend: backend, storage: storage, clock: ManualClock())
        let check = Task {
            await Self.onCheckThread {
                do {
                    try await context.open()
                    try await rule.check(context)
                    try await context.close()
                    return RuleOutcome.passed
                } catch {
                    // Close even after a failure, so files and locks are released; the first
                    // failure is the one reported.
                    try? await context.close()
                    return .failed(Self.failure(from: error))
                }
            }
        }
        if let finished = await withDeadline(timeout, { await check.value }) {
            await Self.onCheckThread { await context.dispose() }
            return finished
        }
        check.cancel()
        var late = "still running; an operation may be waiting forever (a deadlock, or a lost reply)"
        if backend.maxConcurrentChecks != nil {
            // This backend's checks share something (one server): the next one must not
            // start while this one may still write. Wait for it to notice the cancellation,
            // as long again at most.
            if await withDeadline(timeout, { await check.value }) != nil {
                await Self.onCheckThread { await context.dispose() }
                late += "; it stopped when cancelled, before the next check on \(backend.name) began"
            } else {
                late += "; it ignored cancellation, and the next check on \(backend.name) began anyway"
            }
        }
        // A check still running may still use the storage, so it is left alone.
        return .failed(CheckFailure(step: "the whole check", expected: "finishes within \(timeout)", actual: late))
    }

    /// Runs `work`, and every job of it that no actor of its own takes, on a thread started
    /// for it and ended after it.
    ///
    /// Stores block: a file store waits for `fsync`, SQLite for the disk, a graded
    /// submission for its exercise host, a view model for a host's screen logic. On Swift's
    /// cooperative pool (a thread per core, shared by every task of the process) two such
    /// waits stop every other check, and with them the deadline's timer and any in-process
    /// server a check talks to: right after a build, when the disk is busy, a check of the
    /// HTTP backend that takes a tenth of a second alone ran past its 30-second deadline.
    /// Here a wait holds up its own check only.
    static func onCheckThread<T>(_ work: () async throws -> T) async rethrows -> T {
        try await ThreadExecutor.onOwnThread(named: "crudkit-check", work)
    }

    private static func failure(from error: any Error) -> CheckFailure {
        if let failure = error as? CheckFailure { return failure }
        return CheckFailure(
            step: "the check", expected: "no unexpected error", actual: "threw \(Show.error(error))", thrown: error as? CRUDError)
    }
}

/// Runs `operation`, returning `nil` if it has not finished within `limit`. The operation
/// is cancelled then but not awaited: code that ignores cancellation cannot hang the caller.
func withDeadline<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async -> T) async -> T? {
    let gate = OnceGate<T?>()
    return await withCheckedContinuation { continuation in
        let work = Task {
            let value = await operation()
            gate.resume(continuation, with: value)
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            if gate.resume(continuation, with: nil) { work.cancel() }
        }
        gate.onFinish { timer.cancel() }
    }
}

/// Resumes a continuation once, whichever of two racers gets there first, then runs
/// its clean-up (stopping the timer that lost).
private final class OnceGate<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var cleanup: (@Sendable () -> Void)?

    func onFinish(_ action: @escaping @Sendable () -> Void) {
        let runNow = lock.withLock {
            if done { return true }
            cleanup = action
            return false
        }
        if runNow { action() }
    }

    @discardableResult
    func resume(_ continuation: CheckedContinuation<T, Never>, with value: T) -> Bool {
        let (first, action) = lock.withLock {
            defer { done = true }
            let action = cleanup
            cleanup = nil
            return (!done, action)
        }
        guard first else { return false }
        continuation.resume(returning: value)
        action?()
        return true
    }
}
