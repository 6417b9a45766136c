import CRUDMemory
import CRUDServer
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Issue 12: the mock server speaks Parse Server's dialect. Every case below is written from
// Parse Server's REST guide and says what a real Parse Server answers ("Parse: …"); where the
// kit differs on purpose (an "extension" in /work/notes/parse-dialect-decisions.md) it says what
// the kit answers instead ("kit: …"). The tests talk HTTP only.

/// Serialized: each case starts a server of its own, and hundreds of them at once (with their
/// threads and sockets) would starve every other test of the run.
@Suite("ParseDialectTests: a Parse client written from Parse Server's REST guide", .serialized)
struct ParseDialectTests {}

// MARK: - Shared data and checks

/// Six tasks, created in this order, that every query case runs against.
///
/// | # | title | notes | isCompleted |
/// |---|---|---|---|
/// | 0 | Bake bread | rye flour | true |
/// | 1 | buy milk | – | false |
/// | 2 | Crème brûlée | dessert | false |
/// | 3 | apple pie | Dessert, warm | true |
/// | 4 | Call Ada | – | false |
/// | 5 | BAKE sale (2x) | school | false |
struct SixTasks: Sendable {
    static let fields: [JSON] = [
        ["title": "Bake bread", "notes": "rye flour", "isCompleted": true],
        ["title": "buy milk", "isCompleted": false],
        ["title": "Crème brûlée", "notes": "dessert", "isCompleted": false],
        ["title": "apple pie", "notes": "Dessert, warm", "isCompleted": true],
        ["title": "Call Ada", "isCompleted": false],
        ["title": "BAKE sale (2x)", "notes": "school", "isCompleted": false],
    ]
    static let all = Array(0..<6)

    let ids: [String]
    let createdAt: [String]

    @discardableResult
    static func seed(_ client: ParseClient) async throws -> SixTasks {
        var ids: [String] = []
        var dates: [String] = []
        for fields in fields {
            let created = try await client.create("Task", fields)
            ids.append(created.id)
            dates.append(created.createdAt)
        }
        return SixTasks(ids: ids, createdAt: dates)
    }

    /// The positions of `results` in the creation order (-1 for an object not seeded).
    func indices(_ results: [JSON]) -> [Int] {
        results.map { result in result["objectId"]?.string.flatMap { ids.firstIndex(of: $0) } ?? -1 }
    }

    /// A `where` template with the seeded values filled in: `<id:N>` is task N's objectId as a
    /// JSON string, `<iso:N>` its createdAt as a JSON string, `<date:N>` its createdAt as a
    /// Parse Date `{"__type":"Date","iso":…}`.
    func expand(_ template: String) -> String {
        var text = template
        for index in ids.indices {
            text = text.replacingOccurrences(of: "<id:\(index)>", with: "\"\(ids[index])\"")
            text = text.replacingOccurrences(of: "<iso:\(index)>", with: "\"\(createdAt[index])\"")
            text = text.replacingOccurrences(of: "<date:\(index)>", with: #"{"__type":"Date","iso":"\#(createdAt[index])"}"#)
        }
        return text
    }
}

/// Checks a Parse error answer: the status, `code` and (when given) the exact `error` text.
func expectParseError(
    _ answer: ParseResponse, status: Int, code: Int, message: String? = nil, _ context: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(answer.status == status, "\(context) \(answer)", sourceLocation: sourceLocation)
    #expect(answer.json?["code"]?.int == code, "\(context) \(answer)", sourceLocation: sourceLocation)
    if let message {
        #expect(answer.json?["error"]?.string == message, "\(context) \(answer)", sourceLocation: sourceLocation)
    } else {
        #expect(answer.json?["error"]?.string != nil, "\(context) \(answer)", sourceLocation: sourceLocation)
    }
}

/// Parses a JSON template of a test case (a broken template is a bug of the test).
func json(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
    try #require(JSON.parse(text), "not JSON: \(text)", sourceLocation: sourceLocation)
}

let unauthorizedBody = #"{"error":"unauthorized"}"#
let corsAllowMethods = "GET,PUT,POST,DELETE,OPTIONS"
let corsAllowHeaders =
    "X-Parse-Master-Key, X-Parse-REST-API-Key, X-Parse-Javascript-Key, X-Parse-Application-Id, X-Parse-Client-Version, "
    + "X-Parse-Session-Token, X-Requested-With, X-Parse-Revocable-Session, X-Parse-Request-Id, Content-Type, Pragma, Cache-Control, "
    + "X-Parse-Client-Key, X-Parse-Installation-Id"

// MARK: - Keys

extension ParseDialectTests {
    struct KeyCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        var applicationID = "crudkit"
        var restKey: String?
        var clientKey: String?
        var javascriptKey: String?
        /// The key headers sent (beside Content-Type).
        let sent: [String: String]
        let passes: Bool
    }

    static let keyCases: [KeyCase] = [
        KeyCase(
            testDescription: "no keys configured, only the app id: Parse passes", sent: ["X-Parse-Application-Id": "crudkit"], passes: true),
        KeyCase(
            testDescription: "no keys configured, app id and any REST key: Parse passes (keys are not checked)",
            sent: ["X-Parse-Application-Id": "crudkit", "X-Parse-REST-API-Key": "anything"], passes: true),
        KeyCase(testDescription: "no app id: Parse 403 unauthorized", sent: [:], passes: false),
        KeyCase(testDescription: "wrong app id: Parse 403 unauthorized", sent: ["X-Parse-Application-Id": "other"], passes: false),
        KeyCase(
            testDescription: "app id in another case: Parse 403 unauthorized (ids compare exactly)",
            sent: ["X-Parse-Application-Id": "CRUDKIT"], passes: false),
        KeyCase(
            testDescription: "configured application id myapp, sent myapp: Parse passes", applicationID: "myapp",
            sent: ["X-Parse-Application-Id": "myapp"], passes: true),
        KeyCase(
            testDescription: "configured application id myapp, sent crudkit: Parse 403", applicationID: "myapp",
            sent: ["X-Parse-Application-Id": "crudkit"], passes: false),
        KeyCase(
            testDescription: "client key configured, sent in X-Parse-Client-Key: Parse passes", clientKey: "ck",
            sent: ["X-Parse-Application-Id": "crudkit", "X-Parse-Client-Key": "ck"], passes: true),
        KeyCase(
            testDescription: "client key configured, same value in X-Parse-REST-API-Key: Parse 403 (each key in its own header)",
            clientKey: "ck", sent: ["X-Parse-Application-Id": "crudkit", "X-Parse-REST-API-Key": "ck"], passes: false),
        KeyCase(
            testDescription: "client key configured, same value in X-Parse-Javascript-Key: Parse 403", clientKey: "ck",
            sent: ["X-Parse-Application-Id": "crudkit", "X-Parse-Javascript-Key": "ck"], passes: false),
        KeyCase(
            testDescription: "client key configured, none sent: Parse 403", clientKey: "ck", sent: ["X-Parse-Application-Id": "crudkit"],
            passes: false),
        KeyCase(
            testDescription: "client key configured, wrong client key: Parse 403", clientKey: "ck",
            sent: ["X-Parse-Application-Id": "crudkit", "X-Parse-Client-Key": "nope"], passes: false),
        KeyCase(
            testDescription: "client key configured and sent, but no app id: Parse 403", clientKey: "ck",
            sent: ["X-Parse-Client-Key": "ck"],
            passes: false),
        KeyCase(
            testDescription: "REST and client keys configured, the REST key sent: Parse passes", restKey: "rk", clientKey: "ck",
            sent: ["X-Parse-Application-Id": "crudkit", "X-Parse-REST-API-Key": "rk"], passes: true),
        KeyCase(
            testDescription: "REST and client keys configured, the client key sent: Parse passes", restKey: "rk", clientKey: "ck",
            sent: ["X-Parse-Application-Id": "crudkit", "X-Parse-Client-Key": "ck"], passes: true),
        KeyCase(
            testDescription: "REST and client keys configured, a wrong REST key and the right client key: Parse passes (any one)",
            restKey: "rk", clientKey: "ck",
            sent: ["X-Parse-Application-Id": "crudkit", "X-Parse-REST-API-Key": "bad", "X-Parse-Client-Key": "ck"],
            passes: true),
        KeyCase(
            testDescription: "REST and client keys configured, each in the other's header: Parse 403", restKey: "rk", clientKey: "ck",
            sent: ["X-Parse-Application-Id": "crudkit", "X-Parse-REST-API-Key": "ck", "X-Parse-Client-Key": "rk"], passes: false),
        KeyCase(
            testDescription: "REST and client keys configured, none sent: Parse 403", restKey: "rk", clientKey: "ck",
            sent: ["X-Parse-Application-Id": "crudkit"], passes: false),
        KeyCase(
            testDescription: "JavaScript key configured, sent in X-Parse-Javascript-Key: Parse passes", javascriptKey: "jk",
            sent: ["X-Parse-Application-Id": "crudkit", "X-Parse-Javascript-Key": "jk"], passes: true),
        KeyCase(
            testDescription: "JavaScript and REST keys configured, the JavaScript key sent: Parse passes", restKey: "rk",
            javascriptKey: "jk",
            sent: ["X-Parse-Application-Id": "crudkit", "X-Parse-Javascript-Key": "jk"], passes: true),
        KeyCase(
            testDescription: "JavaScript key configured, sent in X-Parse-Client-Key: Parse 403", javascriptKey: "jk",
            sent: ["X-Parse-Application-Id": "crudkit", "X-Parse-Client-Key": "jk"], passes: false),
    ]

    @Suite("Keys: app id required; REST, client and JavaScript keys checked only when configured, any one, each in its own header")
    struct Keys {
        @Test(
            "A find and a create pass, or get Parse's 403 with exactly {\"error\":\"unauthorized\"} and change nothing", arguments: keyCases
        )
        func keys(_ keyCase: KeyCase) async throws {
            try await withParseServer(
                applicationID: keyCase.applicationID, restKey: keyCase.restKey, clientKey: keyCase.clientKey,
                javascriptKey: keyCase.javascriptKey
            ) { harness in
                var headers = keyCase.sent
                headers["Content-Type"] = "application/json"
                let client = harness.withHeaders(headers)
                let find = try await client.find("Task")
                let create = try await client.send("POST", "/parse/classes/Task", json: ["title": "Guarded"])
                if keyCase.passes {
                    #expect(find.status == 200 && find.json?["results"]?.array != nil, "\(find)")
                    #expect(create.status == 201, "\(create)")
                } else {
                    // Parse: 403 and the body exactly {"error":"unauthorized"}, no code.
                    for answer in [find, create] {
                        #expect(answer.status == 403, "\(answer)")
                        #expect(answer.text == unauthorizedBody, "\(answer)")
                    }
                    #expect(try await harness.client.results("Task").isEmpty, "a refused create must not store anything")
                }
            }
        }

        @Test(
            "Health and OPTIONS need no app id and no keys (Parse mounts them before its key check)",
            arguments: [("GET", "/parse/health"), ("POST", "/parse/health"), ("OPTIONS", "/parse/classes/Task")])
        func openRoutes(method: String, path: String) async throws {
            try await withParseServer(restKey: "rk", clientKey: "ck", javascriptKey: "jk") { harness in
                let answer = try await harness.withHeaders([:]).send(method, path)
                #expect(answer.status == 200, "\(answer)")
            }
        }
    }
}

// MARK: - Service: health, CORS, caching, chunked bodies

extension ParseDialectTests {
    @Suite("Service: health, OPTIONS and CORS, no-store, chunked bodies")
    struct Service {
        @Test(
            "Any method on /parse/health, with no headers, on a server with keys: Parse 200 {\"status\":\"ok\"}",
            arguments: ["GET", "POST", "PUT", "DELETE"])
        func health(method: String) async throws {
            try await withParseServer(restKey: "rk", clientKey: "ck") { harness in
                let answer = try await harness.withHeaders([:]).send(method, "/parse/health")
                #expect(answer.status == 200, "\(answer)")
                #expect(answer.json == ["status": "ok"], "\(answer)")
                #expect(answer.header("Access-Control-Allow-Origin") == "*", "\(answer.headers)")
            }
        }

        @Test(
            "OPTIONS preflight on any path, no keys: Parse 200 text/plain OK with its CORS headers; kit also allows X-Parse-Client-Key and X-Parse-Installation-Id (extension)",
            arguments: [
                "/parse/classes/Task", "/parse/classes/Task/0b8c5a3e-8f0e-4a5e-9d7c-2f6f1f0b6a11", "/parse/batch", "/parse/health",
                "/parse/classes/Song", "/parse/nowhere", "/elsewhere",
            ])
        func preflight(path: String) async throws {
            try await withParseServer(restKey: "rk") { harness in
                let raw = try harness.raw()
                raw.send(
                    "OPTIONS \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(harness.port)\r\nOrigin: http://localhost:5173\r\n"
                        + "Access-Control-Request-Method: POST\r\n"
                        + "Access-Control-Request-Headers: content-type,x-parse-application-id,x-parse-client-key,x-parse-installation-id\r\n\r\n"
                )
                let answer = try #require(await raw.response(), "no answer to OPTIONS \(path)")
                #expect(answer.status == 200)
                #expect(String(decoding: answer.body, as: UTF8.self) == "OK")
                #expect(answer.headers["content-type"]?.hasPrefix("text/plain") == true, "\(answer.headers)")
                #expect(answer.headers["access-control-allow-origin"] == "*", "\(answer.headers)")
                #expect(answer.headers["access-control-allow-methods"] == corsAllowMethods, "\(answer.headers)")
                #expect(answer.headers["access-control-allow-headers"] == corsAllowHeaders, "\(answer.headers)")
            }
        }

