import Foundation

extension ExerciseInfo {
    /// The first two lines of the starter: the exercise, its lesson, and how to check it.
    /// A test keeps every starter's first lines equal to these.
    public var starterHeader: String {
        "// Exercise \(number): \(title). Lesson: \(lesson)\n// Check it: swift run crudkit exercises check \(number)\n"
    }
}

extension Manifest {
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
}
