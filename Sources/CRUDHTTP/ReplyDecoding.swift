import CRUDSpec
import Foundation

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
