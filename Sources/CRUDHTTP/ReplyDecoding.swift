import CRUDSpec
import Foundation
import ParseWire

/// The kit's own decoding of a Parse server's answers: the shared wire model (`ParseWire`).
public struct StandardReplyDecoding: ReplyDecoding {
    /// The decoding `HTTPStore` uses unless it is given another.
    public init() {}

    public func error(status: Int, body: [String: Any], requestedID: UUID?) throws -> CRUDError {
        let reply =
            JSONValue(foundation: body).flatMap { value in
                (try? JSONEncoder().encode(value)).flatMap { try? JSONDecoder().decode(ParseErrorReply.self, from: $0) }
            } ?? ParseErrorReply(code: nil, "")
        return reply.crudError(status: status, requestedID: requestedID)
    }

    public func task(from object: [String: Any]) throws -> TaskItem {
        guard case .object(let members)? = JSONValue(foundation: object) else { throw ParseObjects.unreadable }
        return try ParseObjects.task(from: members)
    }
}
