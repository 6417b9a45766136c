import CRUDTestSupport
import Foundation
import Testing

/// The conformance suite holds no thread of Swift's cooperative pool while it waits: run with
/// the pool cut to one thread, it still passes on every backend.
///
/// On Linux the pool has a thread per core and no setting narrows it (libdispatch there reads
/// no `LIBDISPATCH_COOPERATIVE_POOL_STRICT`). So `crudkit compare` runs with
/// `libOneThreadPool.so` preloaded, which sends every job of the global executor to one thread
/// of its own: a check that blocked that thread while it waited for another job would hang,
/// and run out of time, instead of being saved by a second thread.
@Suite("The conformance suite on a one-thread pool")
struct OneThreadPoolTests {
    /// The library built beside the tests (Linux: `LD_PRELOAD` is how it gets in).
    static let library = BuiltProduct.path("libOneThreadPool.so")

    @Test(
        "crudkit compare passes every applicable rule on every backend with the pool cut to one thread",
        .enabled(if: library != nil, "libOneThreadPool.so is built on Linux only"))
    func everyBackendOnOneThread() async throws {
        let library = try #require(Self.library)
        // The backends that block (fsync, SQLite's busy wait, an in-process server); postgres
        // too with CRUDKIT_ONE_THREAD_ALL=1, as .ci/run asks when the run has the machine to itself.
        var backends = ["memory", "json", "journal", "sqlite", "http"]
        if ProcessInfo.processInfo.environment["CRUDKIT_ONE_THREAD_ALL"] == "1" { backends.insert("postgres", at: 4) }
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = library
        // At a lower priority: a whole run of the suite, while the rest of the tests run with
        // deadlines of their own.
        let child = try ChildProcess(
            "/usr/bin/nice", ["-n", "10", try Crudkit.executableURL().path, "compare", "--backends", backends.joined(separator: ",")],
            options: .init(environment: environment, errors: .pipe))
        // A hang is the failure this test looks for: bounded, and reported as such.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(300))
            child.kill(SIGKILL)
        }
        let (ending, out, err) = await child.finished()
        watchdog.cancel()
        let verdict = "All applicable rules passed on \(backends.joined(separator: ", "))."
        #expect(
            ending == .exited(0) && out.contains(verdict),
            "crudkit compare on a one-thread pool \(ending), expected \"\(verdict)\"; it said:\n\(out.suffix(2_000))\n\(err.suffix(500))")
        #expect(!out.contains("cannot run here"), "a backend could not run, so its rules proved nothing:\n\(out.suffix(2_000))")
        // The library said it ran the pool's jobs: the test did not pass on a pool left as it was.
        let ran = err.split(separator: "\n").last { $0.hasPrefix("one-thread pool: ") }
        let jobs = ran.flatMap { Int($0.split(separator: " ")[2]) } ?? 0
        #expect(jobs > 1_000, "the one-thread pool should have run the suite's jobs; it said \(ran.map(String.init) ?? "nothing")")
    }
}