        @Test(
            "Every answer carries the CORS headers (Parse: on every response) and every JSON answer Cache-Control: no-store (kit: so Linux URLSession cannot replay it; Parse sends none)"
        )
        func headersOnEveryAnswer() async throws {
            try await withParseServer(restKey: "rk") { harness in
                let client = harness.client
                let created = try await client.send("POST", "/parse/classes/Task", json: ["title": "Headers"])
                let id = created.json?["objectId"]?.string ?? "missing"
                let answers: [(String, ParseResponse)] = [
                    ("create 201", created),
                    ("get 200", try await client.get("Task", id)),
                    ("find 200", try await client.find("Task")),
                    ("find via POST 200", try await client.find("Task", via: .postMethodGET)),
                    ("update 200", try await client.send("PUT", "/parse/classes/Task/\(id)", json: ["notes": "n"])),
                    ("health 200", try await client.send("GET", "/parse/health")),
                    (
                        "batch 200",
                        try await client.send(
                            "POST", "/parse/batch",
                            json: ["requests": [["method": "POST", "path": "/parse/classes/Task", "body": ["title": "In batch"]]]])
                    ),
                    ("bad where 400", try await client.send("GET", "/parse/classes/Task", query: [("where", #"{"title":{"$foo":1}}"#)])),
                    ("unknown class 400", try await client.find("Song")),
                    ("unauthorized 403", try await harness.withHeaders(["X-Parse-Application-Id": "crudkit"]).find("Task")),
                    ("unknown route 404", try await client.send("GET", "/parse/nowhere")),
                    ("delete 200", try await client.send("DELETE", "/parse/classes/Task/\(id)")),
                    ("missing object 404", try await client.get("Task", id)),
                ]
                for (name, answer) in answers {
                    // The status each label names, so that the error answers are really errors.
                    if let status = name.split(separator: " ").last.flatMap({ Int($0) }) {
                        #expect(answer.status == status, "\(name): answered \(answer.status)")
                    }
                    #expect(answer.header("Access-Control-Allow-Origin") == "*", "\(name): \(answer.headers)")
                    #expect(answer.header("Access-Control-Allow-Methods") == corsAllowMethods, "\(name): \(answer.headers)")
                    #expect(answer.header("Access-Control-Allow-Headers") == corsAllowHeaders, "\(name): \(answer.headers)")
                    let cacheControl = (answer.header("Cache-Control") ?? "").split(separator: ",").map {
                        $0.trimmingCharacters(in: .whitespaces).lowercased()
                    }
                    #expect(cacheControl.contains("no-store"), "\(name): \(answer.headers)")
                }
            }
        }

        @Test(
            "An unknown route under /parse with valid keys: Parse falls through to Express's HTML 404; kit 404 {\"error\":\"no such route: …\"}"
        )
        func unknownRoute() async throws {
            try await withParseServer { harness in
                let answer = try await harness.client.send("GET", "/parse/nowhere")
                #expect(answer.status == 404, "\(answer)")
                #expect(answer.json?["error"]?.string?.hasPrefix("no such route: ") == true, "\(answer)")
            }
        }

        @Test("A create sent with Transfer-Encoding: chunked in three chunks: Parse (Node's body parser) accepts it, 201")
        func chunkedBody() async throws {
            try await withParseServer { harness in
                let raw = try harness.raw()
                raw.send(
                    "POST /parse/classes/Task HTTP/1.1\r\nHost: 127.0.0.1:\(harness.port)\r\nX-Parse-Application-Id: crudkit\r\n"
                        + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
                for chunk in [#"{"title": "Chunk"#, #"ed bread", "notes": "sent in "#, #"three chunks"}"#] {
                    raw.send(String(chunk.utf8.count, radix: 16, uppercase: true) + "\r\n" + chunk + "\r\n")
                    try await Task.sleep(for: .milliseconds(30))
                }
                raw.send("0\r\n\r\n")
                let created = try #require(await raw.response(), "no answer to a chunked create")
                #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
                let id = try #require(JSON.parse(Data(created.body))?["objectId"]?.string)
                // The connection stays usable: the chunked body was read to its end.
                raw.send(
                    "GET /parse/classes/Task/\(id) HTTP/1.1\r\nHost: 127.0.0.1:\(harness.port)\r\nX-Parse-Application-Id: crudkit\r\n\r\n")
                let fetched = try #require(await raw.response(), "no answer after a chunked request")
                let object: JSON? = JSON.parse(Data(fetched.body))
                #expect(object?["title"] == "Chunked bread" && object?["notes"] == "sent in three chunks", "\(String(describing: object))")
            }
        }

        @Test(
            "Content-Length together with Transfer-Encoding: Parse (Node) 400 and closes the connection; nothing is stored",
            arguments: [true, false])
        func lengthAndChunked(lengthFirst: Bool) async throws {
            try await withParseServer { harness in
                let raw = try harness.raw()
                let body = #"{"title": "smuggled"}"#
                let length = "Content-Length: \(body.utf8.count)\r\n"
                let chunked = "Transfer-Encoding: chunked\r\n"
                raw.send(
                    "POST /parse/classes/Task HTTP/1.1\r\nHost: 127.0.0.1:\(harness.port)\r\nX-Parse-Application-Id: crudkit\r\n"
                        + "Content-Type: application/json\r\n" + (lengthFirst ? length + chunked : chunked + length) + "\r\n"
                        + String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n")
                let answer = try #require(await raw.response(), "no answer")
                #expect(answer.status == 400)
                let after = await raw.next()
                #expect(after == .endOfStream, "the connection must close; got \(after)")
                #expect(try await harness.client.results("Task").isEmpty)
            }
        }
    }
}

// MARK: - Schema

extension ParseDialectTests {
    struct UnknownClassCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let method: String
        let path: String
        let body: JSON?
        let status: Int
        let code: Int
        let message: String
    }

    static let someID = "0b8c5a3e-8f0e-4a5e-9d7c-2f6f1f0b6a11"
    static let noClass = "This user is not allowed to access non-existent class: Song"

    static let unknownClassCases: [UnknownClassCase] = [
        UnknownClassCase(
            testDescription: "create on an unknown class: Parse 400 119", method: "POST", path: "/parse/classes/Song", body: ["title": "x"],
            status: 400, code: 119, message: noClass),
        UnknownClassCase(
            testDescription: "find on an unknown class: Parse 400 119", method: "GET", path: "/parse/classes/Song", body: nil, status: 400,
            code: 119, message: noClass),
        UnknownClassCase(
            testDescription: "find via POST _method GET on an unknown class: Parse 400 119", method: "POST", path: "/parse/classes/Song",
            body: ["_method": "GET"], status: 400, code: 119, message: noClass),
        UnknownClassCase(
            testDescription: "get on an unknown class: Parse 400 119", method: "GET", path: "/parse/classes/Song/\(someID)", body: nil,
            status: 400, code: 119, message: noClass),
        UnknownClassCase(
            testDescription: "update on an unknown class: Parse 400 119", method: "PUT", path: "/parse/classes/Song/\(someID)",
            body: ["title": "x"], status: 400, code: 119, message: noClass),
        UnknownClassCase(
            testDescription: "delete on an unknown class: Parse 404 101 Object not found.", method: "DELETE",
            path: "/parse/classes/Song/\(someID)", body: nil, status: 404, code: 101, message: "Object not found."),
        UnknownClassCase(
            testDescription: "class names are case-sensitive, create on task: Parse 400 119", method: "POST", path: "/parse/classes/task",
            body: ["title": "x"], status: 400, code: 119, message: "This user is not allowed to access non-existent class: task"),
    ]

    struct WrongTypeCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let className: String
        /// Sent as an update of an existing object when true, else as (part of) a create.
        let update: Bool
        let body: JSON
        let message: String
    }

    static func mismatch(_ field: String, _ expected: String, _ got: String) -> String {
        "schema mismatch for \(field); expected \(expected) but got \(got)"
    }

    static let wrongTypeCases: [WrongTypeCase] = [
        WrongTypeCase(
            testDescription: "create, title a number: Parse 111", className: "Task", update: false, body: ["title": 7],
            message: mismatch("Task.title", "String", "Number")),
        WrongTypeCase(
            testDescription: "create, title a boolean: Parse 111", className: "Task", update: false, body: ["title": true],
            message: mismatch("Task.title", "String", "Boolean")),
        WrongTypeCase(
            testDescription: "create, title an array: Parse 111", className: "Task", update: false, body: ["title": ["a"]],
            message: mismatch("Task.title", "String", "Array")),
        WrongTypeCase(
            testDescription: "create, title an object: Parse 111", className: "Task", update: false, body: ["title": ["a": 1]],
            message: mismatch("Task.title", "String", "Object")),
        WrongTypeCase(
            testDescription: "create, title a Date: Parse 111", className: "Task", update: false,
            body: ["title": ["__type": "Date", "iso": "2024-01-01T00:00:00.000Z"]], message: mismatch("Task.title", "String", "Date")),
        WrongTypeCase(
            testDescription: "create, notes a number: Parse 111", className: "Task", update: false, body: ["title": "t", "notes": 1.5],
            message: mismatch("Task.notes", "String", "Number")),
        WrongTypeCase(
            testDescription: "create, isCompleted a string: Parse 111", className: "Task", update: false,
            body: ["title": "t", "isCompleted": "yes"], message: mismatch("Task.isCompleted", "Boolean", "String")),
        WrongTypeCase(
            testDescription: "create, isCompleted 1: Parse 111", className: "Task", update: false, body: ["title": "t", "isCompleted": 1],
            message: mismatch("Task.isCompleted", "Boolean", "Number")),
        WrongTypeCase(
            testDescription: "create, ACL a string: Parse 111", className: "Task", update: false, body: ["title": "t", "ACL": "public"],
            message: mismatch("Task.ACL", "Object", "String")),
        WrongTypeCase(
            testDescription: "create, ACL an array: Parse 111", className: "Task", update: false, body: ["title": "t", "ACL": ["*"]],
            message: mismatch("Task.ACL", "Object", "Array")),
        WrongTypeCase(
            testDescription: "update, isCompleted Increment: Parse 111 (Increment counts as Number)", className: "Task", update: true,
            body: ["isCompleted": ["__op": "Increment", "amount": 1]], message: mismatch("Task.isCompleted", "Boolean", "Number")),
        WrongTypeCase(
            testDescription: "update, title Increment: Parse 111", className: "Task", update: true,
            body: ["title": ["__op": "Increment", "amount": 1]], message: mismatch("Task.title", "String", "Number")),
        WrongTypeCase(
            testDescription: "update, notes Add: Parse 111 (Add counts as Array)", className: "Task", update: true,
            body: ["notes": ["__op": "Add", "objects": ["x"]]], message: mismatch("Task.notes", "String", "Array")),
        WrongTypeCase(
            testDescription: "update, notes AddUnique: Parse 111", className: "Task", update: true,
            body: ["notes": ["__op": "AddUnique", "objects": ["x"]]], message: mismatch("Task.notes", "String", "Array")),
        WrongTypeCase(
            testDescription: "update, title Remove: Parse 111", className: "Task", update: true,
            body: ["title": ["__op": "Remove", "objects": ["x"]]], message: mismatch("Task.title", "String", "Array")),
        WrongTypeCase(
            testDescription: "update, isCompleted \"true\": Parse 111", className: "Task", update: true, body: ["isCompleted": "true"],
            message: mismatch("Task.isCompleted", "Boolean", "String")),
        WrongTypeCase(
            testDescription: "create, Contact email a number: Parse 111", className: "Contact", update: false,
            body: ["name": "Ada", "email": 5], message: mismatch("Contact.email", "String", "Number")),
        WrongTypeCase(
            testDescription: "update, Contact phone a boolean: Parse 111", className: "Contact", update: true, body: ["phone": false],
            message: mismatch("Contact.phone", "String", "Boolean")),
    ]

    struct RemovalCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let className: String
        let fields: JSON
        let field: String
        let removal: JSON
    }

    static let optionalRemovals: [RemovalCase] = [
        RemovalCase(
            testDescription: "Task notes {\"__op\":\"Delete\"}: Parse unsets it", className: "Task", fields: ["title": "t", "notes": "n"],
            field: "notes", removal: ["__op": "Delete"]),
        RemovalCase(
            testDescription: "Task notes null: Parse stores null; kit removes it (a null field reads as absent)", className: "Task",
            fields: ["title": "t", "notes": "n"], field: "notes", removal: nil),
        RemovalCase(
            testDescription: "Contact phone {\"__op\":\"Delete\"}: Parse unsets it", className: "Contact",
            fields: ["name": "Ada", "email": "ada@example.com", "phone": "+44 20 7946 0958"], field: "phone", removal: ["__op": "Delete"]),
        RemovalCase(
            testDescription: "Contact phone null: Parse stores null; kit removes it", className: "Contact",
            fields: ["name": "Ada", "email": "ada@example.com", "phone": "+44 20 7946 0958"], field: "phone", removal: nil),
    ]

    static let requiredRemovals: [RemovalCase] = [
        RemovalCase(
            testDescription: "Task title null: Parse (required field) 142; kit 142 empty with field and reason", className: "Task",
            fields: ["title": "t"], field: "title", removal: nil),
        RemovalCase(
            testDescription: "Task title {\"__op\":\"Delete\"}: Parse (required field) 142; kit 142 empty", className: "Task",
            fields: ["title": "t"], field: "title",
            removal: ["__op": "Delete"]),
        RemovalCase(
            testDescription: "Contact name null: Parse (required field) 142; kit 142 empty", className: "Contact",
            fields: ["name": "Ada", "email": "ada@example.com"],
            field: "name", removal: nil),
        RemovalCase(
            testDescription: "Contact email {\"__op\":\"Delete\"}: Parse (required field) 142; kit 142 empty", className: "Contact",
            fields: ["name": "Ada", "email": "ada@example.com"], field: "email", removal: ["__op": "Delete"]),
    ]

    @Suite("Schema: Task and Contact fields, ACL, unknown classes and fields, types, removal, Toggle")
    struct Schema {
        @Test("isCompleted may be set on create: Parse stores any field of the class")
        func isCompletedOnCreate() async throws {
            try await withParseServer { harness in
                let created = try await harness.client.create("Task", ["title": "Done already", "isCompleted": true])
                let object = try await harness.client.get("Task", created.id)
                #expect(object.status == 200 && object.json?["isCompleted"] == true, "\(object)")
                let done = try await harness.client.results("Task", [("where", ["isCompleted": true])])
                #expect(done.compactMap { $0["objectId"]?.string } == [created.id])
            }
        }

        @Test("Every field may be set in one update: Parse 200, and GET shows them")
        func anyFieldOnUpdate() async throws {
            try await withParseServer { harness in
                let created = try await harness.client.create("Task", ["title": "Old"])
                let update = try await harness.client.send(
                    "PUT", "/parse/classes/Task/\(created.id)", json: ["title": "New", "notes": "some notes", "isCompleted": true])
                #expect(update.status == 200, "\(update)")
                let object = try #require(try await harness.client.get("Task", created.id).json)
                #expect(object["title"] == "New" && object["notes"] == "some notes" && object["isCompleted"] == true, "\(object)")

                let contact = try await harness.client.create("Contact", ["name": "Ada", "email": "ada@example.com"])
                let contactUpdate = try await harness.client.send(
                    "PUT", "/parse/classes/Contact/\(contact.id)",
                    json: ["name": "Ada L", "email": "ada.l@example.com", "phone": "555 123 4567"])
                #expect(contactUpdate.status == 200, "\(contactUpdate)")
                let stored = try #require(try await harness.client.get("Contact", contact.id).json)
                #expect(
                    stored["name"] == "Ada L" && stored["email"] == "ada.l@example.com" && stored["phone"] == "555 123 4567", "\(stored)")
            }
        }

        @Test(
            "ACL is accepted on create and update and returned as given by GET and find (also with keys); objects without one have no ACL key (as Parse)"
        )
        func acl() async throws {
            try await withParseServer { harness in
                let acl: JSON = ["*": ["read": true, "write": true], "user1": ["read": true]]
                let guarded = try await harness.client.create("Task", ["title": "Guarded", "ACL": acl])
                let open = try await harness.client.create("Task", ["title": "Open"])
                #expect(try await harness.client.get("Task", guarded.id).json?["ACL"] == acl)
                #expect(try await harness.client.get("Task", open.id).json?.keys.contains("ACL") == false)
                for transport in QueryTransport.allCases {
                    let results = try await harness.client.results("Task", [("order", "createdAt")], via: transport)
                    #expect(results.first?["ACL"] == acl, "\(transport.rawValue): \(results)")
                    #expect(results.last?.keys.contains("ACL") == false, "\(transport.rawValue): \(results)")
                    // Parse keeps objectId, createdAt, updatedAt and ACL whatever `keys` says.
                    let narrow = try await harness.client.results("Task", [("order", "createdAt"), ("keys", "title")], via: transport)
                    #expect(narrow.first?["ACL"] == acl, "\(transport.rawValue): \(narrow)")
                }
                let newACL: JSON = ["*": ["read": true]]
                let update = try await harness.client.send("PUT", "/parse/classes/Task/\(guarded.id)", json: ["ACL": newACL])
                #expect(update.status == 200, "\(update)")
                #expect(try await harness.client.get("Task", guarded.id).json?["ACL"] == newACL)
                let contact = try await harness.client.create("Contact", ["name": "Ada", "email": "ada@example.com", "ACL": acl])
                #expect(try await harness.client.get("Contact", contact.id).json?["ACL"] == acl)
            }
        }

        @Test("An ACL that grants the public nothing: Parse answers a public GET 404 101; kit does not enforce ACLs (extension), 200")
        func aclNotEnforced() async throws {
            try await withParseServer { harness in
                let created = try await harness.client.create(
                    "Task", ["title": "Private", "ACL": ["user1": ["read": true, "write": true]]])
                let answer = try await harness.client.get("Task", created.id)
                #expect(answer.status == 200 && answer.json?["title"] == "Private", "\(answer)")
            }
        }

        @Test(
            "Unknown class: Parse (client class creation off) 119 on create, get, find, update; 404 101 on delete",
            arguments: unknownClassCases)
        func unknownClass(_ unknown: UnknownClassCase) async throws {
            try await withParseServer { harness in
                let answer = try await harness.client.send(unknown.method, unknown.path, body: unknown.body?.text)
                expectParseError(answer, status: unknown.status, code: unknown.code, message: unknown.message)
            }
        }

        @Test(
            "Unknown field (locked schema): Parse 400 119 Permission denied for action addField on class X.; nothing changes",
            arguments: [
                ("Task", false, ["title": "t", "colour": "red"] as JSON), ("Task", false, ["title": "t", "name": "Ada"]),
                ("Task", true, ["colour": "red"]), ("Task", true, ["title": "ok", "priority": 1]),
                ("Contact", false, ["name": "Ada", "email": "ada@example.com", "title": "x"]), ("Contact", true, ["notes": "x"]),
            ] as [(String, Bool, JSON)])
        func unknownField(className: String, update: Bool, body: JSON) async throws {
            try await withParseServer { harness in
                let message = "Permission denied for action addField on class \(className)."
                if update {
                    let seed: JSON = className == "Task" ? ["title": "Before"] : ["name": "Before", "email": "before@example.com"]
                    let created = try await harness.client.create(className, seed)
                    let before = try await harness.client.get(className, created.id).json
                    let answer = try await harness.client.send("PUT", "/parse/classes/\(className)/\(created.id)", json: body)
                    expectParseError(answer, status: 400, code: 119, message: message)
                    #expect(try await harness.client.get(className, created.id).json == before, "a refused update must change nothing")
                } else {
                    let answer = try await harness.client.send("POST", "/parse/classes/\(className)", json: body)
                    expectParseError(answer, status: 400, code: 119, message: message)
                    #expect(try await harness.client.results(className).isEmpty)
                }
            }
        }

        @Test("objectId in a create or update body: Parse 400 105 objectId is an invalid field name.", arguments: [false, true])
        func objectIDInBody(update: Bool) async throws {
            try await withParseServer { harness in
                let answer: ParseResponse
                if update {
                    let created = try await harness.client.create("Task", ["title": "t"])
                    answer = try await harness.client.send(
                        "PUT", "/parse/classes/Task/\(created.id)", json: ["objectId": .string(created.id), "title": "u"])
                } else {
                    answer = try await harness.client.send(
                        "POST", "/parse/classes/Task", json: ["objectId": .string(ParseDialectTests.someID), "title": "t"])
                }
                expectParseError(answer, status: 400, code: 105, message: "objectId is an invalid field name.")
            }
        }

        @Test("createdAt/updatedAt in a body are ignored: Parse overwrites them with its own dates")
        func readOnlyDates() async throws {
            try await withParseServer(clock: ManualClock()) { harness in
                let answer = try await harness.client.send(
                    "POST", "/parse/classes/Task",
                    json: [
                        "title": "Backdated", "createdAt": "2000-01-01T00:00:00.000Z",
                        "updatedAt": ["__type": "Date", "iso": "2000-01-01T00:00:00.000Z"],
                    ])
                #expect(answer.status == 201, "\(answer)")
                #expect(answer.json?["createdAt"] == "2026-01-01T00:00:00.000Z", "\(answer)")
                let id = try #require(answer.json?["objectId"]?.string)
                let update = try await harness.client.send(
                    "PUT", "/parse/classes/Task/\(id)",
                    json: ["notes": "n", "createdAt": ["__type": "Date", "iso": "2001-01-01T00:00:00.000Z"]])
                #expect(update.status == 200, "\(update)")
                let object = try await harness.client.get("Task", id).json
                #expect(
                    object?["createdAt"] == "2026-01-01T00:00:00.000Z" && object?["updatedAt"] == "2026-01-01T00:00:00.000Z",
                    "\(String(describing: object))")
            }
        }

        @Test("Wrong type: Parse 400 111 schema mismatch for Class.field; expected T but got U; nothing changes", arguments: wrongTypeCases)
        func wrongType(_ wrong: WrongTypeCase) async throws {
            try await withParseServer { harness in
                if wrong.update {
                    let seed: JSON =
                        wrong.className == "Task" ? ["title": "Before", "notes": "n"] : ["name": "Ada", "email": "ada@example.com"]
                    let created = try await harness.client.create(wrong.className, seed)
                    let before = try await harness.client.get(wrong.className, created.id).json
                    let answer = try await harness.client.send("PUT", "/parse/classes/\(wrong.className)/\(created.id)", json: wrong.body)
                    expectParseError(answer, status: 400, code: 111, message: wrong.message)
                    #expect(try await harness.client.get(wrong.className, created.id).json == before)
                } else {
                    let answer = try await harness.client.send("POST", "/parse/classes/\(wrong.className)", json: wrong.body)
                    expectParseError(answer, status: 400, code: 111, message: wrong.message)
                    #expect(try await harness.client.results(wrong.className).isEmpty)
                }
            }
        }

        @Test(
            "Removing an optional field with {\"__op\":\"Delete\"} or null: 200, then GET has no such key and $exists:false finds it",
            arguments: optionalRemovals)
        func removeOptional(_ removal: RemovalCase) async throws {
            try await withParseServer { harness in
                let created = try await harness.client.create(removal.className, removal.fields)
                let answer = try await harness.client.send(
                    "PUT", "/parse/classes/\(removal.className)/\(created.id)", json: [removal.field: removal.removal])
                #expect(answer.status == 200 && answer.json?["updatedAt"] != nil && answer.json?["createdAt"] == nil, "\(answer)")
                let object = try #require(try await harness.client.get(removal.className, created.id).json)
                #expect(!object.keys.contains(removal.field), "\(object)")
                let missing = try await harness.client.results(removal.className, [("where", [removal.field: ["$exists": false]])])
                #expect(missing.compactMap { $0["objectId"]?.string } == [created.id])
            }
        }

        @Test(
            "Removing a required field: kit 400 142 (reason empty, field named; Parse's required fields answer 142 too); nothing changes",
            arguments: requiredRemovals)
        func removeRequired(_ removal: RemovalCase) async throws {
            try await withParseServer { harness in
                let created = try await harness.client.create(removal.className, removal.fields)
                let before = try await harness.client.get(removal.className, created.id).json
                let answer = try await harness.client.send(
                    "PUT", "/parse/classes/\(removal.className)/\(created.id)", json: [removal.field: removal.removal])
                expectParseError(answer, status: 400, code: 142)
                #expect(answer.json?["field"] == .string(removal.field) && answer.json?["reason"] == "empty", "\(answer)")
                #expect(try await harness.client.get(removal.className, created.id).json == before)
            }
        }

        @Test(
            "{\"__op\":\"Toggle\"} on isCompleted: Parse has no Toggle (unknown op, 500); kit flips it atomically and answers {updatedAt, isCompleted} (extension)"
        )
        func toggle() async throws {
            try await withParseServer { harness in
                let created = try await harness.client.create("Task", ["title": "Flip"])
                for expected in [true, false, true] {
                    let answer = try await harness.client.send(
                        "PUT", "/parse/classes/Task/\(created.id)", json: ["isCompleted": ["__op": "Toggle"]])
                    #expect(answer.status == 200 && answer.json?.keys == ["isCompleted", "updatedAt"], "\(answer)")
                    #expect(answer.json?["isCompleted"] == .bool(expected), "\(answer)")
                    #expect(try await harness.client.get("Task", created.id).json?["isCompleted"] == .bool(expected))
                }
            }
        }

        @Test(
            "A body that is not a JSON object: Parse 400 {\"error\": JSON.parse's message} with no code; kit 400 107 (extension)",
            arguments: ["not json", "[1, 2]", "\"text\"", "{\"title\": "])
        func notJSON(body: String) async throws {
            try await withParseServer { harness in
                let answer = try await harness.client.send("POST", "/parse/classes/Task", body: body)
                expectParseError(answer, status: 400, code: 107)
                #expect(try await harness.client.results("Task").isEmpty)
            }
        }

        @Test(
            "The kit's validation: Parse stores any string; kit 400 142 with field, reason and max (extension); duplicate email 137 with field (Parse's unique-index code)"
        )
        func kitValidation() async throws {
            try await withParseServer { harness in
                let long = try await harness.client.send(
                    "POST", "/parse/classes/Task", json: ["title": .string(String(repeating: "x", count: 201))])
                expectParseError(long, status: 400, code: 142)
                #expect(long.json?["field"] == "title" && long.json?["reason"] == "tooLong" && long.json?["max"] == 200, "\(long)")
                let blank = try await harness.client.send("POST", "/parse/classes/Task", json: ["title": "   "])
                expectParseError(blank, status: 400, code: 142)
                #expect(blank.json?["field"] == "title" && blank.json?["reason"] == "empty", "\(blank)")
                let email = try await harness.client.send("POST", "/parse/classes/Contact", json: ["name": "Ada", "email": "not an email"])
                expectParseError(email, status: 400, code: 142)
                #expect(email.json?["field"] == "email" && email.json?["reason"] == "invalidEmail", "\(email)")
                try await harness.client.create("Contact", ["name": "Ada", "email": "ada@example.com"])
                let duplicate = try await harness.client.send(
                    "POST", "/parse/classes/Contact", json: ["name": "Ada 2", "email": "ADA@example.com"])
                expectParseError(duplicate, status: 400, code: 137)
                #expect(duplicate.json?["field"] == "email", "\(duplicate)")
            }
        }
    }
}

// MARK: - Writes

extension ParseDialectTests {
    struct CreateCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let className: String
        let fields: JSON
        /// Fields the answer carries beside objectId and createdAt: the stored values that differ from what was sent.
        let changed: [String: JSON]
    }

