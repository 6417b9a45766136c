import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

/// Malformed HTTP, bounded in count and time, on loopback: the server answers each with a
/// 4xx or a closed connection, never crashes, and keeps serving well-formed requests.
@Suite("The server under abuse")
struct AbuseTests {
    /// Byte strings that are not good HTTP requests: a fixed list, then random bytes from `seed`.
    static func garbage(count: Int, seed: TestSeed) -> [[UInt8]] {
        var random = seed.generator()
        let fixed: [String] = [
            "GET /parse/classes/Task HTTP/1.1\r\nContent-Length: 5\r\n\r\nab",  // body shorter than its length, then EOF
            "POST /parse/classes/Task HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
            "POST /parse/classes/Task HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n",
            "POST /parse/classes/Task HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
            "GET /parse/classes/Task HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 3_000) + "\r\n",
            "GET /parse/classes/Task HTTP/1.1\r\nHost: x", "\r\n\r\n", "GET\r\n\r\n", "GET / HTTP/9.9\r\n\r\n", "get / http/1.1\r\n\r\n",
            "GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\n\r\n", "GET /parse/classes/Task/%ZZ HTTP/1.1\r\n\r\n",
        ]
        var inputs = fixed.map { Array($0.utf8) }
        while inputs.count < count {
            let length = Int.random(in: 1...2_048, using: &random)
            inputs.append((0..<length).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        return inputs
    }

    @Test("Garbage, truncated and oversized requests get a 4xx or a closed connection, and the server keeps serving")
    func garbageIn() async throws {
        let seed = try TestSeed(fixed: 2_026)
        try await TestServer.run(.init(port: 0, idleTimeout: .seconds(1))) { served in
            for (index, bytes) in Self.garbage(count: 60, seed: seed).enumerated() {
                let client = try served.raw()
                client.send(bytes)
                client.shutdownWriting()
                // A 4xx and then a close, or a close at once: silence is neither.
                switch await client.reply() {
                case .response(let answer):
                    #expect((400..<500).contains(answer.status), "input \(index) of \(seed): status \(answer.status)")
                    let after = await client.next()
                    #expect(
                        after == .endOfStream, "input \(index) of \(seed): after \(answer.status) the connection must close; got \(after)")
                case .endOfStream:
                    break
                case .timedOut:
                    Issue.record("input \(index) of \(seed): neither a 4xx nor a closed connection, only silence")
                }
                // Either way, a well-formed request on a new connection still works.
                if index % 10 == 0 {
                    let good = try served.raw()
                    good.request("GET", "/parse/classes/Task?count=1&limit=0")
                    #expect(await good.response()?.status == 200, "the server stopped answering after input \(index)")
                }
            }
            let final = try served.raw()
            final.request("POST", "/parse/classes/Task", body: #"{"title": "still here"}"#)
            #expect(await final.response()?.status == 201)
        }
    }

    @Test("Slow clients that trickle a request are cut off while others are served")
    func slowClients() async throws {
        try await TestServer.run(.init(port: 0, idleTimeout: .milliseconds(500))) { served in
            let slow = try (0..<5).map { _ in try served.raw() }
            for client in slow { client.send("GET /parse/classes/Task HTTP/1.1\r\nHo") }
            let good = try served.raw()
            good.request("GET", "/parse/classes/Task")
            #expect(await good.response()?.status == 200)
            for (index, client) in slow.enumerated() {
                let reply = await client.reply()
                guard case .response(let answer) = reply else {
                    Issue.record("slow client \(index): expected a 408, got \(reply)")
                    continue
                }
                #expect(answer.status == 408, "slow client \(index): status \(answer.status)")
                let after = await client.next()
                #expect(after == .endOfStream, "slow client \(index): after 408 the connection must close; got \(after)")
            }
        }
    }
}
