import ChildProcesses
import ExerciseKit
import Foundation

/// The Course as a static website: its DocC catalog (``CourseCatalog``), converted by the
/// toolchain's `docc` with warnings as errors. `crudkit course site` and CI build it this way.
public enum CourseSite {
    /// Where the site's landing page is, from the site's root.
    public static let landingPath = "/documentation/" + CourseCatalog.displayName.lowercased()

    /// The `docc` to run: `$DOCC` when set, else `docc` on `PATH` (Swift toolchains for
    /// Linux ship it), else Xcode's (`xcrun --find docc`); nil when there is none.
    @available(*, noasync, message: "it waits for a child process; call it with offThePool")
    public static func docc(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let named = environment["DOCC"], !named.isEmpty {
            return FileManager.default.isExecutableFile(atPath: named) ? named : nil
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        if let found = folders.map({ "\($0)/docc" }).first(where: FileManager.default.isExecutableFile(atPath:)) { return found }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xcrun"),
            let xcrun = try? ChildProcess("/usr/bin/xcrun", ["--find", "docc"], options: .init(errors: .nullDevice))
        else { return nil }
        let (ending, out, _) = xcrun.finish()
        let path = out.trimmingCharacters(in: .whitespacesAndNewlines)
        return ending == .exited(0) && !path.isEmpty ? path : nil
    }

    /// Why the site could not be built.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// What went wrong, with docc's own words when it failed.
        public let description: String
    }

    /// Writes the catalog made from the Course folder `course` into `catalog`, converts it
    /// with `docc` into the website folder `output`, and returns the catalog's pages.
    @discardableResult
    @available(*, noasync, message: "it waits for a child process; call it with offThePool")
    public static func build(course: URL, catalog: URL, output: URL, docc: String) throws -> [CatalogPage] {
        let pages = try CourseCatalog.write(course: course, to: catalog)
        // docc makes the output folder but not its parents.
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        let arguments = [
            "convert", catalog.path, "--output-path", output.path, "--warnings-as-errors", "--fallback-display-name",
            CourseCatalog.displayName, "--fallback-bundle-identifier", CourseCatalog.bundleIdentifier,
        ]
        let convert = try ChildProcess(docc, arguments, options: .init(errors: .output))
        let (ending, out, _) = convert.finish()
        guard ending == .exited(0) else {
            throw Failure(description: "docc \(ending) while converting the Course:\n\(out)")
        }
        return pages
    }
}
