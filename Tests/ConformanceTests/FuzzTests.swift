import CRUDBackends
import CRUDConformance
import CRUDMutants
import Testing

/// Seeded random operation sequences against each backend and against the model.
@Suite("Random operation sequences")
struct FuzzTests {
    @Test("Every built-in backend agrees with the model on random sequences", arguments: BuiltInBackends.all)
    func agreesWithModel(backend: Backend) async {
        let (seeds, length) = backend.name == "http" ? (4, 40) : (12, 60)
        for seed in 1...UInt64(seeds) {
            if let failure = await Fuzzer.check(seed: seed, length: length, on: backend) {
                Issue.record(Comment(rawValue: failure.description))
                return
            }
        }
    }

    @Test("The same seed gives the same sequence")
    func repeatable() {
        #expect(Fuzzer.sequence(seed: 7, length: 30) == Fuzzer.sequence(seed: 7, length: 30))
        #expect(Fuzzer.sequence(seed: 7, length: 30) != Fuzzer.sequence(seed: 8, length: 30))
    }

    @Test(
        "A broken backend is found and its failing sequence shrunk to a few steps",
        arguments: ["oldest-first", "case-sensitive-title-order", "silent-delete"])
    func findsAndShrinks(name: String) async throws {
        let mutant = try #require(Mutant.all.first { $0.name == name })
        var found: Fuzzer.Failure?
        for seed in 1...UInt64(40) where found == nil {
            found = await Fuzzer.check(seed: seed, length: 80, on: mutant.backend)
        }
        let failure = try #require(found, "no seed of 40 found \(name)")
        #expect(failure.operations.count <= 4, "\(failure)")
        #expect(failure.operations.count < failure.originalLength)
        #expect(failure.description.contains("crudkit fuzz --seed \(failure.seed)"))
    }
}
