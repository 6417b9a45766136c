import Foundation

/// One page of the Course's DocC catalog: where it goes in the catalog, and its Markdown.
public struct CatalogPage: Sendable, Equatable {
    /// The file, relative to the catalog (`Lessons/04-Create.md`, or a tutorial's
    /// `Tutorials/TaskManager.tutorial`).
    public let path: String
    /// The page's Markdown, or a tutorial's directives, as DocC reads it.
    public let text: String

    /// The page's DocC name: its file name without `.md` or `.tutorial`, which `doc:`
    /// links use.
    public var name: String { CourseLinker.pageName(ofFile: path) }
}

/// Why the Course cannot become a catalog: a link leads nowhere, a page is in no list of
/// the Course's README, or two pages share a name.
public struct CourseCatalogError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong, where, and what to do.
    public let description: String
}

/// The Course as a DocC catalog, made from `Course/` each time the site is built, so the
/// Markdown GitHub shows is the only copy anyone edits.
///
/// What the copy changes, and why:
/// - `Course/README.md`, GitHub's entry to the Course, becomes the site's landing page
///   (`Course.md`, the technology root). Each of its sections that is only a list of links
///   to Course pages ("Lessons, in course order") becomes a group of its Topics, in the
///   README's order: DocC would otherwise list the lessons alphabetically.
/// - Every relative link becomes a `doc:` link: to a page's article (a GitHub heading
///   anchor becomes DocC's), to an exercise's page when it names a starter, or to a page
///   showing the file when it names another file of the repository. A link to nothing
///   stops the build.
/// - Each exercise of the ``Manifest`` gets a page: its lesson, points, rules, how to check
///   it and get hints, and the starter's code.
/// - DocC tutorials (`.tutorial` files, with their code listings and images in
///   `Tutorials/Resources/`) are copied as they are; a Course page's link to a tutorial
///   file leads to the tutorial.
///
/// ```swift
/// let pages = try CourseCatalog.write(course: kit.appendingPathComponent("Course"), to: catalog)
/// ```
public enum CourseCatalog {
    /// The site's name; DocC puts pages under `/documentation/course/`. The landing page's
    /// file is named after it, as DocC needs for a catalog without symbols.
    public static let displayName = "Course"
    /// The catalog's bundle identifier.
    public static let bundleIdentifier = "org.crudkit.course"
    /// The Course's entry on GitHub, which becomes the landing page.
    public static let readme = "README.md"

    /// Every page of the catalog made from the Course folder `course` (whose parent is the
    /// repository): the landing page, the Course's other Markdown files, and a page per
    /// exercise (of the manifest, unless told) and per other file the Course links.
    public static func pages(course: URL, exercises: [ExerciseInfo] = Manifest.exercises) throws(CourseCatalogError) -> [CatalogPage] {
        let sources = try markdownFiles(in: course)
        let tutorials = try tutorialPages(in: course)
        var linker = CourseLinker(
            course: course, pages: sources.filter { $0 != readme } + tutorials.map(\.path), exercises: exercises)
        var pages: [CatalogPage] = []
        for source in sources where source != readme {
            pages.append(CatalogPage(path: source, text: try linker.rewritten(try read(source, in: course), of: source)))
        }
        let exercisePages = try exercises.map { (exercise) throws(CourseCatalogError) in
            try exercisePage(exercise, linker: &linker)
        }
        let readmeText = try read(readme, in: course)
        let landing = try landingPage(readmeText, linker: &linker, exercises: exercisePages, others: pages)
        let all = [landing] + pages + tutorials + exercisePages + linker.filePages
        var seen: [String: String] = [:]
        for page in all {
            if let other = seen.updateValue(page.path, forKey: page.name.lowercased()) {
                throw CourseCatalogError(
                    description: "\(other) and \(page.path) would both be the page \(page.name) on the site: rename one of them")
            }
        }
        return all
    }

    /// Writes the catalog of ``pages(course:)``, and the tutorials' resources, into the
    /// folder `catalog` (made if missing) and returns its pages.
    @discardableResult
    public static func write(course: URL, to catalog: URL) throws -> [CatalogPage] {
        let pages = try pages(course: course)
        for page in pages {
            let file = catalog.appendingPathComponent(page.path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try page.text.write(to: file, atomically: true, encoding: .utf8)
        }
        for resource in try tutorialResources(in: course) {
            let file = catalog.appendingPathComponent(resource)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: course.appendingPathComponent(resource), to: file)
        }
        return pages
    }

    /// The Markdown files under `course`, relative to it, sorted.
    static func markdownFiles(in course: URL) throws(CourseCatalogError) -> [String] {
        let files = try files(in: course).filter { $0.hasSuffix(".md") }
        guard files.contains(readme) else {
            throw CourseCatalogError(description: "\(course.path) has no \(readme): the Course's entry page is missing")
        }
        return files
    }

    static func read(_ path: String, in folder: URL) throws(CourseCatalogError) -> String {
        do {
            return try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        } catch {
            throw CourseCatalogError(description: "cannot read \(path): \(error.localizedDescription)")
        }
    }
}
