// Lists the public declarations of the kit that have no doc comment of their own, from the
// symbol graphs in the folders given, and fails when there is one.
//
//   swift .ci/undocumented.swift ROOT GRAPH_DIR... [--only PATH_PREFIX...]
//
// A declaration counts when the symbol graph places it in a file under ROOT (so members the
// compiler synthesises, or that come from the standard library, do not). It is documented
// when it has a doc comment written at it, or when it implements a requirement of one of
// the kit's own protocols whose doc comment DocC shows in its place (a store's
// `createTask(title:notes:)` is documented once, on `CRUDSpec`). A doc comment inherited
// from the standard library (`description`, `id`, `init(from:)`) does not count.
// `--only` keeps the declarations whose file path, relative to ROOT, starts with a prefix.
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
var prefixes: [String] = []
if let only = arguments.firstIndex(of: "--only") {
    prefixes = Array(arguments[(only + 1)...])
    arguments = Array(arguments[..<only])
}
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: undocumented.swift ROOT GRAPH_DIR... [--only PATH_PREFIX...]\n".utf8))
    exit(2)
}
let root = "file://" + URL(fileURLWithPath: arguments[0]).standardizedFileURL.path + "/"

struct Graph: Decodable {
    struct Symbol: Decodable {
        struct Location: Decodable {
            struct Position: Decodable { let line: Int }
            let uri: String
            let position: Position
        }
        struct DocComment: Decodable {
            struct Line: Decodable { let text: String }
            let uri: String?
            let lines: [Line]
        }
        let pathComponents: [String]
        let accessLevel: String
        let location: Location?
        let docComment: DocComment?
    }
    let symbols: [Symbol]
}

var found = Set<String>()
var unreadable = false
for folder in arguments.dropFirst() {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for file in files where file.hasSuffix(".symbols.json") {
        guard let data = FileManager.default.contents(atPath: folder + "/" + file),
            let graph = try? JSONDecoder().decode(Graph.self, from: data)
        else {
            print("cannot read the symbol graph \(folder)/\(file)")
            unreadable = true
            continue
        }
        for symbol in graph.symbols where ["public", "open"].contains(symbol.accessLevel) {
            guard let location = symbol.location, location.uri.hasPrefix(root) else { continue }
            let path = String(location.uri.dropFirst(root.count))
            guard prefixes.isEmpty || prefixes.contains(where: { path.hasPrefix($0) }) else { continue }
            let written = symbol.docComment.map { comment in comment.lines.contains { !$0.text.allSatisfy(\.isWhitespace) } } ?? false
            // Written at the declaration, or inherited from a protocol of the kit (its file is under ROOT).
            if written, let uri = symbol.docComment?.uri, uri == location.uri || uri.hasPrefix(root) { continue }
            found.insert("\(path):\(location.position.line + 1): \(symbol.pathComponents.joined(separator: "."))")
        }
    }
}
for line in found.sorted() { print(line) }
print("\(found.count) public declarations without a doc comment")
exit(found.isEmpty && !unreadable ? 0 : 1)
