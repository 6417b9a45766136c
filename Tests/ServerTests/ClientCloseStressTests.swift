import CRUDTestSupport
import ChildProcesses
import Foundation
import Testing

/// Closes HTTP clients while their requests start, run and finish, in thousands of seeded
/// interleavings on each transport. The rounds run in a child process (`transport-stress`),
/// so a client that ends its process is recorded here as a failure instead of ending the
/// test run: before the requests and the closing were ordered in one place, URLSession's
/// `fatalError("Session invalidated")` ended every seed within 20 rounds.
@Suite("Closing a client while its requests run")
struct ClientCloseStressTests {
    /// Rounds per transport: `CRUDKIT_STRESS_ROUNDS`, or 300 (about 1 s on libcurl and 2 s on
    /// URLSession in a debug build on 2 cores, some 1,500 requests each: before the fix every
    /// seed trapped within 20 rounds). `.ci/run` runs 20 more seeds of 2,000 rounds on each
    /// transport, where the run has the machine to itself.
    static let rounds = ProcessInfo.processInfo.environment["CRUDKIT_STRESS_ROUNDS"].flatMap { Int($0) } ?? 300

    @Test(
        "No interleaving of close() with requests ends the process; every request after close() is refused",
        arguments: ["libcurl", "urlsession"])
    func closeWhileRequestsRun(transport: String) async throws {
        let seed = try TestSeed()
        let program = try #require(BuiltProduct.path("transport-stress"), "transport-stress was not built beside the tests")
        // At a lower priority: the rounds are CPU-bound, and the rest of the suite, which runs
        // meanwhile with its own deadlines, comes first.
        let child = try ChildProcess(
            "/usr/bin/nice", ["-n", "10", program, transport, String(seed.value), String(Self.rounds)], options: .init(errors: .pipe))
        // A request whose answer was lost hangs the stress: bounded, and reported as a failure.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(300))
            child.kill(SIGKILL)
        }
        let (ending, out, err) = await child.finished()
        watchdog.cancel()
        let summary = out.split(separator: "\n").last.map(String.init) ?? ""
        // A trap's own line ("Fatal error: …") comes before the backtrace.
        let lines = err.split(separator: "\n").map(String.init)
        let firstError = lines.first { $0.contains("Fatal error") } ?? lines.first ?? ""
        #expect(
            ending == .exited(0),
            "\(transport), \(seed): the stress \(ending), expected to exit with status 0; it said \"\(summary)\" \(firstError)")
        #expect(
            summary.hasPrefix("\(Self.rounds) rounds: "),
            "\(transport), \(seed): expected a summary of \(Self.rounds) rounds, got \"\(summary)\"")
        // The rounds reached both sides of the close: requests answered before it, and refused after.
        #expect(!summary.contains(" 0 answered") && !summary.contains(" 0 after close"), "\(transport), \(seed): \(summary)")
    }
}
