import CRUDSpec
import Foundation

extension Rules {
    /// The seeds MODEL-001 runs, fixed so that a result means the same on every run.
    static let modelSeeds: [UInt64] = [1, 2, 3]
    /// Operations per seed: long enough to build up records, short enough to run on every
    /// backend and every mutant.
    static let modelSequenceLength = 60

    /// The model validates with ``Validation`` and compares text with ``TextKey``, as the
    /// reference stores do: MODEL-001 checks how a store combines them, not the functions
    /// themselves, which the FIELD, CREATE and READ rules check with explicit values.
    static let model: [Rule] = [
        Rule(
            "MODEL-001",
            statement:
                "Random sequences of operations, with clock jumps and (for durable backends) reopens, get the answers of the specification's model, every field of every record.",
            reason: "Rules check one behaviour at a time; real use mixes them, and bugs hide where they meet.",
            hint:
                "Run the shrunk sequence by hand (crudkit fuzz --seed S) and compare each answer with the rule it breaks: validation, order, dates (one clock read per write), notFound for ids of deleted or other records.",
            requires: [.injectedClock]
        ) { context in
            for seed in modelSeeds {
                guard let failure = await Fuzzer.check(seed: seed, length: modelSequenceLength, on: context.backend) else { continue }
                let steps = failure.steps.enumerated().map { "\n    \($0.offset + 1). \($0.element)" }.joined()
                throw CheckFailure(
                    step: "the last of these operations (seed \(seed), \(failure.originalLength) operations shrunk to "
                        + "\(failure.operations.count); repeat with: \(failure.repeatCommand))\(steps)",
                    expected: failure.expected, actual: failure.actual)
            }
        }
    ]
}
