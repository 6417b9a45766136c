import CRUDKitCLI
import CRUDTestSupport
import ExerciseKit
import Foundation
import Testing

private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Whether the website test runs: docc and chromium are here, or CI requires them.
private enum SiteTools {
    static let missing: String? = {
        let reasons = [
            CourseSite.docc() == nil ? "docc is not on PATH (it comes with the Swift toolchain)" : nil, HeadlessChromium.unavailableReason,
        ].compactMap { $0 }
        if reasons.isEmpty { return nil }
        let reason = reasons.joined(separator: "; ")
        print("The Course's website test not run: \(reason)")
        return reason
    }()

    static var runs: Bool { missing == nil || HeadlessChromium.isRequired }
}

@Suite("The Course as a website, in headless Chromium")
struct CourseSiteTests {
    @Test(
        "The landing page introduces the Course and lists the lessons in course order; no link of it or of a lesson is dead",
        .enabled(if: SiteTools.runs, "needs docc and chromium: apt-get install chromium (CI sets CRUDKIT_REQUIRE_CHROMIUM=1)"),
        .timeLimit(.minutes(5)))
    func siteReadsLikeACourse() async throws {
        if let missing = SiteTools.missing { Issue.record("CRUDKIT_REQUIRE_CHROMIUM=1, but \(missing)") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        let started = ContinuousClock.now
        let console = CapturedConsole()
        let status = await CRUDKitTool.run(
            ["course", "site", "--output", site.path, "--course", repositoryRoot.appendingPathComponent("Course").path], console: console)
        try #require(status == 0, "crudkit course site exited with \(status): \(console.stderr)")
        let built = ContinuousClock.now
        let server = try StaticFileServer(root: site)
        defer { server.stop() }
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))

        let lessons = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Course/Lessons").path)
            .filter { $0.hasSuffix(".md") }.sorted()
        #expect(lessons.count >= 15, "expected the 15 lessons or more, found \(lessons)")
        let landingURL = base.appendingPathComponent(CourseSite.landingPath)
        let landing = try await HeadlessChromium.dom(of: landingURL)

        // The introduction: the README's first paragraph, as the site shows it.
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("Course/README.md"), encoding: .utf8)
        let introduction = try #require(readme.split(separator: "\n").dropFirst().first { !$0.isEmpty })
        #expect(landing.contains(introduction.prefix(30)), "the landing page does not show the introduction \"\(introduction)\"")

        // The lessons, in course order: the group's links in the order the page shows them.
        let group = try #require(landing.range(of: "id=\"Lessons-in-course-order\""), "the landing page has no group of lessons")
        let rest = landing[group.upperBound...]
        let groupText = rest[..<(rest.range(of: "<h3")?.lowerBound ?? rest.endIndex)]
        var shown: [String] = []
        for match in groupText.matches(of: /href="\/documentation\/course\/([0-9]+-[a-z0-9-]+)"/)
        where !shown.contains(String(match.output.1)) {
            shown.append(String(match.output.1))
        }
        #expect(shown == lessons.map { String($0.dropLast(3)).lowercased() }, "lessons shown in this order: \(shown)")

        // No dead link: on the landing page and the first lesson as rendered (starting a
        // browser per page would take seconds each), and on every page of the site in the
        // data the pages are rendered from.
        let first = CourseSite.landingPath + "/" + (lessons.first ?? "").dropLast(3).lowercased()
        let pages = [(CourseSite.landingPath, landing), (first, try await HeadlessChromium.dom(of: base.appendingPathComponent(first)))]
        var checked = Set<String>()
        for (path, dom) in pages {
            #expect(!dom.contains("be found"), "\(path) shows \"page not found\"")
            #expect(dom.contains("<h1"), "\(path) shows no title: it did not render")
            for match in dom.matches(of: /href="([^"]*)"/) {
                let href = String(match.output.1)
                guard let url = URL(string: href, relativeTo: base.appendingPathComponent(path)), url.host == base.host,
                    !href.hasPrefix("#")
                else { continue }
                let target = url.path.hasSuffix("/") && url.path.count > 1 ? String(url.path.dropLast()) : url.path
                guard checked.insert(path + " " + target).inserted else { continue }
                #expect(Self.exists(target, in: site), "\(path) links to \(href), which leads nowhere on the site")
            }
        }
        let data = site.appendingPathComponent("data/documentation")
        let files = try #require(FileManager.default.enumerator(atPath: data.path)).compactMap { $0 as? String }.filter {
            $0.hasSuffix(".json")
        }
        #expect(files.count > lessons.count + Manifest.exercises.count, "the site has only \(files.count) pages")
        for file in files {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: data.appendingPathComponent(file)))
            let references = (json as? [String: Any])?["references"] as? [String: Any] ?? [:]
            for case let reference as [String: Any] in references.values {
                guard let url = reference["url"] as? String, !url.contains("://") else { continue }
                let target = String(url.split(separator: "#", omittingEmptySubsequences: false)[0])
                #expect(
                    reference["type"] as? String != "link" && Self.exists(target, in: site),
                    "\(file) links to \(url), which leads nowhere on the site")
            }
        }
        // The pages fetched nothing that is not there (DocC asks for an optional theme file).
        #expect(server.notFound.filter { $0 != "/theme-settings.json" } == [], "asked for and not found: \(server.notFound)")
        print("The Course's website: built in \(built - started), \(files.count) pages checked in \(ContinuousClock.now - built)")
    }

    /// Whether the site path `target` leads somewhere: a page's data, or a file.
    static func exists(_ target: String, in site: URL) -> Bool {
        let file =
            target.hasPrefix("/documentation/")
            ? site.appendingPathComponent("data" + target.lowercased() + ".json") : site.appendingPathComponent(target)
        return FileManager.default.fileExists(atPath: file.path)
    }
}
