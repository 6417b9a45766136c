import CRUDConformance
import CRUDMemory
import CRUDViewModels
import Foundation
import ScreenLogic
import Testing

/// The kit's editor logic, whose first answer waits until the main actor opens a gate, and
/// which notes the thread of every call.
private final class GatedLogic: TaskEditorLogic, @unchecked Sendable {
    private let lock = NSLock()
    private let gate = DispatchSemaphore(value: 0)
    private var waited = false
    private(set) var gateOpened: Bool?
    private(set) var threadNames: Set<String> = []

    func open() { gate.signal() }

    func reduce(_ state: TaskEditorState, _ event: TaskEditorEvent) -> TaskEditorState {
        let first = lock.withLock {
            threadNames.insert(Thread.current.name ?? "unnamed")
            defer { waited = true }
            return !waited
        }
        if first {
            // Blocks like a host call does. On the main actor this would wait the full 10 s,
            // since the gate is opened from the main actor.
            let opened = gate.wait(timeout: .now() + 10) == .success
            lock.withLock { gateOpened = opened }
        }
        return StandardTaskEditorLogic().reduce(state, event)
    }
}

@Suite("The VIEW checks run their models on the check's own thread")
struct ViewCheckThreadTests {
    @Test("A logic call that blocks holds up neither the main actor nor the check's result")
    func blockingLogicLeavesTheMainActorFree() async throws {
        let logic = GatedLogic()
        let rules = Rules.view(logic: ViewLogic(editor: { logic }, list: { StandardTaskListLogic() }))
        let failedSave = try #require(rules.first { $0.id == "VIEW-001" })
        let backend = Backend.ephemeral(name: "memory") { clock in MemoryStore(clock: clock) }
        let run = Task { await ConformanceRunner().run([failedSave], on: [backend]) }
        // The gate opens from the main actor once the logic is waiting on it.
        while await MainActor.run(body: { logic.threadNames.isEmpty }) { try await Task.sleep(for: .milliseconds(5)) }
        await MainActor.run { logic.open() }
        let results = await run.value
        #expect(logic.gateOpened == true, "expected the main actor free while the logic blocked; the gate timed out")
        #expect(
            logic.threadNames == ["crudkit-check"],
            "expected every logic call on the check's own thread, got \(logic.threadNames.sorted())")
        #expect(results.map(\.outcome) == [.passed], "expected VIEW-001 to pass with the kit's logic behind the gate: \(results)")
    }
}
