// Exercise 1: Validate a title. Lesson: Course/Lessons/08-Validation.md
// Check it: swift run crudkit exercises check 1
// Types: Sources/ExerciseAPI/TitleRules.swift, Sources/CRUDModels/CRUDError.swift, Sources/CRUDModels/Validation.swift
import ExerciseAPI
import Foundation

public struct TitleRulesExercise: TitleRules {
    public init() {}

    /// Returns the title to store, or throws `CRUDError.validation(...)`.
    ///
    /// TODO:
    /// 1. Trim leading and trailing whitespace and newlines (every Unicode kind).
    /// 2. Empty after trimming: throw a validation error for `.title` with reason `.empty`.
    /// 3. More than 200 Characters: reason `.tooLong(max: 200)`. Exactly 200 is fine.
    /// 4. Any control character (NUL, tab, line breaks, ESC, DEL) inside: `.invalidCharacters`.
    /// 5. Return the trimmed title.
    public func validatedTitle(_ raw: String) throws -> String {
        throw CRUDError.notImplemented(operation: "Exercise 1: validatedTitle")
    }
}
