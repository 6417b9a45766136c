import CRUDSpec
import Foundation

/// An error answer: Parse's `{"code", "error"}`, plus the kit's details of a validation or
/// duplicate error (`field`, `reason`, `max`, `position`), a documented extension that lets a
/// client rebuild the exact ``CRUDError``. The server writes it from a `CRUDError`; the client
/// reads it back into one.
public struct ParseErrorReply: Codable, Sendable, Equatable {
    public var code: Int?
    public var error: String?
    /// Parse Server's key for the message of an internal error.
    public var message: String?
    public var field: String?
    public var reason: String?
    public var max: Int?
    public var position: Int?
    /// The HTTP status, where it is not the one Parse gives the code (a failed transaction
    /// answers 400 whatever the failing request's code). Not part of the body.
    public var statusOverride: Int?

    private enum CodingKeys: String, CodingKey {
        case code, error, message, field, reason, max, position
    }

    public init(code: Int?, _ message: String) {
        self.code = code
        self.error = message
    }

    /// The answer to a store error, with its HTTP status. Trouble in the store (corrupt,
    /// locked, unavailable) is the server's: its details stay in the server's log.
    public init(_ failure: CRUDError) {
        switch failure {
        case .validation(let details):
            self.init(code: ParseCode.validationFailed, details.message)
            field = details.field.rawValue
            reason = details.reason.code
            if case .tooLong(let limit) = details.reason { max = limit }
            position = details.position
        case .duplicate(let duplicated):
            self.init(code: ParseCode.duplicateValue, failure.message)
            field = duplicated.rawValue
        case .notFound: self.init(code: ParseCode.objectNotFound, "Object not found.")
        case .invalidQuery(let why): self.init(code: ParseCode.invalidQuery, why)
        default: self.init(code: ParseCode.internalError, "Internal server error.")
        }
    }

    /// The answer's body as JSON, through its `Codable` form (the one list of its keys).
    public var json: JSONValue {
        (try? JSONEncoder().encode(self)).flatMap { try? JSONValue.read($0) }
            ?? .object(["code": .integer(ParseCode.internalError), "error": .string("Internal server error.")])
    }

    /// The HTTP status Parse Server gives this error.
    public var status: Int { statusOverride ?? code.map(ParseCode.status(of:)) ?? 400 }

    /// The kit's error for this answer to a request that got `status`; `requestedID` is the
    /// id the request named, for `notFound`.
    public func crudError(status: Int, requestedID: UUID?) -> CRUDError {
        switch (status, code) {
        case (401, _), (403, _): return .unauthorized
        case (404, ParseCode.objectNotFound?): return requestedID.map { .notFound(id: $0) } ?? .server(status: status)
        case (400, ParseCode.duplicateValue?): return .duplicate(field: field.flatMap(Field.init(rawValue:)) ?? .email)
        case (400, ParseCode.invalidQuery?): return .invalidQuery(reason: error ?? "the server refused the query")
        case (400, ParseCode.validationFailed?):
            guard let field = field.flatMap(Field.init(rawValue:)), let reason = validationReason else { return .server(status: status) }
            return .validation(ValidationFailure(field: field, reason: reason, position: position))
        default: return .server(status: status)
        }
    }

    private var validationReason: ValidationReason? {
        switch reason {
        case "empty": .empty
        case "tooLong": max.map { .tooLong(max: $0) }
        case "invalidCharacters": .invalidCharacters
        case "invalidEmail": .invalidEmail
        case "invalidPhone": .invalidPhone
        default: nil
        }
    }
}
