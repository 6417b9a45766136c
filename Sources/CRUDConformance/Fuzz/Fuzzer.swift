import CRUDSpec
import Foundation

/// Model-based testing: seeded random operation sequences run on a backend and on
/// `FuzzModel`; every field of every answer is compared, and the first difference is shrunk
/// to a short sequence that still shows one.
///
/// Sequences mix tasks and contacts, Unicode-heavy texts (see `FuzzAlphabet`), ids of
/// deleted records and of the other kind, clock jumps, and for backends that declare
/// ``Capability/durability``, reopens. The clock moves 7 ms on every read, so dates are
/// checked too: a write must stamp an instant the clock handed out during the call.
///
/// ```swift
/// if let failure = await Fuzzer.check(seed: 42, length: 60, on: myBackend) { print(failure) }
/// ```
public enum Fuzzer {
    /// A difference between a backend and the model, with the sequence that shows it.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The name of the backend that differs.
        public let backend: String
        /// The seed whose sequence showed the difference.
        public let seed: UInt64
        /// The shrunk sequence; its last operation is the one whose answer differs.
        public let operations: [FuzzOperation]
        /// The shrunk sequence as calls, records named by creation (`#0` is the first created).
        public let steps: [String]
        /// What the model answers to the last operation.
        public let expected: String
        /// What the backend answered.
        public let actual: String
        /// How long the sequence was before shrinking.
        public let originalLength: Int

        /// The command that runs the same sequence again, for a backend `crudkit fuzz` knows
        /// by name; for any other, call ``Fuzzer/check(seed:length:on:)`` with the same seed
        /// and ``originalLength``.
        public var repeatCommand: String {
            "crudkit fuzz --seed \(seed) --backends \(backend) --length \(originalLength)"
        }

        /// The report a person reads: the backend, the seed, the numbered steps, expected and
        /// actual, and ``repeatCommand``.
        public var description: String {
            var out = "\(backend) differs from the model (seed \(seed), \(originalLength) operations shrunk to \(operations.count)):\n"
            for (index, step) in steps.enumerated() { out += "  \(index + 1). \(step)\n" }
            out += "  expected: \(expected)\n  actual:   \(actual)\n"
            out += "  repeat with: \(repeatCommand)"
            return out
        }
    }

    /// The operations of `seed`: the same seed always gives the same sequence, and a longer
    /// sequence starts with the shorter one. Reopens are left out unless `reopens`.
    public static func sequence(seed: UInt64, length: Int, reopens: Bool = true) -> [FuzzOperation] {
        var random = SeededRandom(seed: seed)
        return (0..<length).map { _ in FuzzOperation.random(using: &random, reopens: reopens) }
    }

    /// Runs the sequence of `seed` on fresh storage of `backend` and, when it differs from the
    /// model, shrinks it. Reopens are in the sequence only when the backend declares durability.
    public static func check(seed: UInt64, length: Int, on backend: Backend) async -> Failure? {
        let operations = sequence(seed: seed, length: length, reopens: backend.capabilities.contains(.durability))
        guard let first = await FuzzRun.run(operations, on: backend) else { return nil }
        let (shrunk, difference) = await shrink(Array(operations.prefix(first.step + 1)), first, on: backend)
        return Failure(
            backend: backend.name, seed: seed, operations: shrunk, steps: difference.steps, expected: difference.expected,
            actual: difference.actual, originalLength: operations.count)
    }

    /// At most this many runs are spent on shrinking one failure, so a broken backend costs
    /// a bounded time.
    static let shrinkBudget = 250

    /// Removes chunks of operations, halving the chunk size, for as long as some difference
    /// remains (not necessarily the first one: any difference is a real one).
    private static func shrink(_ operations: [FuzzOperation], _ difference: FuzzRun.Difference, on backend: Backend) async
        -> ([FuzzOperation], FuzzRun.Difference)
    {
        var (shrunk, difference) = (operations, difference)
        var chunk = max(1, shrunk.count / 2)
        var runs = 0
        while runs < shrinkBudget, !Task.isCancelled {
            var index = 0
            var removed = false
            while index < shrunk.count, runs < shrinkBudget, !Task.isCancelled {
                let candidate = Array(shrunk[..<index] + shrunk[min(shrunk.count, index + chunk)...])
                runs += 1
                // A candidate whose storage did not open shows nothing about the store's answers.
                if !candidate.isEmpty, let found = await FuzzRun.run(candidate, on: backend), !found.openingFailed {
                    shrunk = Array(candidate.prefix(found.step + 1))
                    difference = found
                    removed = true
                } else {
                    index += chunk
                }
            }
            if !removed {
                if chunk == 1 { break }
                chunk = max(1, chunk / 2)
            }
        }
        return (shrunk, difference)
    }
}
