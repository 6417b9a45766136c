import Foundation

/// Turns the Course's relative Markdown links, which GitHub follows, into DocC `doc:` links,
/// which the site follows; collects a page for each file they name that is neither a Course
/// page nor an exercise's starter.
struct CourseLinker {
    /// The repository: the Course folder's parent. Every path below is relative to it.
    let repository: URL
    /// The Course folder's name in the repository (`Course`).
    let folder: String
    /// The Course's pages and tutorials, by path (`Course/Lessons/04-Create.md`), to their
    /// DocC names (`04-Create`); the README is the landing page.
    let pageNames: [String: String]
    /// The exercises whose starters get pages of their own.
    let exercises: [ExerciseInfo]
    /// A page for each other file a link named, in the order first named.
    private(set) var filePages: [CatalogPage] = []
    /// Headings of the Markdown files read so far, by path.
    private var headingsCache: [String: [String]] = [:]

    /// A linker for the Course folder `course`, whose Markdown files (relative to it, the
    /// README left out) are `pages`, with pages for `exercises`.
    init(course: URL, pages: [String], exercises: [ExerciseInfo]) {
        self.exercises = exercises
        repository = course.deletingLastPathComponent()
        let folder = course.lastPathComponent
        self.folder = folder
        var names = [folder + "/" + CourseCatalog.readme: CourseCatalog.displayName]
        for page in pages { names[folder + "/" + page] = Self.pageName(ofFile: page) }
        pageNames = names
    }

    /// The DocC name of the page or tutorial in the file `path`: its file name without its
    /// extension.
    static func pageName(ofFile path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }

    /// The path of the Course file `source` (relative to the Course) from the repository.
    func repositoryPath(ofCourseFile source: String) -> String { folder + "/" + source }

    /// `text`, the Course file `source` (relative to the Course), with every relative link
    /// outside code rewritten as a `doc:` link. Throws when one leads nowhere.
    mutating func rewritten(_ text: String, of source: String) throws(CourseCatalogError) -> String {
        let from = repositoryPath(ofCourseFile: source)
        var lines: [String] = []
        let source = text.components(separatedBy: "\n")
        for (line, isCode) in zip(source, Self.codeFlags(source)) {
            lines.append(isCode ? line : try rewrittenLine(line, from: from))
        }
        return lines.joined(separator: "\n")
    }

    /// `line` with the links outside its code spans rewritten.
    private mutating func rewrittenLine(_ line: String, from source: String) throws(CourseCatalogError) -> String {
        var result = ""
        var rest = Substring(line)
        while !rest.isEmpty {
            guard let tick = rest.firstIndex(of: "`") else {
                result += try rewrittenProse(rest, from: source)
                break
            }
            result += try rewrittenProse(rest[..<tick], from: source)
            let run = rest[tick...].prefix { $0 == "`" }
            let afterRun = rest[run.endIndex...]
            // A code span ends at the next run of exactly as many backticks; without one the
            // backticks are plain text.
            if let close = Self.closingRun(of: run.count, in: afterRun) {
                result += rest[tick..<close.upperBound]
                rest = rest[close.upperBound...]
            } else {
                result += run
                rest = afterRun
            }
        }
        return result
    }

    private static func closingRun(of length: Int, in text: Substring) -> Range<Substring.Index>? {
        var index = text.startIndex
        while let tick = text[index...].firstIndex(of: "`") {
            let run = text[tick...].prefix { $0 == "`" }
            if run.count == length { return tick..<run.endIndex }
            index = run.endIndex
        }
        return nil
    }

