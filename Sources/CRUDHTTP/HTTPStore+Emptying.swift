import CRUDSpec
import Foundation
import ParseWire

extension HTTPStore {
    /// The most deletes one batch carries: ParseSwift's batch size, which Parse Server
    /// deployments are set up to take.
    static let deletesPerBatch = 50

    /// Deletes every task and every contact on the server, in batches, and returns how
    /// many it deleted. For a server that holds nothing else, such as one the conformance
    /// suite was given to check; every record of both classes is gone, whoever made it.
    ///
    /// Throws when the server keeps answering with records it was asked to delete.
    @discardableResult
    public func deleteEveryRecord() async throws -> Int {
        var deleted = 0
        for className in ParseClass.allCases.map(\.rawValue) {
            var previous: Set<String> = []
            while true {
                var find = ParseFind(limit: Self.pageSize)
                find.keys = ["objectId"]
                let ids = try results(try await send("GET", "classes/\(className)", query: find.queryItems)).compactMap {
                    ($0 as? [String: Any])?["objectId"] as? String
                }
                guard !ids.isEmpty else { break }
                guard Set(ids) != previous else {
                    throw EmptyingFailure(description: "the server still lists \(ids.count) \(className) objects after deleting them")
                }
                previous = Set(ids)
                for start in stride(from: 0, to: ids.count, by: Self.deletesPerBatch) {
                    let chunk = ids[start..<min(start + Self.deletesPerBatch, ids.count)]
                    deleted += try await deleteBatch(className, Array(chunk))
                }
            }
        }
        return deleted
    }

    /// Why the server could not be emptied.
    public struct EmptyingFailure: Error, CustomStringConvertible {
        /// What the server kept answering, in words.
        public let description: String
    }

    /// Deletes these objects in one batch, each on its own; one already gone (101) counts
    /// as done, any other error is thrown.
    private func deleteBatch(_ className: String, _ ids: [String]) async throws -> Int {
        let batch = ParseBatch(requests: ids.map { ParseBatch.Item(method: "DELETE", path: "\(mountPath)/classes/\(className)/\($0)") })
        let items = try await send(batch)
        var deleted = 0
        for item in items {
            if item["success"] != nil {
                deleted += 1
            } else if let error = item["error"] as? [String: Any], error["code"] as? Int != ParseCode.objectNotFound {
                let code = error["code"].map { "\($0)" } ?? "none"
                throw EmptyingFailure(
                    description: "deleting a \(className) failed: \(error["error"] as? String ?? "no message") (code \(code))")
            }
        }
        return deleted
    }
}
