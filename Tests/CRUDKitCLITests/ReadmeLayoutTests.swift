import Foundation
import Testing

/// The README's layout section names every module and test folder, and nothing that is gone.
@Suite("README layout")
struct ReadmeLayoutTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder names the layout block lists under `parent/` (lines indented by two spaces).
    static func listed(under parent: String, in readme: String) throws -> Set<String> {
        let layout = try #require(readme.components(separatedBy: "## Layout\n").dropFirst().first, "no Layout section")
        let block = try #require(layout.components(separatedBy: "```").dropFirst().first, "no code block in Layout")
        var names: Set<String> = []
        var inside = false
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") { inside = line.hasPrefix(parent + "/") }
            guard inside, line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first, word.hasSuffix("/")
            else { continue }
            if !word.hasPrefix("*") { names.insert(String(word.dropLast())) }
        }
        return names
    }

    @Test("Every folder of Sources/ and Tests/ is in the README's layout, and every folder there exists", arguments: ["Sources", "Tests"])
    func layoutMatchesTree(parent: String) throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let listed = try Self.listed(under: parent, in: readme)
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(parent).path)
            .filter { name in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(
                    atPath: Self.root.appendingPathComponent("\(parent)/\(name)").path, isDirectory: &isFolder)
                    && isFolder.boolValue && !name.hasPrefix(".")
            }
        #expect(!listed.isEmpty)
        #expect(Set(folders).subtracting(listed).sorted() == [], "in \(parent)/ but not in the README's layout")
        #expect(listed.subtracting(folders).sorted() == [], "in the README's layout but not in \(parent)/")
    }
}
