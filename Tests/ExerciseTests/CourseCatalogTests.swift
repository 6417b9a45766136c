import ExerciseKit
import Foundation
import Testing

private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A small repository in a temporary folder: `Course/` with these files (path: text).
private func course(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-catalog-\(UUID().uuidString)")
    for (path, text) in files {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
    return root.appendingPathComponent("Course")
}

@Suite("The Course's DocC catalog")
struct CourseCatalogTests {
    @Test("The landing page curates the lessons in the README's order, then the other pages and every exercise")
    func landingPageOrder() throws {
        let pages = try CourseCatalog.pages(course: repositoryRoot.appendingPathComponent("Course"))
        let landing = try #require(pages.first { $0.path == "Course.md" })
        #expect(landing.text.contains("@TechnologyRoot") && landing.text.hasPrefix("# The Course\n"))
        let topics = try #require(landing.text.range(of: "## Topics")).upperBound
        let curated = landing.text[topics...].matches(of: /<doc:([^>]+)>/).map { String($0.output.1) }
        // The course order is the README's list (file numbers are ids), and it holds every lesson.
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("Course/README.md"), encoding: .utf8)
        let lessons = readme.matches(of: /\n\d+\. \[[^\]]*\]\(Lessons\/([^)]+)\.md\)/).map { String($0.output.1) }
        let files = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Course/Lessons").path)
            .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }
        #expect(lessons.sorted() == files.sorted(), "the README lists \(lessons), the folder holds \(files.sorted())")
        #expect(Array(curated.prefix(lessons.count)) == lessons, "curated: \(curated)")
        for name in ["Specification", "InterviewQuestions", "RevisionChecklist"] + Manifest.exercises.map(\.pageName) {
            #expect(curated.contains(name), "\(name) is not on the landing page")
        }
        // The README's prose stays; its list of lessons moved into the Topics.
        #expect(landing.text.contains("## How to work through it") && !landing.text.contains("\n## Lessons, in course order"))
    }

    @Test("No page keeps a relative link; exercise links lead to the exercise's page")
    func linksRewritten() throws {
        let pages = try CourseCatalog.pages(course: repositoryRoot.appendingPathComponent("Course"))
        for page in pages {
            for match in page.text.matches(of: /\]\(([^)]+)\)/) where !match.output.1.contains(":") {
                Issue.record("\(page.path) keeps the relative link \(match.output.1)")
            }
        }
        let update = try #require(pages.first { $0.path == "Lessons/06-Update.md" })
        #expect(update.text.contains("[Exercise 3: Update a task in place](doc:Exercise-03-Update)"))
        let questions = try #require(pages.first { $0.name == "InterviewQuestions" })
        #expect(questions.text.contains("[TASK-CREATE-003](doc:Specification#TASK-CREATE-003-MUST)"))
    }

    @Test("Each exercise's page has its title, points, lesson, every rule and the starter's code")
    func exercisePages() throws {
        let pages = try CourseCatalog.pages(course: repositoryRoot.appendingPathComponent("Course"))
        for exercise in Manifest.exercises {
            let page = try #require(pages.first { $0.name == exercise.pageName }, "no page for exercise \(exercise.number)")
            let starter = try String(contentsOf: repositoryRoot.appendingPathComponent(exercise.file), encoding: .utf8)
            #expect(page.text.hasPrefix("# Exercise \(exercise.number): \(exercise.title)\n"))
            #expect(page.text.contains("worth \(exercise.points) points"))
            #expect(page.text.contains("crudkit exercises check \(exercise.number)"))
            #expect(page.text.contains("(doc:" + (exercise.lesson.split(separator: "/").last ?? "").dropLast(3) + ")"))
            for rule in exercise.rules { #expect(page.text.contains(rule), "exercise \(exercise.number)'s page lacks \(rule)") }
            #expect(page.text.contains("```swift\n" + starter), "exercise \(exercise.number)'s page lacks its starter")
        }
    }

    @Test("The Task Manager tutorial is in the catalog, linked from the landing page and the project's lesson")
    func tutorialInCatalog() throws {
        let pages = try CourseCatalog.pages(course: repositoryRoot.appendingPathComponent("Course"))
        let overview = try #require(pages.first { $0.path == "Tutorials/TaskManager.tutorial" })
        #expect(overview.text.hasPrefix("@Tutorials(") && overview.text.contains("doc:BuildingTheTaskManager"))
        let tutorial = try #require(pages.first { $0.path == "Tutorials/BuildingTheTaskManager.tutorial" })
        #expect(tutorial.text.hasPrefix("@Tutorial("))
        for name in ["Course", "14-PracticalProject"] {
            let page = try #require(pages.first { $0.name == name })
            #expect(page.text.contains("](doc:TaskManager)"), "\(name) does not link the tutorial")
        }
        let resources = try FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot.appendingPathComponent("Course/" + CourseCatalog.tutorialResources).path)
        for match in (overview.text + tutorial.text).matches(of: /(?:file|source): "([^"]+)"/) {
            #expect(resources.contains(String(match.output.1)), "the tutorial names \(match.output.1), which is not in its resources")
        }
    }

    @Test("The tutorial's last listing of each file is the task-manager program the package builds, file for file")
    func tutorialListingsAreBuilt() throws {
        let course = repositoryRoot.appendingPathComponent("Course")
        let tutorial = try String(contentsOf: course.appendingPathComponent("Tutorials/BuildingTheTaskManager.tutorial"), encoding: .utf8)
        var last: [String: String] = [:]
        var steps = 0
        for match in tutorial.matches(of: /@Code\(name: "([^"]+)", file: "([^"]+)"\)/) {
            last[String(match.output.1)] = String(match.output.2)
            steps += 1
        }
        #expect(steps >= 9, "expected a step per listing, at least 9, found \(steps)")
        // The target `task-manager` in Package.swift is built from this folder.
        let program = course.appendingPathComponent("Tutorials/TaskManager")
        let built = try FileManager.default.contentsOfDirectory(atPath: program.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(built == last.keys.sorted(), "the program has \(built), the tutorial's listings name \(last.keys.sorted())")
        let package = try String(contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(package.contains("path: \"Course/Tutorials/TaskManager\""), "Package.swift does not build Course/Tutorials/TaskManager")
        for (name, listing) in last {
            let shown = try String(
                contentsOf: course.appendingPathComponent(CourseCatalog.tutorialResources + "/" + listing), encoding: .utf8)
            let compiled = try String(contentsOf: program.appendingPathComponent(name), encoding: .utf8)
            #expect(shown == compiled, "the tutorial's last \(name), \(listing), differs from the built Tutorials/TaskManager/\(name)")
        }
    }

    @Test("The catalog copies the tutorials' resources beside the pages")
    func tutorialResourcesWritten() throws {
        let catalog = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-catalog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: catalog) }
        let course = repositoryRoot.appendingPathComponent("Course")
        try CourseCatalog.write(course: course, to: catalog)
        let resources = try FileManager.default.contentsOfDirectory(
            atPath: course.appendingPathComponent(CourseCatalog.tutorialResources).path)
        #expect(!resources.isEmpty)
        for resource in resources {
            let path = CourseCatalog.tutorialResources + "/" + resource
            let copied = try Data(contentsOf: catalog.appendingPathComponent(path))
            #expect(copied == (try Data(contentsOf: course.appendingPathComponent(path))), "\(path) was not copied as it is")
        }
        #expect(FileManager.default.fileExists(atPath: catalog.appendingPathComponent("Tutorials/TaskManager.tutorial").path))
        #expect(!FileManager.default.fileExists(atPath: catalog.appendingPathComponent("Tutorials/TaskManager").path))
    }

    @Test("A link to nothing, an anchor no heading has, and a page in no list of the README each stop the build")
    func refusals() throws {
        let readme = "# The Course\n\nIntro.\n\n## Lessons, in course order\n\n1. [One](Lessons/01-One.md)\n"
        let cases: [(files: [String: String], says: String)] = [
            (["Course/README.md": readme, "Course/Lessons/01-One.md": "# One\n\nSee [two](02-Two.md).\n"], "links to 02-Two.md"),
            (["Course/README.md": readme, "Course/Lessons/01-One.md": "# One\n\n[Up](#nowhere)\n"], "has no heading with that anchor"),
            (
                ["Course/README.md": readme, "Course/Lessons/01-One.md": "# One\n", "Course/Lessons/02-Two.md": "# Two\n"],
                "Course/Lessons/02-Two.md is in no list"
            ),
        ]
        for (files, says) in cases {
            let folder = try course(files)
            defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
            do {
                _ = try CourseCatalog.pages(course: folder, exercises: [])
                Issue.record("expected a refusal saying \"\(says)\", got a catalog")
            } catch {
                #expect(error.description.contains(says), "expected \"\(says)\", got \"\(error.description)\"")
            }
        }
    }

    @Test("A link to a heading, and to another file of the repository, work on the site; code is left alone")
    func anchorsFilesAndCode() throws {
        let readme = "# The Course\n\nIntro.\n\n## Lessons, in course order\n\n1. [One](Lessons/01-One.md)\n"
        let lesson = """
            # One

            ## Why it matters, mostly

            See [why](#why-it-matters-mostly) and [the tool](../../Tools/tool.yml), but not `[this](nowhere.md)`:

            ```
            [nor this](nowhere.md)
            ```
            """
        let folder = try course(["Course/README.md": readme, "Course/Lessons/01-One.md": lesson, "Tools/tool.yml": "a: 1\n"])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let pages = try CourseCatalog.pages(course: folder, exercises: [])
        let one = try #require(pages.first { $0.name == "01-One" })
        #expect(one.text.contains("[why](doc:01-One#Why-it-matters-mostly)"))
        #expect(one.text.contains("[the tool](doc:File-Tools-tool-yml)"))
        #expect(one.text.contains("`[this](nowhere.md)`") && one.text.contains("[nor this](nowhere.md)"))
        let file = try #require(pages.first { $0.name == "File-Tools-tool-yml" })
        #expect(file.text.contains("```yaml\na: 1\n```"))
    }
}
