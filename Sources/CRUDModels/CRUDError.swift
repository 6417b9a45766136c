import Foundation

/// The one error type every backend throws.
///
/// Each case has a stable machine-readable ``code`` for programs and tests, and a plain
/// ``message`` for people that names no file offsets, SQL, stack frames or other internals.
///
/// ```swift
/// do {
///     _ = try await store.createTask(title: "   ", notes: nil)
/// } catch let error as CRUDError {
///     print(error.code)    // validation.empty
///     print(error.message) // Task title cannot be empty.
/// }
/// ```
public enum CRUDError: Error, Sendable, Hashable, Codable {
    /// A value broke a validation rule; nothing was stored or changed.
    case validation(ValidationFailure)
    /// Another record already holds this value of a unique field; nothing was changed.
    case duplicate(field: Field)
    /// No record has this id; nothing was created or changed.
    case notFound(id: UUID)
    /// A list query is malformed, for example a negative limit.
    case invalidQuery(reason: String)
    /// The store's file or database is damaged or belongs to something else.
    /// It was left exactly as it was.
    case corruptStore(path: String)
    /// Another store (in this process or another) kept the storage locked for longer than
    /// this one would wait (see `LockWait`).
    case storeLocked(path: String)
    /// The store's file or folder cannot be read or written (permissions, a full disk),
    /// or the store was already closed. Nothing was changed.
    case storeUnavailable(path: String)
    /// The server refused the credentials.
    case unauthorized
    /// The server could not be reached, or the connection broke.
    case network(reason: String)
    /// The server answered with an error of its own.
    case server(status: Int)
    /// An exercise stub that the student has not written yet.
    case notImplemented(operation: String)

    /// A stable, machine-readable code, for example `validation.tooLong` or `notFound`.
    public var code: String {
        switch self {
        case .validation(let failure): "validation.\(failure.reason.code)"
        case .duplicate: "duplicate"
        case .notFound: "notFound"
        case .invalidQuery: "invalidQuery"
        case .corruptStore: "corruptStore"
        case .storeLocked: "storeLocked"
        case .storeUnavailable: "storeUnavailable"
        case .unauthorized: "unauthorized"
        case .network: "network"
        case .server: "server"
        case .notImplemented: "notImplemented"
        }
    }

    /// A plain sentence for the person using the program.
    public var message: String {
        switch self {
        case .validation(let failure): failure.message
        case .duplicate(let field): "Another \(field.owner) already has this \(field.shortLabel)."
        case .notFound(let id): "No record has the id \(id.uuidString.lowercased())."
        case .invalidQuery(let reason): "The list request is not valid: \(reason)."
        case .corruptStore(let path): "The store at \(path) is damaged or is not a CRUDKit store. It was left unchanged."
        case .storeLocked(let path):
            "The store at \(path) is in use by another program or command, and stayed in use for as long as this one waited. Try again when that one has finished."
        case .storeUnavailable(let path):
            "The store at \(path) cannot be read or written. Check that the folder exists, is writable and has free space."
        case .unauthorized: "The server refused the application id or the client key."
        case .network(let reason): "The server could not be reached: \(reason)."
        case .server(let status): "The server reported an error (HTTP status \(status))."
        case .notImplemented(let operation): "\(operation) is not implemented yet."
        }
    }
}

extension CRUDError: LocalizedError, CustomStringConvertible {
    /// The message, for `localizedDescription`.
    public var errorDescription: String? { message }
    /// The code and the message, such as `notFound: …`.
    public var description: String { "\(code): \(message)" }
}

/// A field that a rule can name in an error. Its label names the record too ("task
/// title"), so a message read out of context still says what was wrong.
public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
    /// A task's title.
    case title
    /// A task's notes.
    case notes
    /// A contact's name.
    case name
    /// A contact's email.
    case email
    /// A contact's phone number.
    case phone

    /// The word used for the field in messages.
    public var label: String {
        switch self {
        case .title: "task title"
        case .notes: "task notes"
        case .name: "contact name"
        case .email: "email address"
        case .phone: "phone number"
        }
    }

    /// The word without its record kind ("title" for a task's title).
    var shortLabel: String {
        switch self {
        case .title: "title"
        case .notes: "notes"
        case .name: "name"
        case .email: "email address"
        case .phone: "phone number"
        }
    }

    /// The kind of record the field belongs to, for messages.
    var owner: String {
        switch self {
        case .title, .notes: "task"
        case .name, .email, .phone: "contact"
        }
    }
}

/// Why a value was rejected.
public enum ValidationReason: Sendable, Hashable, Codable {
    /// Nothing left after trimming.
    case empty
    /// More than `max` Characters after trimming.
    case tooLong(max: Int)
    /// A control character (Unicode category Cc) where none is allowed.
    case invalidCharacters
    /// Not a plausible email address.
    case invalidEmail
    /// Not a plausible phone number.
    case invalidPhone

    /// The stable part of ``CRUDError/code`` after `validation.`.
    public var code: String {
        switch self {
        case .empty: "empty"
        case .tooLong: "tooLong"
        case .invalidCharacters: "invalidCharacters"
        case .invalidEmail: "invalidEmail"
        case .invalidPhone: "invalidPhone"
        }
    }
}

/// A rejected value: which field, why, and for a batch, the position of the bad item.
public struct ValidationFailure: Sendable, Hashable, Codable {
    /// The field that was rejected.
    public var field: Field
    /// Why it was rejected.
    public var reason: ValidationReason
    /// For a batch such as an import, the 1-based position of the rejected item.
    public var position: Int?

    /// Makes a failure; `position` is for batches only.
    public init(field: Field, reason: ValidationReason, position: Int? = nil) {
        self.field = field
        self.reason = reason
        self.position = position
    }

    /// A plain sentence, for example "Task title cannot be longer than 200 characters."
    public var message: String {
        let subject = field.label.prefix(1).uppercased() + field.label.dropFirst()
        let sentence: String
        switch reason {
        case .empty: sentence = "\(subject) cannot be empty."
        case .tooLong(let max): sentence = "\(subject) cannot be longer than \(max) characters."
        case .invalidCharacters:
            sentence =
                field == .notes
                ? "\(subject) cannot contain control characters other than line breaks."
                : "\(subject) cannot contain control characters such as tabs or line breaks."
        case .invalidEmail: sentence = "\(subject) must look like name@example.com."
        case .invalidPhone:
            sentence = "\(subject) must have 7 to 15 digits, and only spaces, +, -, (, ) and . besides."
        }
        guard let position else { return sentence }
        return "Item \(position): \(sentence)"
    }
}
