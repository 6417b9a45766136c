// Exercise 8: List and search contacts. Lesson: Course/Lessons/05-Read.md
// Check it: swift run crudkit exercises check 8
// Types: Sources/ExerciseAPI/ContactSearching.swift, Sources/CRUDModels/ContactQuery.swift, Sources/CRUDModels/TextKey.swift
import ExerciseAPI
import Foundation

public struct ContactSearchingExercise: ContactSearching {
    public init() {}

    /// TODO: keep the contacts whose name contains `query.effectiveSearch` (ignoring case
    /// and accents, literally); order by case-folded name, then email, then position;
    /// then skip `query.offset` and keep at most `query.limit`.
    public func run(_ query: ContactQuery, on list: ContactList) throws -> [Contact] {
        throw CRUDError.notImplemented(operation: "Exercise 8: run(query)")
    }
}
