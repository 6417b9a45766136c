import CRUDBackends
import CRUDConformance
import CRUDMutants
import Testing

/// Every independent mutant must make a difference: its witness scenario reads differently on
/// the mutant than on a correct backend (JSON for durable mutants, memory otherwise).
@Suite struct IndependentWitnessTests {
    @Test func theCatalogueIsLargeAndItsNamesAreUnique() {
        let names = Mutant.witnessed.map(\.mutant.name)
        #expect(names.count >= 45)
        #expect(Set(names).count == names.count, "repeated names: \(names.filter { name in names.filter { $0 == name }.count > 1 })")
        let clashes = Set(names).intersection(Mutant.besideTheRules.map(\.name))
        #expect(clashes.isEmpty, "names already used by the first catalogue: \(clashes.sorted())")
        #expect(Mutant.witnessed.allSatisfy { $0.mutant.backend.name == $0.mutant.name })
    }

    @Test(arguments: Mutant.witnessed.map(\.mutant.name))
    func theWitnessTellsTheMutantFromACorrectStore(name: String) async {
        guard let entry = Mutant.witnessed.first(where: { $0.mutant.name == name }) else {
            Issue.record("no witnessed mutant named \(name)")
            return
        }
        let reference = entry.mutant.backend.capabilities.contains(.durability) ? BuiltInBackends.json : BuiltInBackends.memory
        let broken = await entry.witness(entry.mutant.backend)
        let correct = await entry.witness(reference)
        #expect(broken != correct, "\(name) is equivalent on its witness: mutant \(broken) | correct \(correct)")
        #expect(!broken.contains("no store") && !correct.contains("no store"), "\(name): mutant \(broken) | correct \(correct)")
    }
}
