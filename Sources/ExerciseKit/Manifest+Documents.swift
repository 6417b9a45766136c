import Foundation

extension ExerciseInfo {
    /// The first two lines of the starter: the exercise, its lesson, and how to check it.
    /// A test keeps every starter's first lines equal to these.
    public var starterHeader: String {
        "// Exercise \(number): \(title). Lesson: \(lesson)\n// Check it: swift run crudkit exercises check \(number)\n"
    }
}

/// One file whose text, or part of it, the manifest generates.
public struct GeneratedDocument: Sendable, Equatable {
    /// The file, relative to the repository root.
    public let path: String
    /// The file as it is.
    public let current: String
    /// The file as the manifest says it must be.
    public let generated: String

    /// Whether the file already says what the manifest generates.
    public var isUpToDate: Bool { current == generated }
}

/// Why the documents cannot be generated: a file is missing or has no place for the
/// generated part.
public struct ManifestDocumentError: Error, CustomStringConvertible, Sendable {
    /// What is missing or misplaced, and what to do.
    public let description: String
}

extension Manifest {
    /// The README that lists the exercises.
    public static let readmePath = "Exercises/README.md"

    /// The table of `Exercises/README.md`: one row per exercise, linking its starter and its
    /// lesson (under `lessonTitle`, the lesson's heading). A test keeps the README's table
    /// equal to this, so adding an exercise to the manifest is the way to list it.
    public static func readmeTable(lessonTitle: (ExerciseInfo) -> String) -> String {
        var rows = ["| # | exercise | lesson | points |", "|---|---|---|---|"]
        for exercise in exercises {
            let starter = exercise.file.replacingOccurrences(of: "Exercises/", with: "")
            rows.append(
                "| \(exercise.number) | [\(exercise.title)](\(starter)) | [\(lessonTitle(exercise))](../\(exercise.lesson)) | \(exercise.points) |"
            )
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// Every file the manifest generates a part of, under the repository at `root`: the
    /// README's table and each starter's header lines, each as it is and as it must be.
    /// `crudkit exercises generate` writes the ones that differ; a test fails on any.
    public static func documents(root: URL) throws(ManifestDocumentError) -> [GeneratedDocument] {
        let readme = try read(readmePath, root: root)
        let table = readmeTable { lessonHeading(of: $0, root: root) }
        var documents = [GeneratedDocument(path: readmePath, current: readme, generated: try replacingTable(in: readme, with: table))]
        for exercise in exercises {
            let starter = try read(exercise.file, root: root)
            documents.append(GeneratedDocument(path: exercise.file, current: starter, generated: withHeader(starter, of: exercise)))
        }
        return documents
    }

    /// Writes every document of ``documents(root:)`` that is out of date, and returns their paths.
    public static func writeDocuments(root: URL) throws -> [String] {
        let stale = try documents(root: root).filter { !$0.isUpToDate }
        for document in stale {
            try document.generated.write(to: root.appendingPathComponent(document.path), atomically: true, encoding: .utf8)
        }
        return stale.map(\.path)
    }

    /// A lesson's heading: its first line without the `# `, or its path when it has none.
    static func lessonHeading(of exercise: ExerciseInfo, root: URL) -> String {
        let text = (try? String(contentsOf: root.appendingPathComponent(exercise.lesson), encoding: .utf8)) ?? ""
        guard let first = text.split(separator: "\n").first, first.hasPrefix("# ") else { return exercise.lesson }
        return String(first.dropFirst(2))
    }

    private static func read(_ path: String, root: URL) throws(ManifestDocumentError) -> String {
        do {
            return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        } catch {
            throw ManifestDocumentError(description: "cannot read \(path): create it first (\(error.localizedDescription))")
        }
    }

    /// `readme` with its exercise table (the lines from the `| # | exercise` header to the
    /// last row) replaced by `table`.
    static func replacingTable(in readme: String, with table: String) throws(ManifestDocumentError) -> String {
        var lines = readme.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("| # | exercise") }) else {
            throw ManifestDocumentError(
                description: "\(readmePath) has no exercise table: add a line beginning with \"| # | exercise\" where it belongs")
        }
        let end = lines[start...].firstIndex { !$0.hasPrefix("|") } ?? lines.endIndex
        lines.replaceSubrange(start..<end, with: table.components(separatedBy: "\n").dropLast())
        return lines.joined(separator: "\n")
    }

    /// `starter` beginning with `exercise`'s header: its old header lines replaced, or the
    /// header put first when it has none.
    public static func withHeader(_ starter: String, of exercise: ExerciseInfo) -> String {
        var lines = starter.components(separatedBy: "\n")
        if lines.count > 1, lines[0].hasPrefix("// Exercise "), lines[1].hasPrefix("// Check it:") {
            lines.removeFirst(2)
        }
        return exercise.starterHeader + lines.joined(separator: "\n")
    }
}
