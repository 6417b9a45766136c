import ChildProcesses
import Foundation

/// Chromium without a window, for the tests that look at the Course's website as a reader's
/// browser shows it.
public enum HeadlessChromium {
    /// The browser on `PATH`, if there is one.
    public static let path: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let names = ["chromium", "chromium-browser", "google-chrome"]
        return names.flatMap { name in folders.map { "\($0)/\(name)" } }.first(where: FileManager.default.isExecutableFile(atPath:))
    }()

    /// Why the browser cannot be used here, or nil.
    public static var unavailableReason: String? {
        path == nil ? "chromium is not installed (apt-get install chromium)" : nil
    }

    /// Whether a failure to find it fails the tests: in CI (`CRUDKIT_REQUIRE_CHROMIUM=1`).
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["CRUDKIT_REQUIRE_CHROMIUM"] == "1" }

    /// The page at `url` as the browser rendered it, its scripts run: the DOM after at most
    /// `budget` of the page's own (virtual) time. A browser still running after `timeout` is
    /// killed and the call throws.
    public static func dom(of url: URL, budget: Duration = .seconds(5), timeout: Duration = .seconds(60)) async throws -> String {
        try await page(at: url, budget: budget, timeout: timeout).dom
    }

    /// The page at `url` as ``dom(of:budget:timeout:)`` gives it, and every message the page
    /// wrote to its console: script errors, `console.log` and `console.error` calls, and the
    /// loads the browser refused, each as Chromium logs it (`… CONSOLE:1] "message", source: …`).
    public static func page(at url: URL, budget: Duration = .seconds(5), timeout: Duration = .seconds(60)) async throws -> (
        dom: String, console: [String]
    ) {
        guard let path else { throw Failure(description: unavailableReason ?? "no chromium") }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let milliseconds = budget.components.seconds * 1000
        let browser = try ChildProcess(
            path,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)", "--dump-dom",
                "--enable-logging=stderr", "--v=0", "--virtual-time-budget=\(milliseconds)", url.absoluteString,
            ], options: .init(errors: .pipe, newProcessGroup: true))
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            browser.kill(SIGKILL, wholeGroup: true)
        }
        defer { watchdog.cancel() }
        let (ending, out, err) = await browser.finished()
        guard ending == .exited(0) else {
            throw Failure(description: "chromium \(ending) while loading \(url) (timeout \(timeout))")
        }
        return (out, err.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init))
    }

    /// Why a page could not be loaded.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }
}
