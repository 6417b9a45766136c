import CRUDMemory
import CRUDServer
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

extension TestServer {
    /// A raw-socket client on this server, for what URLSession will not send.
    func raw() throws -> RawHTTPClient { try RawHTTPClient(port: port) }
}

@Suite("Mock server")
struct MockServerTests {
    @Test("Create answers 201 with a Location and {objectId, createdAt}; get, put and delete follow Parse")
    func crudRoundTrip() async throws {
        try await TestServer.run { served in
            let client = try served.raw()
            client.request("POST", "/parse/classes/Task", body: #"{"title": "  Buy milk ", "notes": "2 litres"}"#)
            let created = try #require(await client.response())
            #expect(created.status == 201)
            let id = try #require(created.json?["objectId"] as? String)
            #expect(created.headers["location"] == "http://127.0.0.1:\(served.port)/parse/classes/Task/\(id)")
            #expect(created.json?["title"] as? String == "Buy milk", "the stored title differs from the one sent, so the answer says it")
            #expect((created.json?["createdAt"] as? String).flatMap(Timestamp.parseISO8601) != nil)
            client.request("GET", "/parse/classes/Task/\(id)")
            let fetched = try #require(await client.response())
            #expect(fetched.json?["title"] as? String == "Buy milk" && fetched.json?["notes"] as? String == "2 litres")
            client.request("PUT", "/parse/classes/Task/\(id)", body: #"{"isCompleted": {"__op": "Toggle"}}"#)
            let toggled = try #require(await client.response())
            #expect(toggled.status == 200 && toggled.json?["updatedAt"] != nil && toggled.json?["isCompleted"] as? Bool == true)
            client.request("DELETE", "/parse/classes/Task/\(id)")
            let deleted = try #require(await client.response())
            #expect(deleted.status == 200 && deleted.body == Array("{}".utf8))
            client.request("GET", "/parse/classes/Task/\(id)")
            let gone = try #require(await client.response())
            #expect(gone.status == 404 && gone.json?["code"] as? Int == 101)
        }
    }

    @Test("With a REST key configured, a missing or wrong key gets 403 unauthorized and no data", arguments: [nil, "wrong"] as [String?])
    func authorization(restKey: String?) async throws {
        let store = MemoryStore()
        _ = try await store.createTask(title: "Secret", notes: nil)
        try await TestServer.run(
            over: store, .init(port: 0, restKey: TestServer.restKey, idleTimeout: TestServer.configuration.idleTimeout)
        ) { served in
            let client = try served.raw()
            var headers = ["X-Parse-Application-Id": "crudkit"]
            if let restKey { headers["X-Parse-REST-API-Key"] = restKey }
            client.request("GET", "/parse/classes/Task", headers: headers, authorized: false)
            let answer = try #require(await client.response())
            #expect(answer.status == 403)
            #expect(answer.json?.keys.sorted() == ["error"] && answer.json?["error"] as? String == "unauthorized")
            #expect(!String(decoding: answer.body, as: UTF8.self).contains("Secret"))
        }
    }

    @Test(
        "Client mistakes get Parse's error codes",
        arguments: [
            ("POST", "/parse/classes/Task", "not json", 400, 107), ("POST", "/parse/classes/Task", #"{"title": ""}"#, 400, 142),
            ("POST", "/parse/classes/Task", #"{"title": "a", "colour": "red"}"#, 400, 119),
            ("POST", "/parse/classes/Task", #"{"title": 7}"#, 400, 111), ("POST", "/parse/classes/Task", #"{"objectId": "x"}"#, 400, 105),
            ("GET", "/parse/classes/Task?where=%7Bnope", nil, 400, 102),
            ("GET", "/parse/classes/Task?where=%7B%22title%22%3A%7B%22%24regex%22%3A%22a(b%22%7D%7D", nil, 400, 102),
            ("GET", "/parse/classes/Task?where=%7B%22title%22%3A%7B%22%24near%22%3A1%7D%7D", nil, 400, 107),
            ("GET", "/parse/classes/Task?limit=-1", nil, 400, 102), ("GET", "/parse/classes/Task?skip=x", nil, 400, 102),
            ("GET", "/parse/classes/Task?colour=red", nil, 400, 102), ("GET", "/parse/classes/Task/not-an-id", nil, 404, 101),
            ("GET", "/parse/classes/Song", nil, 400, 119),
        ] as [(String, String, String?, Int, Int)])
    func clientMistakes(method: String, path: String, body: String?, status: Int, code: Int) async throws {
        try await TestServer.run { served in
            let client = try served.raw()
            client.request(method, path, body: body)
            let answer = try #require(await client.response())
            #expect(answer.status == status)
            #expect(answer.json?["code"] as? Int == code, "\(String(decoding: answer.body, as: UTF8.self))")
            #expect(answer.json?["error"] is String)
        }
    }

    @Test("A duplicate email is 137 and a validation error carries field, reason, max and position")
    func errorDetails() async throws {
        try await TestServer.run { served in
            let client = try served.raw()
            client.request("POST", "/parse/classes/Contact", body: #"{"name": "Ada", "email": "ada@example.com"}"#)
            #expect(await client.response()?.status == 201)
            client.request("POST", "/parse/classes/Contact", body: #"{"name": "Ada 2", "email": "ADA@example.com"}"#)
            let duplicate = try #require(await client.response())
            #expect(duplicate.json?["code"] as? Int == 137 && duplicate.json?["field"] as? String == "email")
            let long = String(repeating: "x", count: 201)
            client.request(
                "POST", "/parse/batch",
                body:
                    #"{"transaction": true, "requests": [{"method": "POST", "path": "/parse/classes/Task", "body": {"title": "ok"}}, {"method": "POST", "path": "/parse/classes/Task", "body": {"title": "\#(long)"}}]}"#
            )
            let batch = try #require(await client.response())
            #expect(batch.status == 400 && batch.json?["code"] as? Int == 142)
            #expect(
                batch.json?["reason"] as? String == "tooLong" && batch.json?["max"] as? Int == 200 && batch.json?["position"] as? Int == 2)
            client.request("GET", "/parse/classes/Task?count=1&limit=0")
            #expect(await client.response()?.json?["count"] as? Int == 0)
        }
    }

    @Test("Unknown routes and methods are 404, as Parse Server answers them")
    func routes() async throws {
        try await TestServer.run { served in
            let client = try served.raw()
            for (method, path, status) in [
                ("GET", "/", 404), ("GET", "/parse/functions/hello", 404), ("PATCH", "/parse/classes/Task", 404),
                ("DELETE", "/parse/classes/Task", 404),
            ] {
                client.request(method, path)
                #expect(await client.response()?.status == status, "\(method) \(path)")
            }
        }
    }

    @Test("Oversized bodies get 413, oversized headers 431, malformed requests 400, and each closes the connection")
    func limits() async throws {
        try await TestServer.run { served in
            let cases: [(String, Int)] = [
                ("POST /parse/classes/Task HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n", 413),
                ("GET /parse/classes/Task HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 17_000))\r\n\r\n", 431),
                ("NONSENSE\r\n\r\n", 400), ("GET /x HTTP/1.1\r\nno colon here\r\n\r\n", 400),
                ("POST /parse/classes/Task HTTP/1.1\r\nContent-Length: ten\r\n\r\n", 400),
                ("POST /parse/classes/Task HTTP/1.1\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}", 400),
                ("POST /parse/classes/Task HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
                // A signed size would index before the buffer: refused, and the server lives on.
                ("POST /parse/health HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\nxx\r\n", 400),
                ("POST /parse/health HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n+2\r\nxx\r\n0\r\n\r\n", 400),
                (
                    "POST /parse/health HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
                        + String(repeating: "X-Trailer: \(String(repeating: "a", count: 1_000))\r\n", count: 20), 431
                ),
            ]
            for (raw, status) in cases {
                let client = try served.raw()
                client.send(raw)
                #expect(await client.response()?.status == status, "\(raw.prefix(40))")
                let after = await client.next()
                #expect(after == .endOfStream, "after \(status) the connection must close; got \(after)")
            }
            // The server keeps serving well-formed requests afterwards.
            let client = try served.raw()
            client.request("GET", "/parse/classes/Task")
            #expect(await client.response()?.status == 200)
        }
    }

    @Test("A client that starts a request and stalls gets 408 after the timeout")
    func slowClient() async throws {
        try await TestServer.run(.init(port: 0, idleTimeout: .milliseconds(300))) { served in
            let client = try served.raw()
            client.send("GET /parse/classes/Task HTTP/1.1\r\nHost: x\r\n")
            #expect(await client.response()?.status == 408)
            let after = await client.next()
            #expect(after == .endOfStream, "after 408 the connection must close; got \(after)")
        }
    }

    @Test("Keep-alive serves several requests on one connection")
    func keepAlive() async throws {
        try await TestServer.run { served in
            let client = try served.raw()
            for index in 0..<5 {
                client.request("POST", "/parse/classes/Task", body: #"{"title": "t\#(index)"}"#)
                #expect(await client.response()?.headers["connection"] == "keep-alive")
            }
            client.request("GET", "/parse/classes/Task?count=1&limit=0")
            #expect(await client.response()?.json?["count"] as? Int == 5)
            let after = await client.next(within: RawHTTPClient.quiet)
            #expect(after == .timedOut, "a kept-alive connection must stay open and quiet; got \(after)")
        }
    }

    @Test("A write retried with the same request id runs once and gets the same answer")
    func idempotency() async throws {
        try await TestServer.run { served in
            let client = try served.raw()
            var ids: [String] = []
            for _ in 0..<3 {
                client.request("POST", "/parse/classes/Task", body: #"{"title": "once"}"#, headers: ["X-Parse-Request-Id": "retry-1"])
                ids.append(await client.response()?.json?["objectId"] as? String ?? "")
            }
            #expect(Set(ids).count == 1 && !ids[0].isEmpty)
            client.request("GET", "/parse/classes/Task?count=1&limit=0")
            #expect(await client.response()?.json?["count"] as? Int == 1)
        }
    }

    @Test("stop() returns while clients still hold idle connections")
    func cleanStop() async throws {
        try await TestServer.run { served in
            let idle = try served.raw()
            idle.request("GET", "/parse/classes/Task")
            #expect(await idle.response()?.status == 200)
            await served.server.shutdown()
            let after = await idle.next()
            #expect(after == .endOfStream, "stopping must close idle connections; got \(after)")
        }
    }
}
