import ExerciseKit
import Foundation
import ThreadExecutors

/// `crudkit course`: the Course beside the exercises.
struct CourseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "course", summary: "The Course as a website: lessons in course order, a page per exercise.",
        subcommands: [Site.self])

    func run(_ context: CommandContext) async throws -> ExitCode {
        throw UsageError.needsSubcommand(Self.configuration)
    }

    /// `crudkit course site --output DIR`.
    struct Site: ParsableCommand {
        static let configuration = CommandConfiguration(
            name: "site",
            summary: "Build the Course as a static website with docc (warnings are errors).",
            discussion: """
                Makes a DocC catalog from Course/ (README.md becomes the landing page, its lists of
                lessons the order of the site, each relative link a link of the site, each exercise a
                page of its own from the manifest), then runs docc convert on it. A link to a file that
                does not exist, or a Course page that README.md does not list, stops the build.
                Serve DIR with any static web server and open \(CourseSite.landingPath).
                """,
            exitStatuses: [
                (.success, "the site is written"), (.failure, "a link leads nowhere, a page is not listed, or docc failed"),
                (.usage, "the command line is wrong, or DIR is not empty"),
                (.unavailable, "docc was not found, or a file could not be written"),
            ])

        @Option("output", value: "DIR", help: "The folder for the website: new, or empty.") var output: String?
        @Option("course", value: "DIR", help: "The Course folder (default: Course).") var course: String?
        @Option("catalog", value: "DIR", help: "Keep the DocC catalog, as DIR/Course.docc (default: in a temporary folder, removed).")
        var catalog: String?

        func validate() throws(UsageError) {
            if output == nil { throw UsageError("course site needs --output DIR.") }
        }

        func run(_ context: CommandContext) async throws -> ExitCode {
            let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/")
            let outputFolder = URL(fileURLWithPath: output ?? "site", relativeTo: here).standardizedFileURL
            if let existing = try? FileManager.default.contentsOfDirectory(atPath: outputFolder.path), !existing.isEmpty {
                throw UsageError("'\(output ?? "")' is not empty: give a new folder.")
            }
            guard let docc = await offThePool({ [environment = context.environment] in CourseSite.docc(environment: environment) }) else {
                throw CommandFailure(
                    "docc was not found: it comes with the Swift toolchain (swift.org) or Xcode; put it on PATH or set DOCC.",
                    exitCode: .unavailable)
            }
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-course-\(UUID().uuidString)")
            let catalogFolder = (catalog.map { URL(fileURLWithPath: $0, relativeTo: here).standardizedFileURL } ?? temporary)
                .appendingPathComponent(CourseCatalog.displayName + ".docc")
            defer { try? FileManager.default.removeItem(at: temporary) }
            let pages: [CatalogPage]
            do {
                let course = URL(fileURLWithPath: course ?? "Course", relativeTo: here).standardizedFileURL
                // docc takes tens of seconds: its wait holds no thread of Swift's pool.
                pages = try await offThePool {
                    try CourseSite.build(course: course, catalog: catalogFolder, output: outputFolder, docc: docc)
                }
            } catch let error as CourseCatalogError {
                throw CommandFailure(error.description, exitCode: .failure)
            } catch let failure as CourseSite.Failure {
                throw CommandFailure(failure.description, exitCode: .failure)
            } catch {
                throw CommandFailure("could not build the site: \(error.localizedDescription)", exitCode: .unavailable)
            }
            context.console.out(
                """
                Wrote the Course's website to \(output ?? ""): \(pages.count) pages. Serve the folder with a static web server \
                and open \(CourseSite.landingPath).

                """)
            return .success
        }
    }
}
