import CRUDConformance
import Foundation

/// `crudkit fuzz`: random operation sequences on backends, compared with the model, for
/// as long as asked.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "fuzz", summary: "Run seeded random operation sequences on backends and compare them with a simple model.",
        discussion: """
            Each seed gives one sequence of task and contact operations (creates, reads, updates,
            deletes, imports, lists and counts) with Unicode-heavy text, ids of deleted records and
            of the other kind, clock jumps, and reopens on backends that keep their records. The
            clock moves 7 ms on every read. Every field of every answer is compared with the model,
            dates included; the first difference fails the run, with the seed and the sequence
            shrunk to the fewest steps that still show it.
            """,
        exitStatuses: [
            (.success, "every sequence agreed with the model"), (.failure, "a backend differed (the shrunk sequence is printed)"),
            (.usage, "the command line is wrong"),
        ])

    @Option("seconds", value: "N", help: "Keep trying new seeds for N seconds (default: 10).", parser: .positiveSeconds)
    var seconds: Duration = .seconds(10)
    @Option("seed", value: "S", help: "Run only seed S (to repeat a failure).", parser: .seed) var seed: UInt64?
    @Option("backends", value: "LIST", help: "Comma-separated backends (default: all built-in ones).") var backends: String?
    @Option("length", value: "N", help: "Operations per sequence (default: 60).", parser: .positiveWholeNumber) var length = 60

    func run(_ context: CommandContext) async throws -> ExitCode {
        let backends = try BackendList.backends(backends, among: context.backends)
        let console = context.console
        let clock = ContinuousClock()
        let start = clock.now
        var next = seed ?? UInt64.random(in: 1...1_000_000_000)
        var runs = 0
        repeat {
            for backend in backends {
                if let failure = await Fuzzer.check(seed: next, length: length, on: backend) {
                    console.out(failure.description + "\n")
                    return .failure
                }
            }
            runs += 1
            next &+= 1
        } while seed == nil && clock.now - start < seconds
        console.out(
            "\(runs) sequence\(runs == 1 ? "" : "s") of \(length) operations on \(backends.map(\.name).joined(separator: ", ")) agreed with the model.\n"
        )
        return .success
    }
}