    static let createCases: [CreateCase] = [
        CreateCase(
            testDescription: "Task, nothing to normalize: Parse 201 {objectId, createdAt}", className: "Task",
            fields: ["title": "Buy milk"],
            changed: [:]),
        CreateCase(
            testDescription: "Task with notes and isCompleted as stored: Parse 201 {objectId, createdAt}", className: "Task",
            fields: ["title": "Buy milk", "notes": "2 litres", "isCompleted": true], changed: [:]),
        CreateCase(
            testDescription: "Task title with spaces: Parse returns a field a beforeSave changed; kit adds the trimmed title",
            className: "Task", fields: ["title": "  Buy milk "], changed: ["title": "Buy milk"]),
        CreateCase(
            testDescription: "Task notes with spaces: Parse returns beforeSave changes; kit adds the trimmed notes", className: "Task",
            fields: ["title": "Buy milk", "notes": " 2 litres\n"], changed: ["notes": "2 litres"]),
        CreateCase(
            testDescription: "Task with an ACL: Parse 201 {objectId, createdAt}", className: "Task",
            fields: ["title": "Buy milk", "ACL": ["*": ["read": true]]], changed: [:]),
        CreateCase(
            testDescription: "Contact, nothing to normalize: Parse 201 {objectId, createdAt}", className: "Contact",
            fields: ["name": "Ada", "email": "ada@example.com"], changed: [:]),
        CreateCase(
            testDescription:
                "Contact name and email to normalize: Parse returns beforeSave changes; kit adds the trimmed name and the lowercased email",
            className: "Contact",
            fields: ["name": " Ada ", "email": " ADA@Example.COM "], changed: ["name": "Ada", "email": "ada@example.com"]),
        CreateCase(
            testDescription: "Contact phone with spaces: Parse returns beforeSave changes; kit adds the trimmed phone",
            className: "Contact",
            fields: ["name": "Ada", "email": "ada@example.com", "phone": " +44 20 7946 0958 "], changed: ["phone": "+44 20 7946 0958"]),
    ]

