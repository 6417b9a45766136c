import CRUDConformance
import CRUDSpec
import Foundation

/// An independent mutant with a scenario that shows how it differs from a correct store.
///
/// The witness runs on any backend and describes what it saw, without ids and with dates
/// relative to the clock's start: on the mutant it must read differently than on a correct
/// backend, or the mutant is equivalent and useless.
public struct Witnessed: Sendable {
    /// The broken backend.
    public let mutant: Mutant
    /// Runs the scenario on fresh storage of a backend and describes what it saw.
    public let witness: @Sendable (Backend) async -> String
}

extension Witnessed {
    init(_ mutant: Mutant, ticking: Bool = false, _ body: @escaping @Sendable (Session) async throws -> String) {
        self.init(mutant: mutant, witness: See.scenario(ticking: ticking, body))
    }
}

extension Mutant {
    /// Every independent mutant with its witness, in catalogue order.
    public static let witnessed: [Witnessed] =
        independentTaskCreate + independentTaskRead + independentTaskWrites + independentContactFields + independentContactWrites
        + independentDurability
}
