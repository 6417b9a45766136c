import Foundation
import Testing

/// Many `crudkit` commands at the same moment on one store, as a script starting them in
/// parallel would: every one must succeed, and every write must be stored.
@Suite("Commands run in parallel on one store")
struct ParallelCommandsTests {
    @Test("20 parallel crudkit tasks add on one new store all succeed, and all 20 tasks are stored", arguments: ["sqlite", "json"])
    func parallelAdds(kind: String) async throws {
        let workspace = try Workspace()
        let crudkit = Crudkit(folder: workspace.path, store: "\(kind):\(workspace.path)/tasks.\(kind)")
        let results = try await withThrowingTaskGroup(of: (Int, Crudkit.Result).self) { group in
            for index in 0..<20 { group.addTask { (index, try await crudkit.run(["tasks", "add", "parallel \(index)"])) } }
            return try await group.reduce(into: [(Int, Crudkit.Result)]()) { $0.append($1) }
        }
        for (index, result) in results.sorted(by: { $0.0 < $1.0 }) {
            #expect(result.status == 0, "tasks add 'parallel \(index)' on \(kind): exit \(result.status), \(result.err)")
        }
        let listed = try await crudkit.run(["tasks", "list", "--json"])
        let titles = try JSONDecoder().decode([TaskJSON].self, from: Data(listed.out.utf8)).map(\.title)
        #expect(Set(titles) == Set((0..<20).map { "parallel \($0)" }) && titles.count == 20)
    }

    @Test("On an existing store, 10 adds with 10 lists alongside all succeed", arguments: ["sqlite", "json"])
    func addsWithLists(kind: String) async throws {
        let workspace = try Workspace()
        let crudkit = Crudkit(folder: workspace.path, store: "\(kind):\(workspace.path)/tasks.\(kind)")
        #expect(try await crudkit("tasks", "add", "already there").status == 0)
        let results = try await withThrowingTaskGroup(of: (String, Crudkit.Result).self) { group in
            for index in 0..<10 {
                group.addTask { ("tasks add \(index)", try await crudkit.run(["tasks", "add", "added \(index)"])) }
                group.addTask { ("tasks list \(index)", try await crudkit.run(["tasks", "list"])) }
            }
            return try await group.reduce(into: [(String, Crudkit.Result)]()) { $0.append($1) }
        }
        for (command, result) in results {
            #expect(result.status == 0, "\(command) on \(kind): exit \(result.status), \(result.err)")
        }
        let listed = try await crudkit.run(["tasks", "list", "--json"])
        #expect(try JSONDecoder().decode([TaskJSON].self, from: Data(listed.out.utf8)).count == 11)
    }
}
