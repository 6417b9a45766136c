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
        // The course order is the README's list; the file numbers are only ids.
        let readmeOrder = readme.matches(of: /\n\d+\. \[[^\]]*\]\(Lessons\/([^)]+)\.md\)/).map { $0.output.1.lowercased() }
        #expect(readmeOrder.sorted() == lessons.map { String($0.dropLast(3)).lowercased() }, "the README lists \(readmeOrder)")
        #expect(shown == readmeOrder, "lessons shown in this order: \(shown)")

        // No dead link: on the landing page and the first lesson as rendered (starting a
        // browser per page would take seconds each), and on every page of the site in the
        // data the pages are rendered from.
        let first = CourseSite.landingPath + "/" + (lessons.first ?? "").dropLast(3).lowercased()
        // The practical project's tutorial: linked from the landing page, and rendered with
        // its sections and code listings.
        #expect(landing.contains("href=\"/tutorials/taskmanager\""), "the landing page does not link the Task Manager tutorial")
        let tutorialPath = "/tutorials/course/buildingthetaskmanager"
        let tutorial = try await HeadlessChromium.dom(of: base.appendingPathComponent(tutorialPath))
        for text in ["Building the task manager", "Open a store and show its tasks", "TaskShell.swift", "confirmDelete()"] {
            #expect(tutorial.contains(text), "the tutorial page does not show \"\(text)\"")
        }
        let pages = [
            (CourseSite.landingPath, landing), (first, try await HeadlessChromium.dom(of: base.appendingPathComponent(first))),
            (tutorialPath, tutorial),
        ]
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
        let data = site.appendingPathComponent("data")
        let files = try #require(FileManager.default.enumerator(atPath: data.path)).compactMap { $0 as? String }.filter {
            $0.hasSuffix(".json")
        }
        for page in ["tutorials/taskmanager.json", "tutorials/course/buildingthetaskmanager.json"] {
            #expect(files.contains(page), "the site has no \(page): the tutorial was not built")
        }
        #expect(files.count > lessons.count + Manifest.exercises.count, "the site has only \(files.count) pages")
        var linksChecked = 0
        var imagesChecked = 0
        for file in files {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: data.appendingPathComponent(file)))
            let references = (json as? [String: Any])?["references"] as? [String: Any] ?? [:]
            for case let reference as [String: Any] in references.values {
                // An image (the tutorials have some) is a file of the site, one per variant.
                for case let variant as [String: Any] in reference["variants"] as? [Any] ?? [] {
                    let url = variant["url"] as? String ?? "(none)"
                    imagesChecked += 1
                    #expect(Self.exists(url, in: site), "\(file) shows the image \(url), which is not on the site")
                }
                guard let url = reference["url"] as? String, !url.contains("://") else { continue }
                let target = String(url.split(separator: "#", omittingEmptySubsequences: false)[0])
                linksChecked += 1
                #expect(
                    reference["type"] as? String != "link" && Self.exists(target, in: site),
                    "\(file) links to \(url), which leads nowhere on the site")
            }
        }
        // A change in DocC's JSON would otherwise leave nothing to check, and pass.
        #expect(linksChecked > files.count, "only \(linksChecked) links found in \(files.count) pages: DocC's data changed shape?")
        #expect(imagesChecked > 0, "no image found in the pages, though the tutorials have some: DocC's data changed shape?")
        // The pages fetched nothing that is not there (DocC asks for an optional theme file).
        #expect(server.notFound.filter { $0 != "/theme-settings.json" } == [], "asked for and not found: \(server.notFound)")
        print("The Course's website: built in \(built - started), \(files.count) pages checked in \(ContinuousClock.now - built)")
    }

    /// Whether the site path `target` leads somewhere: a page's data, a chapter of a
    /// tutorials overview (which the overview's page shows), or a file.
    static func exists(_ target: String, in site: URL) -> Bool {
        let isPage = target.hasPrefix("/documentation/") || target.hasPrefix("/tutorials/")
        let file = isPage ? site.appendingPathComponent("data" + target.lowercased() + ".json") : site.appendingPathComponent(target)
        if FileManager.default.fileExists(atPath: file.path) { return true }
        let parts = target.split(separator: "/")
        guard target.hasPrefix("/tutorials/"), parts.count == 3 else { return false }
        return FileManager.default.fileExists(atPath: site.appendingPathComponent("data/tutorials/\(parts[1]).json").path)
    }
}
