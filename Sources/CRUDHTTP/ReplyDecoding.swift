import CRUDSpec
import Foundation

/// How the client reads the API's answers: error answers into ``CRUDError``s, and Parse
/// objects into tasks. ``StandardReplyDecoding`` is the kit's; an exercise swaps in its own.
public protocol ReplyDecoding: Sendable {
    /// The error for an answer with a non-2xx `status` and its JSON `body` (`{"code",
    /// "error", …}`); `requestedID` is the id the request was about, if any.
    func error(status: Int, body: [String: Any], requestedID: UUID?) throws -> CRUDError
    /// A task from a Parse object: `objectId`, `title`, `notes`, `isCompleted`, and
    /// `createdAt` and `updatedAt` in ISO 8601 with milliseconds.
    func task(from object: [String: Any]) throws -> TaskItem
}

/// The kit's own decoding of the mock server's answers.
public struct StandardReplyDecoding: ReplyDecoding {
    public init() {}

    public func error(status: Int, body: [String: Any], requestedID: UUID?) throws -> CRUDError {
        Wire.error(status: status, body: body, missing: requestedID)
    }

    public func task(from object: [String: Any]) throws -> TaskItem {
        try Wire.task(object)
    }
}
