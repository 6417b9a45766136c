import CRUDSpec
import Foundation
import ScreenLogic

extension ViewLogic {
    /// Runs `check` with this logic wrapped so that what it throws is kept. A model shows a
    /// logic's error only as a message: when the check fails after the logic threw, the
    /// failure says what it threw (a starter's `notImplemented`, a host that failed).
    nonisolated(nonsending) func recordingErrors(_ check: nonisolated(nonsending) (ViewLogic) async throws -> Void) async throws {
        let errors = ThrownErrors()
        let recording = ViewLogic(
            editor: { [editor] in RecordingEditorLogic(inner: editor(), errors: errors) },
            list: { [list] in RecordingListLogic(inner: list(), errors: errors) })
        do {
            try await check(recording)
        } catch let failure as CheckFailure {
            guard let error = errors.first else { throw failure }
            throw CheckFailure(
                step: failure.step, expected: failure.expected,
                actual: "\(failure.actual), after the screen's logic threw \(Show.error(error))",
                thrown: failure.thrown ?? error as? CRUDError)
        }
    }
}

/// The first error a logic threw during one check.
private final class ThrownErrors: @unchecked Sendable {
    private let lock = NSLock()
    private var error: (any Error)?

    var first: (any Error)? { lock.withLock { error } }

    /// Keeps what `body` throws, and throws it on.
    func keeping<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            lock.withLock { if self.error == nil { self.error = error } }
            throw error
        }
    }
}

private struct RecordingEditorLogic: TaskEditorLogic {
    let inner: any TaskEditorLogic
    let errors: ThrownErrors

    func reduce(_ state: TaskEditorState, _ event: TaskEditorEvent) throws -> TaskEditorState {
        try errors.keeping { try inner.reduce(state, event) }
    }
}

private struct RecordingListLogic: TaskListLogic {
    let inner: any TaskListLogic
    let errors: ThrownErrors

    func emptyState(loadedCount: Int, totalCount: Int, hasLoaded: Bool) throws -> ListEmptiness? {
        try errors.keeping { try inner.emptyState(loadedCount: loadedCount, totalCount: totalCount, hasLoaded: hasLoaded) }
    }

    func reduce(_ state: DeleteFlowState, _ event: DeleteFlowEvent) throws -> DeleteFlowState {
        try errors.keeping { try inner.reduce(state, event) }
    }
}
