import Foundation

/// How the client reads the API's answers: error answers into ``CRUDError``s, and Parse
/// objects into tasks. The kit's own is `StandardReplyDecoding` in CRUDHTTP; an exercise swaps in its own.
public protocol ReplyDecoding: Sendable {
    /// The error for an answer with a non-2xx `status` and its JSON `body` (`{"code",
    /// "error", …}`); `requestedID` is the id the request was about, if any.
    func error(status: Int, body: [String: Any], requestedID: UUID?) throws -> CRUDError
    /// A task from a Parse object: `objectId`, `title`, `notes`, `isCompleted`, and
    /// `createdAt` and `updatedAt` in ISO 8601 with milliseconds.
    func task(from object: [String: Any]) throws -> TaskItem
}
