import Foundation

/// Makes two calls overlap on purpose, so a race is caught every run instead of when the
/// scheduler happens to interleave them.
///
/// The parallel parts of the concurrency and shared-storage rules run with a barrier armed
/// (``current``). A store written to show a race (a mutant, a lesson's broken example) calls
/// ``arrive()`` where its race window opens, between the read and the write it should have
/// made one step: the first call to arrive waits there until a second one arrives, then both
/// go on, so both have read before either writes. Every later call passes at once. Outside
/// those parts ``current`` is nil and the call does nothing.
///
/// ```swift
/// var snapshot = await inner.currentState()
/// await OverlapBarrier.current?.arrive()  // the race window, made certain
/// await inner.replaceState(with: snapshot)
/// ```
///
/// A correct store never calls it: nothing here makes a correct store fail.
public final class OverlapBarrier: Sendable {
    /// The barrier armed for the calls made in this task and its children; nil elsewhere.
    @TaskLocal public static var current: OverlapBarrier?

    /// How long the first call waits for a second before it goes on alone: a store that
    /// reaches its window once only is not held up for good.
    public static let longestWait = Duration.seconds(5)

    private let state = NSLock()
    // Guarded by `state`: the first arrival while it waits, and whether the barrier was passed.
    nonisolated(unsafe) private var waiting: CheckedContinuation<Void, Never>?
    nonisolated(unsafe) private var passed = false

    /// A barrier no call has reached yet.
    public init() {}

    /// Waits here, the first time, until a second call arrives (or ``longestWait`` passes);
    /// returns at once for the second and every later call.
    public func arrive() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let partner: CheckedContinuation<Void, Never>?? = state.withLock {
                if passed { return .some(nil) }
                if let first = waiting {
                    waiting = nil
                    passed = true
                    return .some(first)
                }
                waiting = continuation
                return .none
            }
            switch partner {
            case .some(let first):
                first?.resume()
                continuation.resume()
            case .none:
                Task { [self] in
                    try? await Task.sleep(for: Self.longestWait)
                    giveUp()
                }
            }
        }
    }

    /// Lets the first call go on alone when no second one came in time.
    private func giveUp() {
        let alone = state.withLock {
            defer {
                waiting = nil
                passed = true
            }
            return waiting
        }
        alone?.resume()
    }
}
