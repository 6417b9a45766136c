/// Where the parallel parts of a rule run: on Swift's cooperative pool, at the same time.
///
/// The runner gives each check a thread of its own (see ``ConformanceRunner``), and the
/// child tasks of a check inherit it: 100 "parallel" creates would then take turns on that
/// one thread, and a store that loses writes when two calls overlap would pass. The rules
/// whose point is calls that overlap send them here instead.
enum Parallel {
    /// The executor of the parts that must overlap.
    static var executor: any TaskExecutor { globalConcurrentExecutor }

    /// Runs every operation at once and returns what each returned or threw, in order.
    static func results<T: Sendable>(_ operations: [@Sendable () async throws -> T]) async -> [Result<T, any Error>] {
        await withTaskGroup(of: (Int, Result<T, any Error>).self) { group in
            for (index, operation) in operations.enumerated() {
                group.addTask(executorPreference: executor) { (index, await Result.of(operation)) }
            }
            var results = [Result<T, any Error>?](repeating: nil, count: operations.count)
            for await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
    }
}