    /// `prose` (no code in it) with each link `[text](destination)` rewritten; images are kept.
    private mutating func rewrittenProse(_ prose: Substring, from source: String) throws(CourseCatalogError) -> String {
        var result = ""
        var last = prose.startIndex
        for match in prose.matches(of: /(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(([^()\s]+)\)/) {
            result += prose[last..<match.range.lowerBound]
            last = match.range.upperBound
            if match.output.1.isEmpty, let link = try docLink(String(match.output.3), from: source) {
                result += "[\(match.output.2)](\(link))"
            } else {
                result += prose[match.range]
            }
        }
        return result + prose[last...]
    }

    /// The `doc:` destination for `destination`, written in `source`; nil for a link that is
    /// not relative (a URL, or a `doc:` link already), which stays as it is.
    mutating func docLink(_ destination: String, from source: String) throws(CourseCatalogError) -> String? {
        if destination.contains(":") { return nil }
        let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let pathPart = parts[0].removingPercentEncoding ?? parts[0]
        let target = pathPart.isEmpty ? source : try resolve(pathPart, from: source)
        let fragment = parts.count > 1 ? parts[1] : nil
        if let name = pageNames[target] {
            guard let fragment, !fragment.isEmpty else { return "doc:" + name }
            guard let heading = try headings(of: target).first(where: { Self.gitHubAnchor($0) == fragment }) else {
                throw CourseCatalogError(description: "\(source) links to \(destination), but \(target) has no heading with that anchor")
            }
            return "doc:\(name)#\(Self.doccFragment(heading))"
        }
        if let exercise = exercises.first(where: { $0.file == target }) { return "doc:" + exercise.pageName }
        return "doc:" + (try filePage(for: target, linkedFrom: source)).name
    }

    /// `path`, relative to the folder of `source`, as a path from the repository; throws when
    /// it leaves the repository or names nothing.
    func resolve(_ path: String, from source: String) throws(CourseCatalogError) -> String {
        let base = repository.appendingPathComponent(source).deletingLastPathComponent()
        let target = base.appendingPathComponent(path).standardizedFileURL.path
        let root = repository.standardizedFileURL.path + "/"
        guard target.hasPrefix(root), FileManager.default.fileExists(atPath: target) else {
            throw CourseCatalogError(description: "\(source) links to \(path), which is not a file of the repository")
        }
        return String(target.dropFirst(root.count))
    }

    /// The DocC name of the Course page at `path` (from the repository), if it is one.
    func pageName(of path: String) -> String? { pageNames[path] }

    /// The headings (`#` to `######`, outside code blocks) of the Markdown file at `path`,
    /// without their `#`s.
    mutating func headings(of path: String) throws(CourseCatalogError) -> [String] {
        if let known = headingsCache[path] { return known }
        let text = try CourseCatalog.read(path, in: repository)
        var found: [String] = []
        let lines = text.components(separatedBy: "\n")
        for (line, isCode) in zip(lines, Self.codeFlags(lines)) where !isCode {
            if let match = line.wholeMatch(of: /#{1,6}\s+(.*?)\s*#*\s*/) { found.append(String(match.output.1)) }
        }
        headingsCache[path] = found
        return found
    }

    /// The page showing the file at `path` (from the repository), made the first time a link
    /// names it.
    private mutating func filePage(for path: String, linkedFrom source: String) throws(CourseCatalogError) -> CatalogPage {
        let name = "File-" + String(path.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        if let page = filePages.first(where: { $0.name == name }) { return page }
        let contents = try CourseCatalog.read(path, in: repository)
        let language = path.hasSuffix(".swift") ? "swift" : path.hasSuffix(".yml") || path.hasSuffix(".yaml") ? "yaml" : ""
        let page = CatalogPage(
            path: "Files/\(name).md",
            text: """
                # \(path)

                The file `\(path)` of the kit's repository, as it is in this version of the Course.

                \(CourseCatalog.codeListing(contents, language: language))
                """)
        filePages.append(page)
        return page
    }

    /// For each of `lines`, whether it belongs to a fenced code block (its fences included).
    static func codeFlags(_ lines: [String]) -> [Bool] {
        var fence: String?
        return lines.map { line in
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                return true
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix { $0 == trimmed.first })
                return true
            }
            return false
        }
    }

    /// The anchor GitHub gives a heading: lowercased, punctuation but `-` and `_` dropped,
    /// spaces made `-`.
    static func gitHubAnchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
    }

    /// The fragment DocC gives a heading: runs of spaces made `-`, ASCII punctuation but `-`
    /// and `_` dropped, case kept.
    static func doccFragment(_ heading: String) -> String {
        let words = heading.split(whereSeparator: \.isWhitespace).joined(separator: "-")
        return String(words.filter { !($0.isASCII && $0.isPunctuation || $0.isASCII && $0.isSymbol) || $0 == "-" || $0 == "_" })
    }
}
