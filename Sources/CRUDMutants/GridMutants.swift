extension Mutant {
    /// Mutants aimed at the grid rules (fields through every writer, ids of the other kind,
    /// combined queries, every write reopened).
    static let grid: [Mutant] = []
}
