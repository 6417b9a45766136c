// Exercise 7: Save contacts without duplicates. Lesson: Course/Lessons/08-Validation.md
// Check it: swift run crudkit exercises check 7
// Types: Sources/ExerciseAPI/ContactSaving.swift, Sources/ExerciseAPI/ValidatedContactChanges.swift, Sources/ExerciseAPI/ContactList.swift (ContactList), Sources/CRUDModels/Contact.swift
import ExerciseAPI
import Foundation

public struct ContactSavingExercise: ContactSaving {
    public init() {}

    /// TODO: if another contact has `email`, throw `CRUDError.duplicate(field: .email)`;
    /// otherwise append a new contact (fresh id, created and updated `now`) and return it.
    public func create(name: String, email: String, phone: String?, now: Date, in list: inout ContactList) throws -> Contact {
        throw CRUDError.notImplemented(operation: "Exercise 7: create")
    }

    /// TODO: the contact with `id`, or `CRUDError.notFound(id: id)`.
    public func contact(id: UUID, in list: ContactList) throws -> Contact {
        throw CRUDError.notImplemented(operation: "Exercise 7: contact(id:)")
    }

    /// TODO: apply the non-nil changes to the contact with `id` (notFound if none); if
    /// *another* contact has the resulting email, throw duplicate(email) and change nothing;
    /// else set `updatedAt = now`, store it and return it.
    public func update(id: UUID, _ changes: ValidatedContactChanges, now: Date, in list: inout ContactList) throws -> Contact {
        throw CRUDError.notImplemented(operation: "Exercise 7: update")
    }

    /// TODO: remove the contact with `id`, or throw `CRUDError.notFound(id: id)`.
    public func delete(id: UUID, in list: inout ContactList) throws {
        throw CRUDError.notImplemented(operation: "Exercise 7: delete")
    }
}
