import Foundation
import ThreadExecutors

/// Runs an async operation from a plain thread (a server connection's) and waits for it.
///
/// The operation runs on that same thread, as a task whose executor preference is the thread
/// (`TaskExecutor`), and so do the default actors it calls: it needs none of the few threads
/// of Swift's cooperative pool. When the pool is busy (a test run, a bench with many
/// clients), a server that borrowed pool threads would wait on them; this one does not.
enum BlockingCall {
    static func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
        let box = ResultBox<T>()
        if #available(macOS 15.0, iOS 18.0, *) {
            let executor = ThreadExecutor()
            Task(executorPreference: executor) {
                let result: Result<T, any Error>
                do {
                    result = .success(try await operation())
                } catch {
                    result = .failure(error)
                }
                executor.finish { box.result = result }
            }
            executor.runUntilFinished()
        } else {
            let done = DispatchSemaphore(value: 0)
            Task {
                do {
                    box.result = .success(try await operation())
                } catch {
                    box.result = .failure(error)
                }
                done.signal()
            }
            done.wait()
        }
        return box.result ?? .failure(CancellationError())
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
