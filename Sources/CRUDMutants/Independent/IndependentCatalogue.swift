/// Broken backends written from `Course/Specification.md` and the CRUDSpec doc comments
/// alone, without looking at the rules' code or the other mutants: a measure of whether the
/// suite catches mistakes nobody wrote it for. Scored apart from the first catalogue (``Mutant/catalogues``).
extension Mutant {
    /// The independent catalogue, in the order of ``Mutant/witnessed``.
    public static let independent: [Mutant] = witnessed.map(\.mutant)
}