    struct UpdateCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let className: String
        let body: JSON
        /// Fields the answer carries beside updatedAt.
        let changed: [String: JSON]
    }

    static let updateCases: [UpdateCase] = [
        UpdateCase(testDescription: "rename: Parse 200 {updatedAt}", className: "Task", body: ["title": "Renamed"], changed: [:]),
        UpdateCase(
            testDescription: "rename with spaces: Parse {updatedAt} (plus beforeSave changes); kit adds the trimmed title",
            className: "Task",
            body: ["title": "  Renamed  "], changed: ["title": "Renamed"]),
        UpdateCase(testDescription: "notes: Parse 200 {updatedAt}", className: "Task", body: ["notes": "n"], changed: [:]),
        UpdateCase(testDescription: "isCompleted: Parse 200 {updatedAt}", className: "Task", body: ["isCompleted": true], changed: [:]),
        UpdateCase(
            testDescription: "the whole object, as ParseSwift's save() sends it: Parse 200 {updatedAt}", className: "Task",
            body: ["title": "Bake bread", "notes": "rye", "isCompleted": true], changed: [:]),
        UpdateCase(
            testDescription: "Toggle: Parse has no Toggle op; kit {updatedAt, isCompleted} with the new value (extension)",
            className: "Task",
            body: ["isCompleted": ["__op": "Toggle"]], changed: ["isCompleted": true]),
        UpdateCase(
            testDescription: "Contact email in capitals: Parse returns beforeSave changes; kit adds the lowercased email",
            className: "Contact",
            body: ["email": "NEW@Example.com"], changed: ["email": "new@example.com"]),
        UpdateCase(testDescription: "Contact name: Parse 200 {updatedAt}", className: "Contact", body: ["name": "Grace"], changed: [:]),
    ]

    @Suite("Writes: create 201 with an absolute Location, PUT {updatedAt}, DELETE {}, GET the whole object")
    struct Writes {
        @Test(
            "Create answers 201, Location http://127.0.0.1:PORT/parse/classes/X/<id> (as Parse), {objectId, createdAt} plus normalized fields",
            arguments: createCases)
        func create(_ create: CreateCase) async throws {
            try await withParseServer { harness in
                let answer = try await harness.client.send("POST", "/parse/classes/\(create.className)", json: create.fields)
                #expect(answer.status == 201, "\(answer)")
                let id = try #require(answer.json?["objectId"]?.string, "\(answer)")
                #expect(isKitObjectID(id), "kit objectIds are lowercase UUIDs (Parse: 10 alphanumerics): \(id)")
                #expect(
                    answer.header("Location") == "http://127.0.0.1:\(harness.port)/parse/classes/\(create.className)/\(id)",
                    "\(answer.headers)")
                #expect(isParseDate(answer.json?["createdAt"]?.string), "\(answer)")
                #expect(answer.json?.keys == (["objectId", "createdAt"] + create.changed.keys).sorted(), "\(answer)")
                for (field, value) in create.changed { #expect(answer.json?[field] == value, "\(field): \(answer)") }
                let object = try #require(try await harness.client.get(create.className, id).json)
                // Parse sets updatedAt to createdAt on a create; the decisions do not say so for the kit (a create with
                // isCompleted may take two store writes), so only the order of the two is checked.
                #expect(object["createdAt"] == answer.json?["createdAt"], "\(object)")
                #expect(
                    isParseDate(object["updatedAt"]?.string) && (object["updatedAt"]?.string ?? "") >= (object["createdAt"]?.string ?? "~"),
                    "\(object)")
            }
        }

        @Test(
            "PUT answers 200 {updatedAt} and never createdAt (ParseSwift would take it for updatedAt), plus normalized or op-changed fields",
            arguments: updateCases)
        func update(_ update: UpdateCase) async throws {
            try await withParseServer { harness in
                let seed: JSON = update.className == "Task" ? ["title": "Bake bread"] : ["name": "Ada", "email": "ada@example.com"]
                let created = try await harness.client.create(update.className, seed)
                let answer = try await harness.client.send("PUT", "/parse/classes/\(update.className)/\(created.id)", json: update.body)
                #expect(answer.status == 200, "\(answer)")
                #expect(answer.json?.keys == (["updatedAt"] + update.changed.keys).sorted(), "\(answer)")
                for (field, value) in update.changed { #expect(answer.json?[field] == value, "\(field): \(answer)") }
                let updatedAt = try #require(answer.json?["updatedAt"]?.string, "\(answer)")
                #expect(isParseDate(updatedAt) && updatedAt > created.createdAt, "\(updatedAt) after \(created.createdAt)")
                let object = try #require(try await harness.client.get(update.className, created.id).json)
                #expect(object["updatedAt"] == .string(updatedAt) && object["createdAt"] == .string(created.createdAt), "\(object)")
            }
        }

        @Test("An empty PUT {}: Parse 200 {updatedAt}; the object is unchanged")
        func emptyUpdate() async throws {
            try await withParseServer { harness in
                let created = try await harness.client.create("Task", ["title": "Still"])
                let before = try #require(try await harness.client.get("Task", created.id).json)
                let answer = try await harness.client.send("PUT", "/parse/classes/Task/\(created.id)", json: [:])
                #expect(answer.status == 200 && answer.json?.keys == ["updatedAt"], "\(answer)")
                #expect(answer.json?["updatedAt"] == before["updatedAt"], "the current updatedAt: \(answer) vs \(before)")
                #expect(try await harness.client.get("Task", created.id).json == before)
            }
        }

        @Test(
            "PUT on a missing object: Parse 404 101 Object not found.",
            arguments: [
                ("Task", someID, ["title": "x"] as JSON), ("Task", someID, [:]), ("Task", "nope", ["title": "x"]),
                ("Contact", someID, ["name": "x"]),
            ] as [(String, String, JSON)])
        func updateMissing(className: String, id: String, body: JSON) async throws {
            try await withParseServer { harness in
                try await harness.client.create(
                    className, className == "Task" ? ["title": "Other"] : ["name": "Other", "email": "o@example.com"])
                let answer = try await harness.client.send("PUT", "/parse/classes/\(className)/\(id)", json: body)
                expectParseError(answer, status: 404, code: 101, message: "Object not found.")
            }
        }

        @Test(
            "DELETE: Parse 200 {}; afterwards GET, PUT and DELETE are 404 101 and find no longer lists it", arguments: ["Task", "Contact"])
        func delete(className: String) async throws {
            try await withParseServer { harness in
                let fields: JSON = className == "Task" ? ["title": "Gone"] : ["name": "Gone", "email": "gone@example.com"]
                let created = try await harness.client.create(className, fields)
                let answer = try await harness.client.send("DELETE", "/parse/classes/\(className)/\(created.id)")
                #expect(answer.status == 200 && answer.text == "{}", "\(answer)")
                expectParseError(try await harness.client.get(className, created.id), status: 404, code: 101, message: "Object not found.")
                let update = try await harness.client.send("PUT", "/parse/classes/\(className)/\(created.id)", json: [:])
                expectParseError(update, status: 404, code: 101, message: "Object not found.")
                let again = try await harness.client.send("DELETE", "/parse/classes/\(className)/\(created.id)")
                expectParseError(again, status: 404, code: 101, message: "Object not found.")
                #expect(try await harness.client.results(className).isEmpty)
            }
        }

        @Test("GET of a missing object: Parse 404 101 Object not found.", arguments: [someID, "nope"])
        func getMissing(id: String) async throws {
            try await withParseServer { harness in
                expectParseError(try await harness.client.get("Task", id), status: 404, code: 101, message: "Object not found.")
            }
        }

        @Test(
            "GET object: Parse 200 with objectId, the set fields (no notes key when none) and dates as yyyy-MM-dd'T'HH:mm:ss.SSS'Z' strings"
        )
        func getObject() async throws {
            try await withParseServer(clock: ManualClock()) { harness in
                let bare = try await harness.client.create("Task", ["title": "Buy milk"])
                let expected: JSON = [
                    "objectId": .string(bare.id), "title": "Buy milk", "isCompleted": false, "createdAt": "2026-01-01T00:00:00.000Z",
                    "updatedAt": "2026-01-01T00:00:00.000Z",
                ]
                #expect(try await harness.client.get("Task", bare.id).json == expected)
                let full = try await harness.client.create("Task", ["title": "Bake bread", "notes": "rye", "isCompleted": true])
                let fullExpected: JSON = [
                    "objectId": .string(full.id), "title": "Bake bread", "notes": "rye", "isCompleted": true,
                    "createdAt": "2026-01-01T00:00:00.000Z", "updatedAt": "2026-01-01T00:00:00.000Z",
                ]
                #expect(try await harness.client.get("Task", full.id).json == fullExpected)
                let contact = try await harness.client.create("Contact", ["name": "Ada", "email": "ada@example.com"])
                let contactExpected: JSON = [
                    "objectId": .string(contact.id), "name": "Ada", "email": "ada@example.com", "createdAt": "2026-01-01T00:00:00.000Z",
                    "updatedAt": "2026-01-01T00:00:00.000Z",
                ]
                #expect(try await harness.client.get("Contact", contact.id).json == contactExpected)
            }
        }

        @Test("Dates show their milliseconds: Parse writes createdAt/updatedAt with millisecond precision")
        func milliseconds() async throws {
            try await withParseServer { harness in
                // The stepping clock moves 1.25 s per read, so some date ends in .250, .500 or .750.
                var dates: [String] = []
                for index in 0..<4 { dates.append(try await harness.client.create("Task", ["title": .string("t\(index)")]).createdAt) }
                #expect(dates.allSatisfy(isParseDate), "\(dates)")
                #expect(dates.contains { !$0.hasSuffix(".000Z") }, "\(dates)")
                #expect(Set(dates).count == dates.count, "\(dates)")
            }
        }
    }
}

// MARK: - Queries

extension ParseDialectTests {
    struct WhereCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let template: String
        let expected: [Int]

