import CRUDSpec
import Foundation
import Testing

/// The seed of a test's random choices. Every failure message names it, and the environment
/// sets it to repeat a run: `CRUDKIT_TEST_SEED=<seed> swift test --filter <test>`.
///
/// ```swift
/// let seed = try TestSeed()
/// var random = seed.generator()
/// #expect(check(Int.random(in: 1...6, using: &random)), "\(seed)")
/// ```
public struct TestSeed: Sendable, CustomStringConvertible {
    /// The environment variable that sets the seed of every seeded test in the run.
    public static let variable = "CRUDKIT_TEST_SEED"

    /// The seed.
    public let value: UInt64

    /// `CRUDKIT_TEST_SEED` when it is set; otherwise `fixed`, or a fresh seed for this run when
    /// `fixed` is nil. Throws when the variable is set to something that is not a seed, so a
    /// mistyped rerun does not quietly run with another one.
    public init(fixed: UInt64? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let text = environment[Self.variable] {
            guard let value = UInt64(text.trimmingCharacters(in: .whitespaces)) else { throw InvalidSeed(text: text) }
            self.value = value
        } else {
            value = fixed ?? UInt64.random(in: 0...UInt64.max)
        }
    }

    /// This seed, whatever the environment says: for a case of a test whose seeds are derived
    /// from the run's.
    public init(_ value: UInt64) {
        self.value = value
    }

    /// How a failure message names the seed, and how to repeat the run.
    public var description: String { "seed \(value) (repeat with \(Self.variable)=\(value))" }

    /// A generator whose numbers are fixed by this seed.
    public func generator() -> SeededRandom { SeededRandom(seed: value) }

    /// Runs `body`; an error it throws is recorded with the seed before it goes on, since a
    /// thrown error's own message does not name it. `body` runs in the caller's isolation
    /// (a `@MainActor` test's, say), so it may use the caller's state.
    public func naming<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            Issue.record("\(self): threw \(error)")
            throw error
        }
    }

    /// ``naming(isolation:_:)`` for a synchronous test.
    public func naming<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            Issue.record("\(self): threw \(error)")
            throw error
        }
    }

    /// `CRUDKIT_TEST_SEED` holds something other than a whole number from 0 to 2^64 - 1.
    public struct InvalidSeed: Error, CustomStringConvertible {
        /// The variable's text.
        public let text: String

        public var description: String { "\(TestSeed.variable)=\(text) is not a seed: use a whole number from 0 to 2^64 - 1" }
    }
}
