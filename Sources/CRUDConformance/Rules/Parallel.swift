import ThreadExecutors

/// Where the parallel parts of a rule run: on threads of their own, at the same time.
///
/// The runner gives each check a thread of its own (see ``ConformanceRunner``), and the
/// child tasks of a check inherit it: 100 "parallel" creates would then take turns on that
/// one thread, and a store that loses writes when two calls overlap would pass. Nor do they
/// run on Swift's cooperative pool: a file store's fsync or SQLite's busy wait would hold one
/// of its few threads (two on a 2-core machine) for every other task of the process.
enum Parallel {
    /// How many threads the parts are spread over.
    static let lanes = 4

    /// Runs every operation at once, with an ``OverlapBarrier`` armed for them, and returns
    /// what each returned or threw, in order.
    static func results<T: Sendable>(_ operations: [@Sendable () async throws -> T]) async -> [Result<T, any Error>] {
        let executors = (0..<max(1, min(lanes, operations.count))).map { ThreadExecutor(name: "crudkit-parallel-\($0)") }
        defer { for executor in executors { executor.shutdown() } }
        return await OverlapBarrier.$current.withValue(OverlapBarrier()) {
            await withTaskGroup(of: (Int, Result<T, any Error>).self) { group in
                for (index, operation) in operations.enumerated() {
                    group.addTask(executorPreference: executors[index % executors.count]) { (index, await Result.of(operation)) }
                }
                var results = [Result<T, any Error>?](repeating: nil, count: operations.count)
                for await (index, result) in group { results[index] = result }
                return results.compactMap { $0 }
            }
        }
    }

    /// ``results(_:)``, rethrowing the first error in order, or every value.
    static func values<T: Sendable>(_ operations: [@Sendable () async throws -> T]) async throws -> [T] {
        try await results(operations).map { try $0.get() }
    }
}