        init(_ description: String, _ template: String, _ expected: [Int]) {
            testDescription = description
            self.template = template
            self.expected = expected
        }
    }

    /// Each `where` against ``SixTasks``; results in creation order (no `order` given).
    static let whereCases: [WhereCase] = [
        // Equality
        WhereCase("string equality is exact: Parse finds Bake bread", #"{"title":"Bake bread"}"#, [0]),
        WhereCase("string equality is case-sensitive: Parse finds nothing for bake bread", #"{"title":"bake bread"}"#, []),
        WhereCase("string equality is not a substring match: Parse finds nothing for Bake", #"{"title":"Bake"}"#, []),
        WhereCase("string equality on accented text: Parse finds Crème brûlée", #"{"title":"Crème brûlée"}"#, [2]),
        WhereCase(
            "string equality is scalar for scalar: Parse finds nothing for decomposed Cre\\u0301me bru\\u0302le\\u0301e",
            #"{"title":"Cre\u0301me bru\u0302le\u0301e"}"#, []),
        WhereCase("boolean equality true: Parse finds the completed", #"{"isCompleted":true}"#, [0, 3]),
        WhereCase("boolean equality false: Parse finds the open ones", #"{"isCompleted":false}"#, [1, 2, 4, 5]),
        WhereCase("null equality matches a missing field: Parse (Mongo) finds tasks without notes", #"{"notes":null}"#, [1, 4]),
        WhereCase("equality on notes: Parse finds dessert only (not Dessert, warm)", #"{"notes":"dessert"}"#, [2]),
        WhereCase("two fields are ANDed: Parse finds Bake bread", #"{"title":"Bake bread","isCompleted":true}"#, [0]),
        WhereCase("two fields that exclude each other: Parse finds nothing", #"{"title":"Bake bread","isCompleted":false}"#, []),
        WhereCase("a field not in the schema equals null: Parse finds all", #"{"colour":null}"#, SixTasks.all),
        WhereCase("a field not in the schema equals a value: Parse finds nothing", #"{"colour":"red"}"#, []),
        WhereCase("objectId equality: Parse finds that object", #"{"objectId":<id:2>}"#, [2]),
        // Dates
        WhereCase("date equality with a Parse Date on createdAt: Parse finds that object", #"{"createdAt":<date:2>}"#, [2]),
        WhereCase("date equality with a plain ISO string on createdAt: Parse accepts it for createdAt", #"{"createdAt":<iso:2>}"#, [2]),
        WhereCase("$eq on a date: Parse finds that object", #"{"createdAt":{"$eq":<date:2>}}"#, [2]),
        WhereCase("$ne on a date: Parse finds the others", #"{"createdAt":{"$ne":<date:2>}}"#, [0, 1, 3, 4, 5]),
        WhereCase("$gt on a date: Parse finds the later ones", #"{"createdAt":{"$gt":<date:2>}}"#, [3, 4, 5]),
        WhereCase("$gte on a date: Parse includes the boundary", #"{"createdAt":{"$gte":<date:2>}}"#, [2, 3, 4, 5]),
        WhereCase("$lt on a date: Parse finds the earlier ones", #"{"createdAt":{"$lt":<date:2>}}"#, [0, 1]),
        WhereCase("$lte on a date: Parse includes the boundary", #"{"createdAt":{"$lte":<date:2>}}"#, [0, 1, 2]),
        WhereCase("a date range: Parse finds what lies between", #"{"createdAt":{"$gt":<date:1>,"$lt":<date:4>}}"#, [2, 3]),
        WhereCase("$in on dates: Parse finds those objects", #"{"createdAt":{"$in":[<date:0>,<date:4>]}}"#, [0, 4]),
        WhereCase("$gte on updatedAt: Parse finds the later ones", #"{"updatedAt":{"$gte":<date:3>}}"#, [3, 4, 5]),
        // $eq $ne $in $nin $exists
        WhereCase("$eq on a string (ParseSwift 6's ==): Parse finds buy milk", #"{"title":{"$eq":"buy milk"}}"#, [1]),
        WhereCase("$eq on a boolean: Parse finds the open ones", #"{"isCompleted":{"$eq":false}}"#, [1, 2, 4, 5]),
        WhereCase("$eq null: Parse (Mongo) matches missing notes", #"{"notes":{"$eq":null}}"#, [1, 4]),
        WhereCase("$ne on a string: Parse finds the others", #"{"title":{"$ne":"buy milk"}}"#, [0, 2, 3, 4, 5]),
        WhereCase("$ne on a boolean: Parse finds the open ones", #"{"isCompleted":{"$ne":true}}"#, [1, 2, 4, 5]),
        WhereCase("$ne null (ParseSwift's isNotNull): Parse finds tasks with notes", #"{"notes":{"$ne":null}}"#, [0, 2, 3, 5]),
        WhereCase("$ne on notes also matches missing notes: Parse (Mongo) does", #"{"notes":{"$ne":"dessert"}}"#, [0, 1, 3, 4, 5]),
        WhereCase("$in on strings: Parse finds the listed ones", #"{"title":{"$in":["buy milk","Call Ada","nope"]}}"#, [1, 4]),
        WhereCase("$in empty: Parse finds nothing", #"{"title":{"$in":[]}}"#, []),
        WhereCase("$in on booleans: Parse finds the completed", #"{"isCompleted":{"$in":[true]}}"#, [0, 3]),
        WhereCase("$in on objectIds: Parse finds those objects", #"{"objectId":{"$in":[<id:0>,<id:5>]}}"#, [0, 5]),
        WhereCase("$nin on strings: Parse finds the others", #"{"title":{"$nin":["buy milk","Call Ada"]}}"#, [0, 2, 3, 5]),
        WhereCase("$exists true: Parse finds tasks with notes", #"{"notes":{"$exists":true}}"#, [0, 2, 3, 5]),
        WhereCase("$exists false: Parse finds tasks without notes", #"{"notes":{"$exists":false}}"#, [1, 4]),
        WhereCase("$exists false on a field not in the schema: Parse finds all", #"{"colour":{"$exists":false}}"#, SixTasks.all),
        WhereCase("$exists true on a field not in the schema: Parse finds nothing", #"{"colour":{"$exists":true}}"#, []),
        // Comparisons on strings, by Unicode scalars
        WhereCase(
            "$gte on strings compares scalars (capitals first): Parse finds the lowercase titles", #"{"title":{"$gte":"a"}}"#, [1, 3]),
        WhereCase("$lt on strings: Parse finds the titles before C", #"{"title":{"$lt":"C"}}"#, [0, 5]),
        WhereCase("$lte on strings includes the boundary: Parse", #"{"title":{"$lte":"Call Ada"}}"#, [0, 4, 5]),
        WhereCase("$gt and $lt on strings together: Parse finds Crème brûlée", #"{"title":{"$gt":"Call Ada","$lt":"a"}}"#, [2]),
        WhereCase("$gt on a prefix: Parse finds the longer title too", #"{"title":{"$gt":"Crème"}}"#, [1, 2, 3]),
        // $regex
        WhereCase("$regex is case-sensitive without options: Parse finds Bake bread", #"{"title":{"$regex":"^Bake"}}"#, [0]),
        WhereCase("$regex with $options i: Parse finds both Bake titles", #"{"title":{"$regex":"^Bake","$options":"i"}}"#, [0, 5]),
        WhereCase("$regex character class: Parse finds lowercase a-c starts", #"{"title":{"$regex":"^[a-c]"}}"#, [1, 3]),
        WhereCase("$regex character class with i: Parse finds all", #"{"title":{"$regex":"^[a-c]","$options":"i"}}"#, SixTasks.all),
        WhereCase("$regex end anchor: Parse finds buy milk", #"{"title":{"$regex":"k$"}}"#, [1]),
        WhereCase("$regex dot: Parse finds a?e", #"{"title":{"$regex":"a.e"}}"#, [0, 5]),
        WhereCase("$regex alternation: Parse finds milk and pie", #"{"title":{"$regex":"(milk|pie)$"}}"#, [1, 3]),
        WhereCase("$regex \\d: Parse finds the title with a digit", #"{"title":{"$regex":"\\d"}}"#, [5]),
        WhereCase("$regex escaped parentheses: Parse finds (2x)", #"{"title":{"$regex":"\\(2x\\)"}}"#, [5]),
        WhereCase("$regex on accented text: Parse finds brûlée", #"{"title":{"$regex":"brûlée"}}"#, [2]),
        WhereCase("$regex with i on accented capitals: Parse finds BRÛLÉE", #"{"title":{"$regex":"BRÛLÉE","$options":"i"}}"#, [2]),
        WhereCase("$regex \\Q…\\E quotes metacharacters: Parse finds (2x)", #"{"title":{"$regex":"\\Q(2x)\\E"}}"#, [5]),
        WhereCase("$regex \\Q…\\E around an unbalanced parenthesis: Parse finds e (", #"{"title":{"$regex":"\\Qe (\\E"}}"#, [5]),
        WhereCase("$regex \\Q.\\E is a literal dot: Parse finds nothing", #"{"title":{"$regex":"\\Q.\\E"}}"#, []),
        WhereCase("$regex . matches anything: Parse finds all", #"{"title":{"$regex":"."}}"#, SixTasks.all),
        WhereCase("$regex \\Q without \\E quotes to the end: Parse finds milk", #"{"title":{"$regex":"\\Qmilk"}}"#, [1]),
        WhereCase("ParseSwift's containsString: Parse finds bread", #"{"title":{"$regex":"\\Qbread\\E"}}"#, [0]),
        WhereCase(
            "ParseSwift's hasPrefix with i: Parse finds both Bake titles", #"{"title":{"$regex":"^\\Qbake\\E","$options":"i"}}"#, [0, 5]),
        WhereCase("ParseSwift's hasSuffix: Parse finds apple pie", #"{"title":{"$regex":"\\Qpie\\E$"}}"#, [3]),
        WhereCase("$regex on notes with i: Parse finds both desserts", #"{"notes":{"$regex":"dessert","$options":"i"}}"#, [2, 3]),
        WhereCase("$regex on notes skips missing notes: Parse", #"{"notes":{"$regex":"."}}"#, [0, 2, 3, 5]),
        WhereCase("$options im: Parse accepts it", #"{"title":{"$regex":"^bake","$options":"im"}}"#, [0, 5]),
        WhereCase("$options msx: Parse accepts it", #"{"title":{"$regex":"^Call","$options":"msx"}}"#, [4]),
        WhereCase("$regex with $ne: Parse applies both", #"{"title":{"$regex":"^B","$ne":"Bake bread"}}"#, [5]),
        WhereCase(
            "a pattern of exactly 1000 characters: Parse and kit run it (the kit's limit is above 1000)",
            "{\"title\":{\"$regex\":\"\(String(repeating: "a", count: 1000))\"}}",
            []),
        // $text
        WhereCase(
            "$text creme: Parse (word search, accent-insensitive) finds Crème brûlée; kit (substring) too",
            #"{"title":{"$text":{"$search":{"$term":"creme"}}}}"#, [2]),
        WhereCase("$text CRÈME: case-insensitive by default (Parse and kit)", #"{"title":{"$text":{"$search":{"$term":"CRÈME"}}}}"#, [2]),
        WhereCase("$text bake: Parse finds both Bake titles", #"{"title":{"$text":{"$search":{"$term":"bake"}}}}"#, [0, 5]),
        WhereCase(
            "$text read: Parse matches whole stemmed words (nothing); kit matches the literal substring (bread, extension)",
            #"{"title":{"$text":{"$search":{"$term":"read"}}}}"#, [0]),
        WhereCase(
            "$text e b: Parse matches words e or b; kit the literal substring e b across words (extension)",
            #"{"title":{"$text":{"$search":{"$term":"e b"}}}}"#, [0, 2]),
        WhereCase(
            "$text (2x): Parse ignores punctuation in words; kit matches the literal text (extension)",
            #"{"title":{"$text":{"$search":{"$term":"(2x)"}}}}"#,
            [5]),
        WhereCase(
            "$text $caseSensitive true, Bake: Parse finds Bake bread only",
            #"{"title":{"$text":{"$search":{"$term":"Bake","$caseSensitive":true}}}}"#, [0]),
        WhereCase(
            "$text $caseSensitive true, creme: Parse and kit find nothing (C is a capital)",
            #"{"title":{"$text":{"$search":{"$term":"creme","$caseSensitive":true}}}}"#,
            []),
        WhereCase(
            "$text $caseSensitive true, Creme: Parse and kit still fold accents",
            #"{"title":{"$text":{"$search":{"$term":"Creme","$caseSensitive":true}}}}"#,
            [2]),
        WhereCase(
            "$text $caseSensitive false, bake: Parse as the default",
            #"{"title":{"$text":{"$search":{"$term":"bake","$caseSensitive":false}}}}"#,
            [0, 5]),
        WhereCase(
            "$text $diacriticSensitive true, creme: Parse finds nothing",
            #"{"title":{"$text":{"$search":{"$term":"creme","$diacriticSensitive":true}}}}"#, []),
        WhereCase(
            "$text $diacriticSensitive true, crème: Parse and kit still fold case",
            #"{"title":{"$text":{"$search":{"$term":"crème","$diacriticSensitive":true}}}}"#, [2]),
        WhereCase(
            "$text both sensitive, Crème: Parse and kit match exactly",
            #"{"title":{"$text":{"$search":{"$term":"Crème","$caseSensitive":true,"$diacriticSensitive":true}}}}"#,
            [2]),
        WhereCase(
            "$text both sensitive, Creme: Parse and kit find nothing",
            #"{"title":{"$text":{"$search":{"$term":"Creme","$caseSensitive":true,"$diacriticSensitive":true}}}}"#, []),
        WhereCase("$text with $language: Parse accepts it", #"{"title":{"$text":{"$search":{"$term":"bake","$language":"en"}}}}"#, [0, 5]),
        WhereCase("$text on notes: Parse and kit find both desserts", #"{"notes":{"$text":{"$search":{"$term":"DESSERT"}}}}"#, [2, 3]),
        WhereCase(
            "$text with another field: Parse ANDs them", #"{"title":{"$text":{"$search":{"$term":"creme"}}},"isCompleted":false}"#, [2]),
        // $or and $and
        WhereCase("$or: Parse finds either", #"{"$or":[{"title":"buy milk"},{"isCompleted":true}]}"#, [0, 1, 3]),
        WhereCase("$or of one that matches nothing: Parse finds nothing", #"{"$or":[{"title":"nope"}]}"#, []),
        WhereCase("$and: Parse finds both", #"{"$and":[{"isCompleted":false},{"title":{"$regex":"^C"}}]}"#, [2, 4]),
        WhereCase(
            "$or inside $and: Parse", #"{"$and":[{"$or":[{"title":"Call Ada"},{"title":"apple pie"}]},{"isCompleted":true}]}"#, [3]),
        WhereCase(
            "$or beside a field: Parse ANDs them", #"{"$or":[{"notes":{"$exists":false}},{"title":{"$regex":"^a"}}],"isCompleted":false}"#,
            [1, 4]),
        WhereCase("an empty where: Parse finds all", #"{}"#, SixTasks.all),
    ]

    struct WhereErrorCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let template: String
        let code: Int
        let message: String?
        /// Instead of an exact message: the message's start.
        let prefix: String?

        init(_ description: String, _ template: String, _ code: Int, message: String? = nil, prefix: String? = nil) {
            testDescription = description
            self.template = template
            self.code = code
            self.message = message
            self.prefix = prefix
        }
    }

    static let whereErrorCases: [WhereErrorCase] = [
        WhereErrorCase("an invalid pattern (: Parse 500 code 1 from Mongo; kit 400 102", #"{"title":{"$regex":"("}}"#, 102),
        WhereErrorCase("an invalid pattern [a-: Parse 500 code 1; kit 400 102", #"{"title":{"$regex":"[a-"}}"#, 102),
        WhereErrorCase("an unquoted e (: Parse 500 code 1; kit 400 102", #"{"title":{"$regex":"e ("}}"#, 102),
        WhereErrorCase("a backreference: Parse (PCRE) runs it; kit 400 102 (no backtracking)", #"{"title":{"$regex":"(a)\\1"}}"#, 102),
        WhereErrorCase("a lookahead: Parse runs it; kit 400 102", #"{"title":{"$regex":"B(?=a)"}}"#, 102),
        WhereErrorCase("a lookbehind: Parse runs it; kit 400 102", #"{"title":{"$regex":"(?<!a)b"}}"#, 102),
        WhereErrorCase(
            "a pattern of 1001 characters: Parse has no limit; kit 400 102",
            "{\"title\":{\"$regex\":\"\(String(repeating: "a", count: 1001))\"}}",
            102),
        WhereErrorCase(
            "$options g: Parse 400 102 Bad $options value for query: g", #"{"title":{"$regex":"^B","$options":"g"}}"#, 102,
            message: "Bad $options value for query: g"),
        WhereErrorCase(
            "$options iu: Parse 400 102 Bad $options value for query: iu", #"{"title":{"$regex":"^B","$options":"iu"}}"#, 102,
            message: "Bad $options value for query: iu"),
        WhereErrorCase(
            "an unknown operator $foo: Parse 400 107 bad constraint: $foo", #"{"title":{"$foo":1}}"#, 107, message: "bad constraint: $foo"),
        WhereErrorCase(
            "an unknown operator $like: Parse 400 107 bad constraint: $like", #"{"isCompleted":{"$like":true}}"#, 107,
            message: "bad constraint: $like"),
        WhereErrorCase(
            "$or not an array: Parse 400 102 Bad $or format - use an array value.", #"{"$or":{"title":"x"}}"#, 102,
            message: "Bad $or format - use an array value."),
        WhereErrorCase(
            "$and not an array: Parse 400 102 Bad $and format - use an array value.", #"{"$and":"x"}"#, 102,
            message: "Bad $and format - use an array value."),
        WhereErrorCase("an unknown top-level $key: Parse 400 105 Invalid key name; kit 400 102", #"{"$foo":[]}"#, 102),
        WhereErrorCase(
            "$text with $search not an object: Parse 400 107 bad $text: $search, should be object",
            #"{"title":{"$text":{"$search":"creme"}}}"#,
            107, prefix: "bad $text: "),
        WhereErrorCase(
            "$text with $term not a string: Parse 400 107 bad $text: $term, should be string",
            #"{"title":{"$text":{"$search":{"$term":5}}}}"#,
            107, prefix: "bad $text: "),
        WhereErrorCase(
            "$text with $caseSensitive not a boolean: Parse 400 107 bad $text: …",
            #"{"title":{"$text":{"$search":{"$term":"x","$caseSensitive":"yes"}}}}"#, 107, prefix: "bad $text: "),
        WhereErrorCase(
            "$text with $diacriticSensitive not a boolean: Parse 400 107 bad $text: …",
            #"{"title":{"$text":{"$search":{"$term":"x","$diacriticSensitive":1}}}}"#, 107, prefix: "bad $text: "),
        WhereErrorCase(
            "$text with $language not a string: Parse 400 107 bad $text: …",
            #"{"title":{"$text":{"$search":{"$term":"x","$language":5}}}}"#,
            107, prefix: "bad $text: "),
    ]

    struct OrderCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let order: JSON
        let whereTemplate: String?
        let expected: @Sendable (SixTasks) -> [Int]

        init(_ description: String, _ order: JSON, where whereTemplate: String? = nil, _ expected: [Int]) {
            testDescription = description
            self.order = order
            self.whereTemplate = whereTemplate
            self.expected = { _ in expected }
        }

        init(_ description: String, _ order: JSON, computed: @escaping @Sendable (SixTasks) -> [Int]) {
            testDescription = description
            self.order = order
            self.whereTemplate = nil
            self.expected = computed
        }
    }

    static func byObjectID(_ tasks: SixTasks, descending: Bool) -> [Int] {
        let sorted = tasks.ids.indices.sorted { tasks.ids[$0].unicodeScalars.lexicographicallyPrecedes(tasks.ids[$1].unicodeScalars) }
        return descending ? sorted.reversed() : sorted
    }

    static let orderCases: [OrderCase] = [
        OrderCase("title: kit's title order, case-folded then exact (extension; Parse orders by bytes)", "title", [3, 0, 5, 1, 4, 2]),
        OrderCase("-title: descending (kit's title order reversed; Parse by bytes)", "-title", [2, 4, 1, 5, 0, 3]),
        OrderCase("createdAt: Parse oldest first", "createdAt", [0, 1, 2, 3, 4, 5]),
        OrderCase("-createdAt: Parse newest first", "-createdAt", [5, 4, 3, 2, 1, 0]),
        OrderCase("updatedAt: Parse", "updatedAt", [0, 1, 2, 3, 4, 5]),
        OrderCase("-updatedAt: Parse", "-updatedAt", [5, 4, 3, 2, 1, 0]),
        OrderCase("isCompleted: false first, ties by creation (kit; Parse leaves ties to Mongo)", "isCompleted", [1, 2, 4, 5, 0, 3]),
        OrderCase("-isCompleted: Parse true first; kit breaks ties by creation, earliest first", "-isCompleted", [0, 3, 1, 2, 4, 5]),
        OrderCase("comma list isCompleted,title: Parse splits on commas", "isCompleted,title", [5, 1, 4, 2, 3, 0]),
        OrderCase(
            "JSON array [isCompleted, title] (ParseSwift's form): same as the comma list", ["isCompleted", "title"], [5, 1, 4, 2, 3, 0]),
        OrderCase("JSON array [-isCompleted, -title]: Parse sorts by both, descending", ["-isCompleted", "-title"], [0, 3, 2, 4, 1, 5]),
        OrderCase("comma list isCompleted,-createdAt: Parse sorts by both", "isCompleted,-createdAt", [5, 4, 2, 1, 3, 0]),
        OrderCase("JSON array [-createdAt, title]: Parse newest first", ["-createdAt", "title"], [5, 4, 3, 2, 1, 0]),
        OrderCase(
            "notes: Parse orders strings by bytes, and so does the kit for fields other than title and name", "notes",
            where: #"{"notes":{"$exists":true}}"#, [3, 2, 0, 5]),
        OrderCase("-notes: Parse descending by bytes (scalars)", "-notes", where: #"{"notes":{"$exists":true}}"#, [5, 0, 2, 3]),
        OrderCase("objectId: Parse orders by the id string", "objectId", computed: { byObjectID($0, descending: false) }),
        OrderCase("-objectId: Parse descending by the id string", "-objectId", computed: { byObjectID($0, descending: true) }),
        OrderCase("an unknown field: Parse ignores it (creation order)", "colour", [0, 1, 2, 3, 4, 5]),
        OrderCase("an unknown field before a known one: Parse ignores the unknown", "colour,-createdAt", [5, 4, 3, 2, 1, 0]),
        OrderCase("an unknown field in a JSON array: Parse ignores it", ["colour", "title"], [3, 0, 5, 1, 4, 2]),
    ]

    struct ParametersCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let parameters: [(String, JSON)]
        let expected: [Int]
        /// The `count` the answer must carry, or nil for no `count` key.
        let count: Int?

        init(_ description: String, _ parameters: [(String, JSON)], _ expected: [Int], count: Int? = nil) {
            testDescription = description
            self.parameters = parameters
            self.expected = expected
            self.count = count
        }
    }

    static let pagingCases: [ParametersCase] = [
        ParametersCase("limit 2: Parse the first two", [("order", "createdAt"), ("limit", 2)], [0, 1]),
        ParametersCase("skip 4: Parse the last two", [("order", "createdAt"), ("skip", 4)], [4, 5]),
        ParametersCase("limit 2 skip 1: Parse", [("order", "createdAt"), ("limit", 2), ("skip", 1)], [1, 2]),
        ParametersCase("limit 0: Parse no results", [("order", "createdAt"), ("limit", 0)], []),
        ParametersCase("skip past the end: Parse no results", [("order", "createdAt"), ("skip", 10)], []),
        ParametersCase("ParseSwift's limit 100 skip 0 where {}: Parse all", [("limit", 100), ("skip", 0), ("where", [:])], SixTasks.all),
        ParametersCase("limit with -createdAt: Parse the newest two", [("order", "-createdAt"), ("limit", 2)], [5, 4]),
        ParametersCase(
            "count=1 with limit=0: Parse {\"results\":[],\"count\":6}", [("count", 1), ("limit", 0)], [], count: 6),
        ParametersCase(
            "count=true with limit=0 (ParseSwift 6's count): Parse {\"results\":[],\"count\":6}", [("count", true), ("limit", 0)], [],
            count: 6),
        ParametersCase(
            "count with where: Parse counts the matches", [("count", 1), ("limit", 0), ("where", ["isCompleted": true])], [], count: 2),
        ParametersCase(
            "count ignores limit and skip: Parse", [("order", "createdAt"), ("count", true), ("limit", 2), ("skip", 1)], [1, 2], count: 6),
        ParametersCase("no count parameter: Parse has no count key", [("order", "createdAt"), ("limit", 1)], [0]),
        ParametersCase(
            "count=0: Parse counts only for a truthy value, no count key", [("order", "createdAt"), ("count", 0)], SixTasks.all),
        ParametersCase("count=false: Parse no count key", [("order", "createdAt"), ("count", false)], SixTasks.all),
    ]

    struct KeysCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let parameters: [(String, JSON)]
        /// The fields each result has beside objectId, createdAt and updatedAt, for a task with notes and one without.
        let withNotes: Set<String>
        let withoutNotes: Set<String>
    }

    static let keysCases: [KeysCase] = [
        KeysCase(
            testDescription: "keys=title: Parse title and the always-kept keys", parameters: [("keys", "title")], withNotes: ["title"],
            withoutNotes: ["title"]),
        KeysCase(
            testDescription: "keys as a comma list title,notes: Parse", parameters: [("keys", "title,notes")],
            withNotes: ["title", "notes"],
            withoutNotes: ["title"]),
        KeysCase(
            testDescription: "keys as a JSON array (ParseSwift's form): Parse", parameters: [("keys", ["title", "notes"])],
            withNotes: ["title", "notes"], withoutNotes: ["title"]),
        KeysCase(
            testDescription: "keys=isCompleted: Parse", parameters: [("keys", "isCompleted")], withNotes: ["isCompleted"],
            withoutNotes: ["isCompleted"]),
        KeysCase(
            testDescription: "keys=objectId: Parse only the always-kept keys", parameters: [("keys", "objectId")], withNotes: [],
            withoutNotes: []),
        KeysCase(
            testDescription: "excludeKeys=notes,isCompleted: Parse drops them", parameters: [("excludeKeys", "notes,isCompleted")],
            withNotes: ["title"], withoutNotes: ["title"]),
        KeysCase(
            testDescription: "excludeKeys cannot drop objectId, createdAt, updatedAt: Parse",
            parameters: [("excludeKeys", ["objectId", "createdAt", "updatedAt", "title"])], withNotes: ["isCompleted", "notes"],
            withoutNotes: ["isCompleted"]),
    ]

    @Suite("Queries: where, order, limit, skip, count, keys, over GET URL parameters and POST _method GET alike")
    struct Queries {
        @Test(
            "where: equality, dates, $eq $ne $in $nin $exists $gt $gte $lt $lte, $regex, $text, $or, $and", arguments: whereCases,
            QueryTransport.allCases)
        func whereClause(_ query: WhereCase, via transport: QueryTransport) async throws {
            try await withSeededServer { harness, six in
                let whereJSON = try json(six.expand(query.template))
                let answer = try await harness.client.find("Task", [("where", whereJSON)], via: transport)
                #expect(answer.status == 200, "\(answer)")
                #expect(six.indices(answer.json?["results"]?.array ?? []) == query.expected, "\(answer)")
            }
        }

        @Test(
            "A bad where: invalid or unsupported patterns 102, bad $options 102, unknown $op 107, bad $or/$and 102, bad $text 107",
            arguments: whereErrorCases, QueryTransport.allCases)
        func whereError(_ query: WhereErrorCase, via transport: QueryTransport) async throws {
            try await withSeededServer { harness, _ in
                let answer = try await harness.client.find("Task", [("where", try json(query.template))], via: transport)
                expectParseError(answer, status: 400, code: query.code, message: query.message)
                if let prefix = query.prefix { #expect(answer.json?["error"]?.string?.hasPrefix(prefix) == true, "\(answer)") }
            }
        }

        @Test(
            "A catastrophic-backtracking pattern ^(a+)+$: Parse hands it to Mongo (may run long); kit answers quickly (linear-time matching)"
        )
        func noBacktracking() async throws {
            try await withParseServer { harness in
                try await harness.client.create("Task", ["title": .string(String(repeating: "a", count: 40) + "!")])
                // A backtracking matcher takes about 2^40 steps here; the client's timeout would end the test.
                let answer = try await harness.client.find("Task", [("where", ["title": ["$regex": "^(a+)+$"]])])
                #expect(answer.status == 200 && answer.json?["results"]?.array?.isEmpty == true, "\(answer)")
            }
        }

        @Test(
            "order: comma list or JSON array, any field, descending with -, unknown fields ignored", arguments: orderCases,
            QueryTransport.allCases)
        func order(_ order: OrderCase, via transport: QueryTransport) async throws {
            try await withSeededServer { harness, six in
                var parameters: [(String, JSON)] = [("order", order.order)]
                if let template = order.whereTemplate { parameters.append(("where", try json(template))) }
                let answer = try await harness.client.find("Task", parameters, via: transport)
                #expect(answer.status == 200, "\(answer)")
                #expect(six.indices(answer.json?["results"]?.array ?? []) == order.expected(six), "\(answer)")
            }
        }

        @Test(
            "limit, skip and count: count=1 or count=true gives {results, count} with count over all matches", arguments: pagingCases,
            QueryTransport.allCases)
        func paging(_ paging: ParametersCase, via transport: QueryTransport) async throws {
            try await withSeededServer { harness, six in
                let answer = try await harness.client.find("Task", paging.parameters, via: transport)
                #expect(answer.status == 200, "\(answer)")
                #expect(six.indices(answer.json?["results"]?.array ?? []) == paging.expected, "\(answer)")
                if let count = paging.count {
                    #expect(answer.json?.keys == ["count", "results"] && answer.json?["count"]?.int == count, "\(answer)")
                } else {
                    #expect(answer.json?.keys == ["results"], "\(answer)")
                }
            }
        }

        @Test(
            "A bad limit or skip: Parse does not check them; kit 400 102",
            arguments: [("limit", -1), ("limit", "x"), ("limit", 1.5), ("skip", -1), ("skip", "x")] as [(String, JSON)],
            QueryTransport.allCases)
        func badPaging(parameter: (String, JSON), via transport: QueryTransport) async throws {
            try await withParseServer { harness in
                let answer = try await harness.client.find("Task", [parameter], via: transport)
                expectParseError(answer, status: 400, code: 102)
            }
        }

        @Test("No limit: Parse answers at most 100 by default; kit has no default limit (extension), 105 of 105")
        func noDefaultLimit() async throws {
            try await withParseServer { harness in
                for index in 0..<105 { try await harness.client.create("Task", ["title": .string("Task \(index)")]) }
                #expect(try await harness.client.results("Task").count == 105)
                #expect(try await harness.client.results("Task", via: .postMethodGET).count == 105)
            }
        }

        @Test("keys and excludeKeys: Parse always keeps objectId, createdAt and updatedAt", arguments: keysCases, QueryTransport.allCases)
        func keys(_ keys: KeysCase, via transport: QueryTransport) async throws {
            try await withSeededServer { harness, _ in
                let results = try await harness.client.results("Task", keys.parameters + [("order", "createdAt")], via: transport)
                #expect(results.count == 6)
                let always: Set<String> = ["objectId", "createdAt", "updatedAt"]
                for (index, result) in results.enumerated() {
                    let hasNotes = SixTasks.fields[index]["notes"] != nil
                    #expect(Set(result.keys) == always.union(hasNotes ? keys.withNotes : keys.withoutNotes), "result \(index): \(result)")
                }
            }
        }

        @Test(
            "An unknown query parameter: Parse 400 102 Invalid parameter for query: NAME (explain: Parse runs it, kit refuses)",
            arguments: [("foo", 1), ("explain", true), ("Limit", 1), ("where2", [:])] as [(String, JSON)], QueryTransport.allCases)
        func unknownParameter(parameter: (String, JSON), via transport: QueryTransport) async throws {
            try await withParseServer { harness in
                let answer = try await harness.client.find("Task", [parameter], via: transport)
                expectParseError(answer, status: 400, code: 102, message: "Invalid parameter for query: \(parameter.0)")
            }
        }

        @Test(
            "Parameters Parse accepts that the kit ignores: include, includeAll, readPreference, includeReadPreference, subqueryReadPreference, hint, comment",
            arguments: [
                ("include", "owner"), ("includeAll", true), ("readPreference", "PRIMARY"), ("includeReadPreference", "PRIMARY"),
                ("subqueryReadPreference", "SECONDARY"), ("hint", "_id_"), ("comment", "dialect test"),
            ] as [(String, JSON)], QueryTransport.allCases)
        func ignoredParameter(parameter: (String, JSON), via transport: QueryTransport) async throws {
            try await withSeededServer { harness, six in
                let results = try await harness.client.results("Task", [parameter], via: transport)
                #expect(six.indices(results) == SixTasks.all)
            }
        }

        @Test(
            "Contacts order by name (kit's title order, extension; Parse by bytes) and by email (scalars, as Parse), both directions",
            arguments: QueryTransport.allCases)
        func contactOrder(via transport: QueryTransport) async throws {
            try await withParseServer { harness in
                var ids: [String] = []
                for (name, email) in [("bob", "b@example.com"), ("Alice", "c@example.com"), ("alice", "a@example.com")] {
                    ids.append(try await harness.client.create("Contact", ["name": .string(name), "email": .string(email)]).id)
                }
                for (order, expected) in [("name", [1, 2, 0]), ("-name", [0, 2, 1]), ("email", [2, 0, 1]), ("-email", [1, 0, 2])] {
                    let results = try await harness.client.results("Contact", [("order", .string(order))], via: transport)
                    #expect(results.map { $0["objectId"]?.string.flatMap { ids.firstIndex(of: $0) } ?? -1 } == expected, "order \(order)")
                }
                let ada = try await harness.client.results("Contact", [("where", ["name": "alice"])], via: transport)
                #expect(ada.map { $0["objectId"]?.string } == [ids[2]], "name equality is exact")
            }
        }

        @Test(
            "Ties: createdAt ties break by creation order in the same direction, all other ties earliest first (kit; Parse leaves ties to Mongo)",
            arguments: QueryTransport.allCases)
        func ties(via transport: QueryTransport) async throws {
            // A clock that stands still: every object has the same createdAt and updatedAt.
            try await withParseServer(clock: ManualClock()) { harness in
                var ids: [String] = []
                for title in ["Same", "same", "Same", "Other"] {
                    ids.append(try await harness.client.create("Task", ["title": .string(title)]).id)
                }
                let cases: [([(String, JSON)], [Int])] = [
                    ([], [0, 1, 2, 3]),
                    ([("order", "createdAt")], [0, 1, 2, 3]),
                    ([("order", "-createdAt")], [3, 2, 1, 0]),
                    ([("order", ["-createdAt"])], [3, 2, 1, 0]),
                    ([("order", "title")], [3, 0, 2, 1]),
                    ([("order", "-title")], [1, 0, 2, 3]),
                    ([("order", "isCompleted")], [0, 1, 2, 3]),
                    ([("order", "-isCompleted")], [0, 1, 2, 3]),
                    ([("order", "updatedAt")], [0, 1, 2, 3]),
                    ([("order", "-updatedAt")], [0, 1, 2, 3]),
                    ([("order", "isCompleted,-createdAt")], [3, 2, 1, 0]),
                    ([("order", "-createdAt"), ("skip", 1), ("limit", 2)], [2, 1]),
                ]
                for (parameters, expected) in cases {
                    let results = try await harness.client.results("Task", parameters, via: transport)
                    #expect(results.map { $0["objectId"]?.string.flatMap { ids.firstIndex(of: $0) } ?? -1 } == expected, "\(parameters)")
                }
            }
        }

        @Test(
            "Seeded random orders and pages agree with a model of the kit's decided order (Parse leaves ties to Mongo; the seed is printed on failure)"
        )
        func randomOrders() async throws {
            let seed = try TestSeed()
            var random = seed.generator()
            let clock = ManualClock()
            // Any failure, thrown or expected, names the seed, and how to repeat the run.
            try await seed.naming {
                try await withParseServer(clock: clock) { harness in
                    struct Row {
                        let sequence: Int
                        let id: String
                        let title: String
                        let isCompleted: Bool
                        let createdAt: String
                    }
                    var rows: [Row] = []
                    let titles = ["a", "A", "b", "B", "ab", "aB", "Ab"]
                    for sequence in 0..<24 {
                        // Some objects share an instant, so ties happen.
                        if Bool.random(using: &random) { clock.advance(seconds: 1) }
                        let title = titles[Int.random(in: 0..<titles.count, using: &random)]
                        let isCompleted = Bool.random(using: &random)
                        let created = try await harness.client.create("Task", ["title": .string(title), "isCompleted": .bool(isCompleted)])
                        rows.append(
                            Row(sequence: sequence, id: created.id, title: title, isCompleted: isCompleted, createdAt: created.createdAt))
                    }
                    let fields = ["title", "isCompleted", "createdAt"]
                    for round in 0..<12 {
                        var keys: [String] = []
                        for _ in 0..<Int.random(in: 1...3, using: &random) {
                            let field = fields[Int.random(in: 0..<fields.count, using: &random)]
                            keys.append(Bool.random(using: &random) ? "-" + field : field)
                        }
                        let skip = Int.random(in: 0...5, using: &random)
                        let limit = Int.random(in: 1...30, using: &random)
                        let transport = Bool.random(using: &random) ? QueryTransport.urlParameters : .postMethodGET
                        let expected = Self.modelOrder(rows.map { ($0.sequence, $0.title, $0.isCompleted, $0.createdAt) }, keys)
                            .dropFirst(skip).prefix(limit).map { rows[$0].id }
                        let order: JSON =
                            Bool.random(using: &random) ? .string(keys.joined(separator: ",")) : .array(keys.map { .string($0) })
                        let results = try await harness.client.results(
                            "Task", [("order", order), ("skip", .number(Double(skip))), ("limit", .number(Double(limit)))], via: transport)
                        #expect(
                            results.compactMap { $0["objectId"]?.string } == Array(expected),
                            "\(seed), round \(round): order \(order) skip \(skip) limit \(limit) \(transport.rawValue)"
                        )
                    }
                }
            }
        }

        /// The decided order: title by the case-folded title (ASCII here: lowercased) then
        /// exactly; isCompleted false before true; createdAt with creation order as part of
        /// the key (ties in the same direction); what is still tied, earliest created first.
        static func modelOrder(_ rows: [(sequence: Int, title: String, isCompleted: Bool, createdAt: String)], _ keys: [String]) -> [Int] {
            rows.sorted { lhs, rhs in
                for key in keys {
                    let descending = key.hasPrefix("-")
                    let field = descending ? String(key.dropFirst()) : key
                    var ascending: Bool?
                    switch field {
                    case "title":
                        let left = (lhs.title.lowercased(), lhs.title)
                        let right = (rhs.title.lowercased(), rhs.title)
                        if left != right { ascending = left < right }
                    case "isCompleted":
                        if lhs.isCompleted != rhs.isCompleted { ascending = !lhs.isCompleted }
                    default:
                        ascending = (lhs.createdAt, lhs.sequence) < (rhs.createdAt, rhs.sequence)
                    }
                    if let ascending { return descending ? !ascending : ascending }
                }
                return lhs.sequence < rhs.sequence
            }.map(\.sequence)
        }
    }
}

// MARK: - Batch

extension ParseDialectTests {
    /// Three tasks and a contact that the batch tests start from.
    struct BatchSeed: Sendable {
        let keep: String
        let rename: String
        let delete: String
        let contact: String

        static func make(_ client: ParseClient) async throws -> BatchSeed {
            BatchSeed(
                keep: try await client.create("Task", ["title": "Keep"]).id,
                rename: try await client.create("Task", ["title": "Rename me"]).id,
                delete: try await client.create("Task", ["title": "Delete me"]).id,
                contact: try await client.create("Contact", ["name": "Ada", "email": "ada@example.com"]).id)
        }
    }

    static func item(_ method: String, _ path: String, _ body: JSON? = nil) -> JSON {
        var item: [String: JSON] = ["method": .string(method), "path": .string(path)]
        if let body { item["body"] = body }
        return .object(item)
    }

    /// The state a failed transaction must leave: titles in creation order, contact names.
    static func state(_ client: ParseClient) async throws -> [JSON] {
        let tasks = try await client.results("Task", [("order", "createdAt")])
        let contacts = try await client.results("Contact", [("order", "createdAt")])
        return tasks + contacts
    }

    struct TransactionCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let items: @Sendable (BatchSeed) -> [JSON]
        let code: Int
        let message: String?
    }

    // Parse Server (replica set or Postgres) aborts a failed transaction and answers 500 {"code":1,"message":"Internal server error."}
    // without details; the kit answers 400 with the first failing item's {code, error} (extension). Either way nothing is saved.
    static let transactionCases: [TransactionCase] = [
        TransactionCase(
            testDescription: "a wrong type third: Parse 500 {code 1} and nothing saved; kit 400 111 and nothing changed",
            items: { seed in
                [
                    item("POST", "/parse/classes/Task", ["title": "New one"]),
                    item("PUT", "/parse/classes/Task/\(seed.rename)", ["title": "Renamed"]),
                    item("POST", "/parse/classes/Task", ["title": 7]), item("DELETE", "/parse/classes/Task/\(seed.delete)"),
                ]
            }, code: 111, message: "schema mismatch for Task.title; expected String but got Number"),
        TransactionCase(
            testDescription: "an update of a missing object: Parse 500 {code 1}; kit 400 101 and nothing changed",
            items: { seed in
                [
                    item("DELETE", "/parse/classes/Task/\(seed.delete)"),
                    item("PUT", "/parse/classes/Task/\(ParseDialectTests.someID)", ["title": "x"]),
                ]
            }, code: 101, message: "Object not found."),
        TransactionCase(
            testDescription:
                "an update of an object deleted earlier in the same batch: Parse 500 {code 1}, aborted; kit 400 101 and the delete undone",
            items: { seed in
                [
                    item("PUT", "/parse/classes/Task/\(seed.rename)", ["title": "Renamed"]),
                    item("DELETE", "/parse/classes/Task/\(seed.delete)"),
                    item("PUT", "/parse/classes/Task/\(seed.delete)", ["title": "Too late"]),
                ]
            }, code: 101, message: "Object not found."),
        TransactionCase(
            testDescription: "an unknown class: Parse 500 {code 1}; kit 400 119 and nothing changed",
            items: { _ in [item("POST", "/parse/classes/Task", ["title": "New one"]), item("POST", "/parse/classes/Song", ["title": "x"])]
            },
            code: 119, message: "This user is not allowed to access non-existent class: Song"),
        TransactionCase(
            testDescription: "an unknown field: Parse 500 {code 1}; kit 400 119 and nothing changed",
            items: { seed in
                [
                    item("PUT", "/parse/classes/Task/\(seed.rename)", ["title": "Renamed"]),
                    item("PUT", "/parse/classes/Task/\(seed.keep)", ["colour": "red"]),
                ]
            }, code: 119, message: "Permission denied for action addField on class Task."),
        TransactionCase(
            testDescription: "two bad items: Parse 500 {code 1}; kit answers the first one's error (111, not 119)",
            items: { _ in [item("POST", "/parse/classes/Task", ["title": false]), item("POST", "/parse/classes/Song", ["title": "x"])] },
            code: 111, message: "schema mismatch for Task.title; expected String but got Boolean"),
        TransactionCase(
            testDescription: "an empty title: Parse stores it (500 only if some item fails); kit 400 142 and nothing changed",
            items: { _ in [item("POST", "/parse/classes/Task", ["title": "New one"]), item("POST", "/parse/classes/Task", ["title": "  "])]
            },
            code: 142, message: nil),
        TransactionCase(
            testDescription: "a duplicate email within the batch: Parse 137 on the unique index; kit 400 137 and neither contact saved",
            items: { _ in
                [
                    item("POST", "/parse/classes/Contact", ["name": "Grace", "email": "grace@example.com"]),
                    item("POST", "/parse/classes/Contact", ["name": "Grace 2", "email": "GRACE@example.com"]),
                ]
            }, code: 137, message: nil),
    ]

    @Suite("Batch: per-item {success}/{error} in order, or all-or-nothing with transaction: true")
    struct Batch {
        @Test(
            "transaction: false: Parse 200 with one {success} or {error} per item, in order; a bad item does not stop the others",
            arguments: [false, true])
        func independentItems(sendTransactionKey: Bool) async throws {
            try await withParseServer { harness in
                let seed = try await BatchSeed.make(harness.client)
                var body: [String: JSON] = [
                    "requests": [
                        item("POST", "/parse/classes/Task", ["title": "New one"]),
                        item("POST", "/parse/classes/Task", ["title": 7]),
                        item("PUT", "/parse/classes/Task/\(seed.rename)", ["title": "Renamed"]),
                        item("DELETE", "/parse/classes/Task/\(seed.delete)"),
                        item("DELETE", "/parse/classes/Task/\(seed.delete)"),
                        item("POST", "/parse/classes/Contact", ["name": "Grace", "email": "grace@example.com"]),
                        item("POST", "/parse/classes/Song", ["title": "x"]),
                        item("PUT", "/parse/classes/Task/\(seed.rename)", ["title": "  Renamed again "]),
                        item("POST", "/parse/classes/Task", ["title": "x", "colour": "red"]),
                        item("PUT", "/parse/classes/Contact/\(seed.contact)", ["phone": "555 123 4567"]),
                    ]
                ]
                if sendTransactionKey { body["transaction"] = false }
                let answer = try await harness.client.send("POST", "/parse/batch", json: .object(body))
                #expect(answer.status == 200, "\(answer)")
                let items = try #require(answer.json?.array, "\(answer)")
                try #require(items.count == 10, "\(answer)")
                func success(_ index: Int, _ keys: [String]) {
                    #expect(items[index].keys == ["success"] && items[index]["success"]?.keys == keys, "item \(index): \(items[index])")
                }
                func failure(_ index: Int, _ code: Int, _ message: String) {
                    #expect(items[index].keys == ["error"], "item \(index): \(items[index])")
                    #expect(
                        items[index]["error"]?["code"]?.int == code && items[index]["error"]?["error"]?.string == message,
                        "item \(index): \(items[index])")
                }
                success(0, ["createdAt", "objectId"])
                failure(1, 111, "schema mismatch for Task.title; expected String but got Number")
                success(2, ["updatedAt"])
                success(3, [])
                failure(4, 101, "Object not found.")
                success(5, ["createdAt", "objectId"])
                failure(6, 119, "This user is not allowed to access non-existent class: Song")
                success(7, ["title", "updatedAt"])
                #expect(items[7]["success"]?["title"] == "Renamed again")
                failure(8, 119, "Permission denied for action addField on class Task.")
                success(9, ["updatedAt"])
                let titles = try await harness.client.results("Task", [("order", "createdAt")]).map { $0["title"]?.string ?? "?" }
                #expect(titles == ["Keep", "Renamed again", "New one"])
                let contacts = try await harness.client.results("Contact", [("order", "createdAt")])
                #expect(contacts.map { $0["name"]?.string ?? "?" } == ["Ada", "Grace"] && contacts.first?["phone"] == "555 123 4567")
            }
        }

        @Test("transaction: true, all good: Parse 200 with every {success}, all applied")
        func transactionSucceeds() async throws {
            try await withParseServer { harness in
                let seed = try await BatchSeed.make(harness.client)
                let answer = try await harness.client.send(
                    "POST", "/parse/batch",
                    json: [
                        "requests": [
                            item("POST", "/parse/classes/Task", ["title": "New one"]),
                            item("PUT", "/parse/classes/Task/\(seed.rename)", ["title": "Renamed"]),
                            item("DELETE", "/parse/classes/Task/\(seed.delete)"),
                        ],
                        "transaction": true,
                    ])
                #expect(answer.status == 200, "\(answer)")
                let items = try #require(answer.json?.array, "\(answer)")
                #expect(items.map { $0["success"]?.keys ?? ["?"] } == [["createdAt", "objectId"], ["updatedAt"], []], "\(answer)")
                let titles = try await harness.client.results("Task", [("order", "createdAt")]).map { $0["title"]?.string ?? "?" }
                #expect(titles == ["Keep", "Renamed", "New one"])
            }
        }

        @Test(
            "transaction: true with a failing item: nothing changes and the answer is 400 with the first failing item's {code, error}",
            arguments: transactionCases)
        func transactionFails(_ transaction: TransactionCase) async throws {
            try await withParseServer { harness in
                let seed = try await BatchSeed.make(harness.client)
                let before = try await ParseDialectTests.state(harness.client)
                let answer = try await harness.client.send(
                    "POST", "/parse/batch", json: ["requests": .array(transaction.items(seed)), "transaction": true])
                // The decisions say 400 for every failing item, 101 included (not 404).
                expectParseError(answer, status: 400, code: transaction.code, message: transaction.message)
                #expect(try await ParseDialectTests.state(harness.client) == before, "a failed transaction must change nothing")
            }
        }

        @Test(
            "A path without /parse, another method or route: Parse 400 107 for the whole batch, cannot route …; nothing runs",
            arguments: [
                ("POST", "/classes/Task", "cannot route batch path /classes/Task"),
                ("GET", "/parse/classes/Task", "cannot route GET /parse/classes/Task"),
                ("PATCH", "/parse/classes/Task/\(someID)", "cannot route PATCH /parse/classes/Task/\(someID)"),
                ("POST", "/parse/users", "cannot route POST /parse/users"),
            ] as [(method: String, path: String, message: String)], [false, true])
        func unroutable(route: (method: String, path: String, message: String), transaction: Bool) async throws {
            let (method, path, message) = route
            try await withParseServer { harness in
                let answer = try await harness.client.send(
                    "POST", "/parse/batch",
                    json: [
                        "requests": [item("POST", "/parse/classes/Task", ["title": "First"]), item(method, path, ["title": "x"])],
                        "transaction": .bool(transaction),
                    ])
                expectParseError(answer, status: 400, code: 107, message: message)
                #expect(try await harness.client.results("Task").isEmpty, "no item of a refused batch runs")
            }
        }
    }
}

// MARK: - Idempotency

extension ParseDialectTests {
    @Suite(
        "X-Parse-Request-Id: Parse (idempotency option on) rejects a repeat with 159 Duplicate request; kit replays the first answer (extension)"
    )
    struct Idempotency {
        @Test(
            "The same X-Parse-Request-Id on a create twice: Parse (idempotency on) 400 159 Duplicate request; kit one object, the same answer"
        )
        func createTwice() async throws {
            try await withParseServer { harness in
                let id = UUID().uuidString.lowercased()
                var answers: [ParseResponse] = []
                for _ in 0..<2 {
                    answers.append(
                        try await harness.client.send(
                            "POST", "/parse/classes/Task", json: ["title": "Once"], headers: ["X-Parse-Request-Id": id]))
                }
                #expect(answers[0].status == 201 && answers[1].status == 201, "\(answers)")
                #expect(answers[0].body == answers[1].body, "\(answers)")
                #expect(answers[0].header("Location") == answers[1].header("Location"))
                #expect(try await harness.client.results("Task").count == 1)
                let other = try await harness.client.send(
                    "POST", "/parse/classes/Task", json: ["title": "Once"], headers: ["X-Parse-Request-Id": UUID().uuidString.lowercased()])
                #expect(other.status == 201 && other.json?["objectId"] != answers[0].json?["objectId"])
                #expect(try await harness.client.results("Task").count == 2)
            }
        }

        @Test("The same X-Parse-Request-Id on a Toggle twice: Parse has no Toggle; kit flips it once and replays the answer")
        func toggleTwice() async throws {
            try await withParseServer { harness in
                let created = try await harness.client.create("Task", ["title": "Flip once"])
                let id = UUID().uuidString.lowercased()
                for _ in 0..<2 {
                    let answer = try await harness.client.send(
                        "PUT", "/parse/classes/Task/\(created.id)", json: ["isCompleted": ["__op": "Toggle"]],
                        headers: ["X-Parse-Request-Id": id])
                    #expect(answer.status == 200 && answer.json?["isCompleted"] == true, "\(answer)")
                }
                #expect(try await harness.client.get("Task", created.id).json?["isCompleted"] == true)
            }
        }

        @Test("The same X-Parse-Request-Id on a batch twice: Parse never deduplicates /batch; kit runs it once and replays the answer")
        func batchTwice() async throws {
            try await withParseServer { harness in
                let id = UUID().uuidString.lowercased()
                let body: JSON = [
                    "requests": [
                        item("POST", "/parse/classes/Task", ["title": "One"]), item("POST", "/parse/classes/Task", ["title": "Two"]),
                    ],
                    "transaction": false,
                ]
                let first = try await harness.client.send("POST", "/parse/batch", json: body, headers: ["X-Parse-Request-Id": id])
                let second = try await harness.client.send("POST", "/parse/batch", json: body, headers: ["X-Parse-Request-Id": id])
                #expect(first.status == 200 && first.body == second.body, "\(first) / \(second)")
                #expect(try await harness.client.results("Task").count == 2)
            }
        }
    }
}

// MARK: - ParseSwift

extension ParseDialectTests {
    @Suite("A ParseSwift-shaped session: the headers, queries and writes the SDK sends (facts §1, §3, §5, §6, §8)")
    struct ParseSwiftSession {
        /// Sends a request as ParseSwift 4.14.2 does on Linux: the application id, the client
        /// version, the installation id and Content-Type on every request (GET and DELETE too),
        /// a fresh X-Parse-Request-Id on POST and PUT only, no REST key.
        struct SDK {
            let client: ParseClient

            init(_ harness: ParseHarness) {
                client = harness.withHeaders([
                    "X-Parse-Application-Id": "crudkit", "X-Parse-Client-Version": "swift4.14.2",
                    "X-Parse-Installation-Id": "5d1c0a7e-2b9f-4c3e-8a61-0f3b7e9d2c44", "Content-Type": "application/json",
                ])
            }

            func send(_ method: String, _ path: String, query: [(String, String)] = [], body: JSON? = nil) async throws -> ParseResponse {
                let requestID: String? = ["POST", "PUT"].contains(method) ? UUID().uuidString.lowercased() : nil
                let answer = try await client.send(method, path, query: query, body: body?.text, headers: ["X-Parse-Request-Id": requestID])
                // ParseSwift first reads every body as a ParseError: a success must not look like one.
                if (200..<300).contains(answer.status), let object = answer.json?.object {
                    #expect(object["error"]?.string == nil && object["message"]?.string == nil, "\(method) \(path): \(answer)")
                }
                return answer
            }

            /// GET /classes/Task with the query items ParseSwift sends, sorted by name.
            func find(_ whereJSON: JSON = [:], extra: [(String, String)] = []) async throws -> ParseResponse {
                let items = [("limit", "100"), ("skip", "0"), ("where", whereJSON.text)] + extra
                return try await send("GET", "/parse/classes/Task", query: items.sorted { $0.0 < $1.0 })
            }
        }

        @Test(
            "Health, creates, finds, fetch, whole-object save, counts, unset, saveAll, delete, deleteAll: every step succeeds as Parse answers it"
        )
        func session() async throws {
            try await withParseServer { harness in
                let sdk = SDK(harness)
                // ParseHealth.check(): POST /health with no body.
                let health = try await sdk.send("POST", "/parse/health")
                #expect(health.status == 200 && health.json == ["status": "ok"], "\(health)")

                // save() of new objects: POST with every non-nil property; CreateResponse needs objectId and createdAt.
                let bread = try await sdk.send("POST", "/parse/classes/Task", body: ["title": "Bake bread", "isCompleted": false])
                #expect(bread.status == 201 && isParseDate(bread.json?["createdAt"]?.string), "\(bread)")
                let breadID = try #require(bread.json?["objectId"]?.string)
                let milk = try await sdk.send(
                    "POST", "/parse/classes/Task", body: ["title": "Buy milk", "notes": "2 litres", "isCompleted": false])
                let milkID = try #require(milk.json?["objectId"]?.string, "\(milk)")

                // find(): limit=100&order=["-createdAt"]&skip=0&where={}.
                let found = try await sdk.find(extra: [("order", #"["-createdAt"]"#)])
                let results = try #require(found.json?["results"]?.array, "\(found)")
                #expect(results.map { $0["objectId"]?.string } == [milkID, breadID], "\(found)")
                #expect(results.allSatisfy { isParseDate($0["createdAt"]?.string) && isParseDate($0["updatedAt"]?.string) }, "\(found)")
                #expect(
                    found.header("Cache-Control")?.contains("no-store") == true, "corelibs' cache must not replay finds: \(found.headers)")

                // fetch(): GET /classes/Task/ID without parameters.
                let fetched = try await sdk.send("GET", "/parse/classes/Task/\(breadID)")
                #expect(fetched.json?["title"] == "Bake bread" && fetched.json?["notes"] == nil, "\(fetched)")

                // save() of a fetched object: PUT of every non-nil property; the answer must not carry createdAt.
                let saved = try await sdk.send("PUT", "/parse/classes/Task/\(breadID)", body: ["title": "Bake bread", "isCompleted": true])
                #expect(
                    saved.status == 200 && saved.json?.keys == ["updatedAt"] && isParseDate(saved.json?["updatedAt"]?.string), "\(saved)")

                // "title" == "Bake bread" as ParseSwift 4 (bare) and 6 ($eq) encode it; a boolean constraint.
                for whereJSON: JSON in [["title": "Bake bread"], ["title": ["$eq": "Bake bread"]], ["isCompleted": true]] {
                    let answer = try await sdk.find(whereJSON)
                    #expect(answer.json?["results"]?.array?.map { $0["objectId"]?.string } == [breadID], "\(whereJSON): \(answer)")
                }
                // containsString and hasPrefix (with modifiers) become \Q…\E regexes.
                let contains = try await sdk.find(["title": ["$regex": "\\Qmilk\\E"]])
                #expect(contains.json?["results"]?.array?.map { $0["objectId"]?.string } == [milkID], "\(contains)")
                let prefix = try await sdk.find(["title": ["$regex": "^\\Qbake\\E", "$options": "i"]])
                #expect(prefix.json?["results"]?.array?.map { $0["objectId"]?.string } == [breadID], "\(prefix)")

                // count() of ParseSwift 6: count=true&limit=0; withCount: count=true with the query's limit.
                let count = try await sdk.send(
                    "GET", "/parse/classes/Task", query: [("count", "true"), ("limit", "0"), ("skip", "0"), ("where", "{}")])
                #expect(count.json == ["results": [], "count": 2], "\(count)")
                let withCount = try await sdk.send(
                    "GET", "/parse/classes/Task", query: [("count", "true"), ("limit", "100"), ("skip", "0"), ("where", "{}")])
                #expect(withCount.json?["count"] == 2 && withCount.json?["results"]?.array?.count == 2, "\(withCount)")
                // count() of ParseSwift 4 with usingPostForQuery: "count":true,"limit":1.
                let postCount = try await sdk.send(
                    "POST", "/parse/classes/Task", body: ["_method": "GET", "count": true, "limit": 1, "skip": 0, "where": [:]])
                #expect(postCount.json?["count"] == 2 && postCount.json?["results"]?.array?.count == 1, "\(postCount)")
                // find() with usingPostForQuery.
                let postFind = try await sdk.send(
                    "POST", "/parse/classes/Task",
                    body: ["_method": "GET", "limit": 100, "skip": 0, "where": ["isCompleted": false], "order": ["-createdAt"]])
                #expect(postFind.json?["results"]?.array?.map { $0["objectId"]?.string } == [milkID], "\(postFind)")

                // operation.unset(("notes", \.notes)).save(): {"notes":{"__op":"Delete"}}.
                let unset = try await sdk.send("PUT", "/parse/classes/Task/\(milkID)", body: ["notes": ["__op": "Delete"]])
                #expect(unset.status == 200 && unset.json?["updatedAt"] != nil && unset.json?["createdAt"] == nil, "\(unset)")
                let afterUnset = try await sdk.send("GET", "/parse/classes/Task/\(milkID)")
                #expect(
                    afterUnset.status == 200 && afterUnset.json?["title"] != nil && afterUnset.json?["notes"] == nil,
                    "the task read back after unsetting its notes: \(afterUnset)")

                // saveAll(): POST /batch with the transaction key always present.
                let saveAll = try await sdk.send(
                    "POST", "/parse/batch",
                    body: [
                        "requests": [
                            item("PUT", "/parse/classes/Task/\(milkID)", ["title": "Buy milk", "isCompleted": true]),
                            item("POST", "/parse/classes/Task", ["title": "Call Ada", "isCompleted": false]),
                        ],
                        "transaction": false,
                    ])
                let saveItems = try #require(saveAll.json?.array, "\(saveAll)")
                #expect(saveItems.map { $0["success"]?.keys ?? ["?"] } == [["updatedAt"], ["createdAt", "objectId"]], "\(saveAll)")
                let adaID = try #require(saveItems.last?["success"]?["objectId"]?.string)

                // delete(): DELETE with Content-Type and no body; a fetch afterwards reaches the server and gets 101.
                let deleted = try await sdk.send("DELETE", "/parse/classes/Task/\(breadID)")
                #expect(deleted.status == 200 && deleted.text == "{}", "\(deleted)")
                let gone = try await sdk.send("GET", "/parse/classes/Task/\(breadID)")
                expectParseError(gone, status: 404, code: 101, message: "Object not found.")

                // deleteAll(): batch DELETE items without a body.
                let deleteAll = try await sdk.send(
                    "POST", "/parse/batch",
                    body: [
                        "requests": [
                            ["method": "DELETE", "path": .string("/parse/classes/Task/\(milkID)")],
                            ["method": "DELETE", "path": .string("/parse/classes/Task/\(adaID)")],
                        ],
                        "transaction": false,
                    ])
                #expect(deleteAll.json == [["success": [:]], ["success": [:]]], "\(deleteAll)")
                let empty = try await sdk.send(
                    "GET", "/parse/classes/Task", query: [("count", "true"), ("limit", "0"), ("skip", "0"), ("where", "{}")])
                #expect(empty.json == ["results": [], "count": 0], "\(empty)")
            }
        }

        @Test("With a client key configured, ParseSwift's X-Parse-Client-Key passes (it never sends a REST key)")
        func clientKey() async throws {
            try await withParseServer(clientKey: "swift-client-key") { harness in
                let sdk = harness.withHeaders([
                    "X-Parse-Application-Id": "crudkit", "X-Parse-Client-Key": "swift-client-key", "X-Parse-Client-Version": "swift4.14.2",
                    "Content-Type": "application/json",
                ])
                let created = try await sdk.send(
                    "POST", "/parse/classes/Task", json: ["title": "Keyed"], headers: ["X-Parse-Request-Id": "r-1"])
                #expect(created.status == 201, "\(created)")
                let found = try await sdk.send("GET", "/parse/classes/Task", query: [("limit", "100"), ("skip", "0"), ("where", "{}")])
                #expect(found.json?["results"]?.array?.count == 1, "\(found)")
            }
        }
    }
}
