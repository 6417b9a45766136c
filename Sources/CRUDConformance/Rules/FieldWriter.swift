import CRUDSpec
import Foundation

/// One way a text field gets into a store: a write operation that sets it. The field
/// rules run every property of a field through every writer of that field, so a store
/// that validates on create but not on rename, or on create but not on update, is seen.
struct FieldWriter: Sendable {
    /// Writes one raw value and returns the stored value twice: as the operation returned
    /// it, and as read back by id afterwards.
    typealias Write = @Sendable (String) async throws -> (returned: String?, readBack: String?)

    let field: Field
    /// The call, as failures name it, such as `renameTask(id:to:)`.
    let operation: String
    /// Does the set-up the writes need (a task to rename, a contact to update) and returns
    /// the write.
    let prepare: @Sendable (CheckContext) async throws -> Write

    /// Whether this is the operation that creates the record, the first way in.
    var isCreate: Bool { operation.hasPrefix("create") }

    /// Every writer of every text field.
    static let all: [FieldWriter] = title + notes + contactFields

    /// The writers of one field.
    static func of(_ field: Field) -> [FieldWriter] { all.filter { $0.field == field } }

    /// The largest number of Characters a field may hold, or nil for the phone, which is
    /// limited by its digits.
    static func limit(of field: Field) -> Int? {
        switch field {
        case .title: Validation.maxTitleLength
        case .notes: Validation.maxNotesLength
        case .name: Validation.maxNameLength
        case .email: Validation.maxEmailLength
        case .phone: nil
        }
    }

    /// A valid value of the field, distinct per call where the field must be unique.
    static func validValue(of field: Field, _ context: CheckContext) -> String {
        switch field {
        case .title: "Valid title"
        case .notes: "Valid notes"
        case .name: "Valid Name"
        case .email: "valid\(context.nextSerial())@example.com"
        case .phone: "555 123 4567"
        }
    }

    /// `inner` made into a valid value of the field, with text around it where the field
    /// needs it (an email needs a domain, a phone its digits).
    static func embed(_ inner: String, in field: Field, _ context: CheckContext) -> String {
        switch field {
        case .title, .notes, .name: "a\(inner)b"
        case .email: "a\(inner)b\(context.nextSerial())@example.com"
        case .phone: "555\(inner)1234"
        }
    }

    private static let title: [FieldWriter] = [
        FieldWriter(field: .title, operation: "createTask(title:notes:)") { context in
            { raw in
                let task = try await context.store.createTask(title: raw, notes: nil)
                return (task.title, try await context.store.task(id: task.id).title)
            }
        },
        FieldWriter(field: .title, operation: "renameTask(id:to:)") { context in
            let task = try await context.createTask("Before the rename")
            return { raw in
                let renamed = try await context.store.renameTask(id: task.id, to: raw)
                return (renamed.title, try await context.store.task(id: task.id).title)
            }
        },
        FieldWriter(field: .title, operation: "importTasks(titles:)") { context in
            { raw in
                let imported = try await context.store.importTasks(titles: [raw])
                guard let task = imported.first, imported.count == 1 else {
                    throw CheckFailure(step: "importTasks(titles: [one title])", expected: "one task", actual: "\(imported.count) tasks")
                }
                return (task.title, try await context.store.task(id: task.id).title)
            }
        },
    ]

    private static let notes: [FieldWriter] = [
        FieldWriter(field: .notes, operation: "createTask(title:notes:)") { context in
            { raw in
                let task = try await context.store.createTask(title: "With notes", notes: raw)
                return (task.notes, try await context.store.task(id: task.id).notes)
            }
        },
        FieldWriter(field: .notes, operation: "editTaskNotes(id:notes:)") { context in
            let task = try await context.createTask("Before the edit", notes: "old notes")
            return { raw in
                let edited = try await context.store.editTaskNotes(id: task.id, notes: raw)
                return (edited.notes, try await context.store.task(id: task.id).notes)
            }
        },
    ]

    private static let contactFields: [FieldWriter] = [Field.name, .email, .phone].flatMap { field in
        [
            FieldWriter(field: field, operation: "createContact(name:email:phone:)") { context in
                { raw in
                    let email = field == .email ? raw : "writer\(context.nextSerial())@example.com"
                    let contact = try await context.store.createContact(
                        name: field == .name ? raw : "Writer", email: email, phone: field == .phone ? raw : nil)
                    return (contact[field], try await context.store.contact(id: contact.id)[field])
                }
            },
            FieldWriter(field: field, operation: "updateContact(id:_:)") { context in
                // With a phone, so an update that keeps it instead of clearing a blank one is seen.
                let contact = try await context.createContact(
                    "Before the update", "before\(context.nextSerial())@example.com", phone: "555 000 0000")
                return { raw in
                    let changes = ContactChanges(
                        name: field == .name ? raw : nil, email: field == .email ? raw : nil, phone: field == .phone ? raw : nil)
                    let updated = try await context.store.updateContact(id: contact.id, changes)
                    return (updated[field], try await context.store.contact(id: contact.id)[field])
                }
            },
        ]
    }
}

extension Contact {
    /// The text of one of the contact's fields.
    fileprivate subscript(field: Field) -> String? {
        switch field {
        case .name: name
        case .email: email
        case .phone: phone
        case .title, .notes: nil
        }
    }
}
