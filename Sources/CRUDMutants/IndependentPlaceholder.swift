extension Mutant {
    static let independent: [Mutant] = []
}
