// Exercise 6: Validate and normalize contacts. Lesson: Course/Lessons/08-Validation.md
// Check it: swift run crudkit exercises check 6
// Types: Sources/ExerciseAPI/ContactRules.swift, Sources/CRUDModels/Validation.swift, Sources/CRUDModels/CRUDError.swift
import ExerciseAPI
import Foundation

public struct ContactRulesExercise: ContactRules {
    public init() {}

    /// TODO: trim; empty → `.empty`; over 100 Characters → `.tooLong(max: 100)`;
    /// a control character → `.invalidCharacters` (all for `field: .name`).
    public func validatedName(_ raw: String) throws -> String {
        throw CRUDError.notImplemented(operation: "Exercise 6: validatedName")
    }

    /// TODO: trim and lowercase; empty → `.empty`; over 254 Characters → `.tooLong(max: 254)`;
    /// not exactly one "@", an empty part before it, a domain without a dot or with an empty
    /// label, or any whitespace → `.invalidEmail` (all for `field: .email`).
    public func validatedEmail(_ raw: String) throws -> String {
        throw CRUDError.notImplemented(operation: "Exercise 6: validatedEmail")
    }

    /// TODO: nil or blank → nil (no phone). Otherwise trim, allow only digits 0-9 and
    /// " +-().", and require 7 to 15 digits; else `.invalidPhone` for `field: .phone`.
    public func validatedPhone(_ raw: String?) throws -> String? {
        throw CRUDError.notImplemented(operation: "Exercise 6: validatedPhone")
    }
}
