import CRUDConformance
import Foundation

/// A store whose deletes wait at a gate until the test opens it, so a test can look at a
/// list while the store has not answered yet.
final class GatedStore<Inner: CRUDSpec>: ForwardingStore, @unchecked Sendable {
    let inner: Inner
    private let lock = NSLock()
    private var gate: CheckedContinuation<Void, Never>?
    private var arrival: CheckedContinuation<Void, Never>?
    private var arrived = false

    init(_ inner: Inner) {
        self.inner = inner
    }

    func deleteTask(id: UUID) async throws {
        await waitAtGate()
        try await inner.deleteTask(id: id)
    }

    func deleteContact(id: UUID) async throws {
        await waitAtGate()
        try await inner.deleteContact(id: id)
    }

    /// Returns once a delete is waiting at the gate.
    func deleteArrived() async {
        await withCheckedContinuation { continuation in
            let now = lock.withLock {
                if arrived { return true }
                arrival = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Lets the waiting delete go on to the inner store.
    func open() {
        let waiting = lock.withLock {
            defer { gate = nil }
            return gate
        }
        waiting?.resume()
    }

    private func waitAtGate() async {
        await withCheckedContinuation { continuation in
            let waiter = lock.withLock {
                gate = continuation
                arrived = true
                defer { arrival = nil }
                return arrival
            }
            waiter?.resume()
        }
    }
}
