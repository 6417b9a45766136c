/// Parse Server's error codes that the kit's server sends and its client reads, and the HTTP
/// status Parse Server gives each: 404 for 101, 500 for 1, 400 for the rest.
///
/// | code | meaning |
/// |---|---|
/// | 1 | internal error, or a fault injected on purpose |
/// | 101 | object not found |
/// | 102 | invalid query |
/// | 105 | invalid field name |
/// | 107 | invalid JSON, or a malformed request |
/// | 111 | a field has the wrong type |
/// | 119 | operation forbidden: an unknown class, or a field the schema does not have |
/// | 137 | duplicate value of a unique field |
/// | 142 | validation failed (with the kit's details) |
public enum ParseCode {
    public static let internalError = 1
    public static let objectNotFound = 101
    public static let invalidQuery = 102
    public static let invalidField = 105
    public static let invalidJSON = 107
    public static let incorrectType = 111
    public static let operationForbidden = 119
    public static let duplicateValue = 137
    public static let validationFailed = 142

    /// The HTTP status Parse Server answers an error of `code` with.
    public static func status(of code: Int) -> Int {
        switch code {
        case objectNotFound: 404
        case internalError: 500
        default: 400
        }
    }
}
