import CRUDSpec

/// Parse Server's error codes, as the mock server uses them.
///
/// | code | HTTP | meaning |
/// |---|---|---|
/// | 101 | 404 | object not found |
/// | 102 | 400 | invalid query (`where`, `order`) |
/// | 105 | 400 | invalid field name (in a body, `where` or `order`) |
/// | 107 | 400 | invalid JSON, or a malformed request |
/// | 111 | 400 | a field has the wrong type |
/// | 117 | 400 | invalid `limit` |
/// | 118 | 400 | invalid `skip` |
/// | 137 | 400 | duplicate value of a unique field |
/// | 142 | 400 | validation failed |
/// | 1   | 500/503 | internal error, or a fault injected on purpose |
enum ParseCode {
    static let internalError = 1
    static let objectNotFound = 101
    static let invalidQuery = 102
    static let invalidField = 105
    static let invalidJSON = 107
    static let incorrectType = 111
    static let invalidLimit = 117
    static let invalidSkip = 118
    static let duplicateValue = 137
    static let validationFailed = 142
}

extension HTTPResponse {
    /// The response for an error the store threw. Validation and duplicate errors carry the
    /// kit's details as extra fields (`field`, `reason`, `max`, `position`), a documented
    /// extension of Parse's `{"code", "error"}` that lets clients rebuild the exact error.
    static func from(_ error: any Error) -> HTTPResponse {
        guard let error = error as? CRUDError else {
            return .error(500, code: ParseCode.internalError, "internal server error")
        }
        switch error {
        case .validation(let failure):
            var extra: [String: Any] = ["field": failure.field.rawValue, "reason": failure.reason.code]
            if case .tooLong(let max) = failure.reason { extra["max"] = max }
            if let position = failure.position { extra["position"] = position }
            return .error(400, code: ParseCode.validationFailed, failure.message, extra: extra)
        case .duplicate(let field):
            return .error(400, code: ParseCode.duplicateValue, error.message, extra: ["field": field.rawValue])
        case .notFound:
            return .error(404, code: ParseCode.objectNotFound, "Object not found.")
        case .invalidQuery(let reason):
            return .error(400, code: ParseCode.invalidQuery, reason)
        default:
            // Store trouble (corrupt, locked, unavailable) is the server's problem; its
            // details stay in the server's log, not in the answer.
            return .error(500, code: ParseCode.internalError, "internal server error")
        }
    }
}
