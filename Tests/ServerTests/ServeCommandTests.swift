import CRUDHTTP
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `crudkit serve` as a real process: it prints its URL, serves, and stops cleanly on SIGTERM.
@Suite("crudkit serve")
struct ServeCommandTests {
    struct MissingExecutable: Error, CustomStringConvertible {
        var description: String { "crudkit was not built beside the tests" }
    }

    static func crudkit() throws -> URL {
        guard let path = BuiltProduct.path("crudkit") else { throw MissingExecutable() }
        return URL(fileURLWithPath: path)
    }

    /// Starts `crudkit serve` and returns the process and the URL it printed.
    func serve(_ arguments: [String]) async throws -> (ChildProcess, URL) {
        let process = try ChildProcess(try Self.crudkit().path, ["serve", "--port", "0", "--quiet"] + arguments)
        let line = await process.firstLine()
        let address = try #require(line.split(separator: " ").last, "no URL in: \(line)")
        return (process, try #require(URL(string: String(address))))
    }

    @Test("Data served from an SQLite store survives a SIGTERM and a restart")
    func restart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = "sqlite:" + folder.appendingPathComponent("served.sqlite").path
        let (first, url) = try await serve(["--store", store])
        let client = HTTPStore(configuration: TestServer.clientConfiguration(url))
        let task = try await client.createTask(title: "Served", notes: nil)
        first.kill(SIGTERM)
        #expect(await first.finished().ending == .exited(0))
        let (second, secondURL) = try await serve(["--store", store])
        let again = HTTPStore(configuration: TestServer.clientConfiguration(secondURL))
        #expect(try await again.task(id: task.id).title == "Served")
        second.kill(SIGINT)
        #expect(await second.finished().ending == .exited(0))
    }

    @Test("A corrupt store is reported with exit status 74 and left alone")
    func corruptStore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.json")
        try Data("not json".utf8).write(to: file)
        let process = try ChildProcess(try Self.crudkit().path, ["serve", "--port", "0", "--store", "json:" + file.path])
        let (ending, _, message) = process.finish()
        #expect(ending == .exited(74))
        #expect(message.hasPrefix("error: The store at") && message.contains("left unchanged"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "not json")
    }
}
