import CRUDConformance
import Foundation

/// `crudkit fuzz`: random operation sequences on backends, compared with the model, for
/// as long as asked.
struct FuzzCommand {
    static let name = "fuzz"
    static let summary = "Run seeded random operation sequences on backends and compare them with a simple model."
    static let options = ["seconds", "seed", "backends", "length", "help"]

    static var help: String {
        """
        USAGE: crudkit fuzz [--seconds N] [--seed S] [--backends LIST] [--length N]

        \(summary)
        Each seed gives one sequence of task and contact operations (creates, reads, updates,
        deletes, imports, lists and counts) with Unicode-heavy text, ids of deleted records and
        of the other kind, clock jumps, and reopens on backends that keep their records. The
        clock moves 7 ms on every read. Every field of every answer is compared with the model,
        dates included; the first difference fails the run, with the seed and the sequence
        shrunk to the fewest steps that still show it.

        OPTIONS:
          --seconds N       Keep trying new seeds for N seconds (default: 10).
          --seed S          Run only seed S (to repeat a failure).
          --backends LIST   Comma-separated backends (default: all built-in ones).
          --length N        Operations per sequence (default: 60).
          --help            Show this help.

        EXIT STATUS:
          0   every sequence agreed with the model
          1   a backend differed (the shrunk sequence is printed)
          64  the command line is wrong
        """
    }

    let seconds: Double
    let seed: UInt64?
    let length: Int
    let backends: [Backend]

    init(arguments words: [String], catalogue: [Backend]) throws(UsageError) {
        var arguments = Arguments(words)
        seconds =
            try arguments.option("seconds").map { text throws(UsageError) in
                guard let value = Double(text), value > 0 else { throw UsageError("--seconds needs a positive number, not '\(text)'.") }
                return value
            } ?? 10
        seed = try arguments.option("seed").map { text throws(UsageError) in
            guard let value = UInt64(text) else { throw UsageError("--seed needs a whole number ≥ 0, not '\(text)'.") }
            return value
        }
        length =
            try arguments.option("length").map { text throws(UsageError) in
                guard let value = Int(text), value > 0 else { throw UsageError("--length needs a positive whole number, not '\(text)'.") }
                return value
            } ?? 60
        if let list = try arguments.option("backends") {
            var chosen: [Backend] = []
            for name in list.split(separator: ",").map(String.init) {
                guard let backend = catalogue.first(where: { $0.name == name }) else {
                    throw .unknown("backend", name, among: catalogue.map(\.name))
                }
                chosen.append(backend)
            }
            backends = chosen
        } else {
            backends = catalogue
        }
        try arguments.finish(knownOptions: Self.options)
    }

    func run(console: any Console) async -> ExitCode {
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
        } while seed == nil && clock.now - start < .milliseconds(Int64(seconds * 1_000))
        console.out(
            "\(runs) sequence\(runs == 1 ? "" : "s") of \(length) operations on \(backends.map(\.name).joined(separator: ", ")) agreed with the model.\n"
        )
        return .success
    }
}
