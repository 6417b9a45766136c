import Foundation

extension ExerciseInfo {
    /// The DocC name of the exercise's page on the Course's site (`Exercise-03-Update`).
    public var pageName: String { "Exercise-" + (folder.split(separator: "/").last.map(String.init) ?? String(number)) }
}

/// One group of the landing page's Topics: a heading and the pages under it, in order.
struct TopicGroup: Equatable {
    let heading: String
    let pages: [String]
}

extension CourseCatalog {
    /// The landing page made from the README `readme`: its title, the technology-root
    /// metadata, its prose with links rewritten, and Topics: the README's lists of Course
    /// pages in order, then the exercises, then the other files the Course links. Throws
    /// when a Course page is in no list, since DocC would then file it alphabetically.
    static func landingPage(
        _ readme: String, linker: inout CourseLinker, exercises: [CatalogPage], others: [CatalogPage]
    ) throws(CourseCatalogError) -> CatalogPage {
        var lines = readme.components(separatedBy: "\n")
        guard let first = lines.first, first.hasPrefix("# ") else {
            throw CourseCatalogError(description: "\(readme) must begin with its title, a line \"# Title\"")
        }
        lines.removeFirst()
        let (prose, groups) = try topicGroups(in: lines, linker: linker)
        let body = try linker.rewritten(prose.joined(separator: "\n"), of: CourseCatalog.readme)
        let listed = Set(groups.flatMap(\.pages))
        if let missing = others.first(where: { !listed.contains($0.name) }) {
            throw CourseCatalogError(
                description: """
                    Course/\(missing.path) is in no list of Course/\(CourseCatalog.readme): add a link to it where it \
                    belongs (a lesson in "Lessons, in course order"); the site lists pages in that order
                    """)
        }
        var topics = groups
        if !exercises.isEmpty { topics.append(TopicGroup(heading: "Exercises", pages: exercises.map(\.name))) }
        if !linker.filePages.isEmpty {
            topics.append(TopicGroup(heading: "Files the Course links", pages: linker.filePages.map(\.name)))
        }
        let curation = topics.map { group in
            "### \(group.heading)\n\n" + group.pages.map { "- <doc:\($0)>\n" }.joined()
        }
        let text =
            "\(first)\n\n@Metadata {\n    @TechnologyRoot\n}\n\n" + body.trimmingCharacters(in: .newlines) + "\n\n## Topics\n\n"
            + curation.joined(separator: "\n")
        return CatalogPage(path: displayName + ".md", text: text)
    }

    /// `lines` split into prose and topic groups: a `## ` section whose every line is a list
    /// item beginning with a link to a Course page becomes a group of those pages, in order.
    static func topicGroups(in lines: [String], linker: CourseLinker) throws(CourseCatalogError) -> (
        prose: [String], groups: [TopicGroup]
    ) {
        var sections: [[String]] = [[]]
        for (line, isCode) in zip(lines, CourseLinker.codeFlags(lines)) {
            if !isCode && line.hasPrefix("## ") { sections.append([]) }
            sections[sections.count - 1].append(line)
        }
        var prose: [String] = []
        var groups: [TopicGroup] = []
        let source = linker.repositoryPath(ofCourseFile: readme)
        for section in sections {
            let items = section.dropFirst().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            let targets = items.compactMap { $0.firstMatch(of: /^\s*(?:[-*+]|\d+[.)])\s+\[[^\]]*\]\(([^()\s#]+\.md)\)/)?.output.1 }
            guard let heading = section.first, heading.hasPrefix("## "), !items.isEmpty, targets.count == items.count else {
                prose += section
                continue
            }
            var pages: [String] = []
            for target in targets {
                let path = try linker.resolve(String(target), from: source)
                guard let name = linker.pageName(of: path) else {
                    throw CourseCatalogError(description: "\(source) lists \(target), which is not a page of the Course")
                }
                pages.append(name)
            }
            groups.append(TopicGroup(heading: String(heading.dropFirst(3)), pages: pages))
        }
        return (prose, groups)
    }

    /// The page of `exercise`: what it is worth, its lesson, the rules that grade it, how
    /// to check it and get hints, and its starter's code.
    static func exercisePage(_ exercise: ExerciseInfo, linker: inout CourseLinker) throws(CourseCatalogError) -> CatalogPage {
        guard let lesson = linker.pageName(of: exercise.lesson) else {
            throw CourseCatalogError(description: "exercise \(exercise.number)'s lesson \(exercise.lesson) is not a page of the Course")
        }
        let lessonTitle = try linker.headings(of: exercise.lesson).first ?? lesson
        let specification = linker.repositoryPath(ofCourseFile: "Specification.md")
        let specificationName = linker.pageName(of: specification) ?? "Specification"
        let ruleHeadings = try linker.headings(of: specification)
        let rules = exercise.rules.map { rule in
            guard let heading = ruleHeadings.first(where: { $0.hasPrefix(rule + " ") }) else {
                return "- `\(rule)`: a check of this exercise's own, beside the specification's rules"
            }
            return "- [\(heading)](doc:\(specificationName)#\(CourseLinker.doccFragment(heading)))"
        }
        let starter = try read(exercise.file, in: linker.repository)
        let text = """
            # Exercise \(exercise.number): \(exercise.title)

            Fill in the starter, `\(exercise.file)`, until every rule below passes: that is worth \
            \(exercise.points) points. The lesson [\(lessonTitle)](doc:\(lesson)) explains what it asks.

            ## Check it

            Run `swift run crudkit exercises check \(exercise.number)` in your repository: it runs every \
            rule below on your code and shows what was expected and what happened for each one that fails. \
            `swift run crudkit exercises` shows your progress over all the exercises.

            Stuck? `swift run crudkit exercises hint \(exercise.number)` gives the first of \
            \(exercise.hints.count) hints; each one says more than the one before.

            ## The rules that grade it

            \(rules.joined(separator: "\n"))

            ## The starter

            `\(exercise.file)`, as you get it:

            \(codeListing(starter, language: "swift"))
            """
        return CatalogPage(path: "Exercises/\(exercise.pageName).md", text: text)
    }

    /// `code` in a fenced block whose fence is longer than any run of backticks in it.
    static func codeListing(_ code: String, language: String) -> String {
        let longestRun = code.matches(of: /`+/).map(\.output.count).max() ?? 0
        let fence = String(repeating: "`", count: max(3, longestRun + 1))
        return "\(fence)\(language)\n\(code.hasSuffix("\n") ? code : code + "\n")\(fence)"
    }
}
