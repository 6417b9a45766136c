import Foundation

extension CourseCatalog {
    /// The folder, in the Course, of the tutorials' code listings and images.
    public static let tutorialResources = "Tutorials/Resources"

    /// The Course's DocC tutorials (`.tutorial` files, anywhere in the Course), as pages
    /// copied unchanged: their links are DocC's already, and GitHub does not render them.
    static func tutorialPages(in course: URL) throws(CourseCatalogError) -> [CatalogPage] {
        try files(in: course).filter { $0.hasSuffix(".tutorial") }.map { (path) throws(CourseCatalogError) in
            CatalogPage(path: path, text: try read(path, in: course))
        }
    }

    /// The files of ``tutorialResources`` (relative to the Course), which the tutorials'
    /// `@Code` and `@Image` name; DocC finds them anywhere in the catalog.
    static func tutorialResources(in course: URL) throws(CourseCatalogError) -> [String] {
        try files(in: course).filter { $0.hasPrefix(tutorialResources + "/") && !$0.hasSuffix("/") }.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: course.appendingPathComponent(path).path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }
    }

    /// Every path under `course`, relative to it, sorted.
    static func files(in course: URL) throws(CourseCatalogError) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: course.path) else {
            throw CourseCatalogError(description: "cannot read the Course folder \(course.path)")
        }
        return enumerator.compactMap { $0 as? String }.sorted()
    }
}
