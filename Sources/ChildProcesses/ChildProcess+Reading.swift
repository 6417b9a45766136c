import Foundation
import ThreadExecutors

extension ChildProcess {
    /// The first line the child writes to its standard output (without the newline), or what
    /// it wrote before ending without one; "" when its output is not a pipe. Read on a thread
    /// of its own, so the wait holds no thread of Swift's cooperative pool.
    public func firstLine() async -> String {
        guard let output else { return "" }
        return await withCheckedContinuation { continuation in
            Thread {
                var text = ""
                while !text.contains("\n") {
                    let chunk = output.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                }
                continuation.resume(returning: text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "")
            }.start()
        }
    }

    /// Reads the output and error pipes to their end (errors on a thread of its own, so a
    /// child that fills one pipe while the other is read cannot stall), then waits for the
    /// child. A stream that is not a pipe reads as "".
    @available(*, noasync, message: "it blocks a thread of Swift's cooperative pool; use finished()")
    public func finish() -> (ending: Ending, out: String, err: String) {
        let errorText = LockedText()
        if let errors {
            Thread { errorText.set(String(decoding: errors.readDataToEndOfFile(), as: UTF8.self)) }.start()
        } else {
            errorText.set("")
        }
        let out = output.map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
        let ending = wait()
        return (ending, out, errorText.waitForValue())
    }

    /// ``finish()`` on a thread of its own: for async code, whose waits must hold no thread
    /// of Swift's cooperative pool (two threads on a two-core machine, shared by every task).
    public func finished() async -> (ending: Ending, out: String, err: String) {
        await offThePool { self.finish() }
    }
}

/// A text one thread sets and another waits for.
private final class LockedText: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: String?

    func set(_ text: String) {
        condition.withLock {
            value = text
            condition.broadcast()
        }
    }

    func waitForValue() -> String {
        condition.withLock {
            while value == nil { condition.wait() }
            return value ?? ""
        }
    }
}
