import CRUDSpec

/// A batch: `POST /parse/batch` with requests that run as if sent one by one, or, with
/// `transaction`, all or none.
public struct ParseBatch: Codable, Sendable, Equatable {
    /// One request of a batch: its method, its path with the mount (`/parse/classes/Task`), its body.
    public struct Item: Codable, Sendable, Equatable {
        public var method: String
        public var path: String
        public var body: [String: JSONValue]?

        public init(method: String, path: String, body: [String: JSONValue]? = nil) {
            self.method = method
            self.path = path
            self.body = body
        }
    }

    /// The answer to one item: what the request alone would have answered, or its error.
    public struct Result: Codable, Sendable, Equatable {
        public var success: JSONValue?
        public var error: ParseErrorReply?

        public init(success: JSONValue) {
            self.success = success
        }

        public init(error: ParseErrorReply) {
            self.error = error
        }
    }

    public var requests: [Item]
    public var transaction: Bool?

    public init(requests: [Item], transaction: Bool? = nil) {
        self.requests = requests
        self.transaction = transaction
    }
}
