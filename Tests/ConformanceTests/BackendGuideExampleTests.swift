import CRUDConformance
import CRUDJSONFile
import CRUDMemory
import Foundation
import Testing

// The code of the article "Testing your own backend" (CRUDConformance.docc), verbatim but for
// the store: `MyStore` is played by the kit's JSON file store. `guideTextMatches` fails when
// the article and this file drift apart.

/// The article's store, in the folder its storage gives it.
struct MyStore: ForwardingStore {
    let inner: JSONFileStore

    init(folder: String, clock: any CRUDClock) throws {
        inner = try JSONFileStore(path: folder + "/store.json", clock: clock)
    }
}

// From here to the end of the model check: the article's test file, without `import MyBackend`.

let myBackend = Backend(name: "mine", capabilities: [.durability]) {
    try TemporaryFolderStorage(name: "mine") { folder, clock in
        try MyStore(folder: folder, clock: clock)
    }
}

@Test(arguments: Rules.applicable(to: myBackend))
func myBackendFollows(rule: Rule) async {
    let result = await ConformanceRunner().run(rule, on: myBackend)
    if let report = result.failureReport { Issue.record(Comment(rawValue: report)) }
    #expect(result.passed)  // n/a too fails here: storage that could not run is no pass
}

@Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
func myBackendMatchesTheModel(seed: UInt64) async {
    if let failure = await Fuzzer.check(seed: seed, length: 100, on: myBackend) {
        Issue.record(Comment(rawValue: failure.description))
    }
}

// End of the article's code.

@Suite("The backend author's guide")
struct BackendGuideExampleTests {
    /// The Swift blocks of the article that an author copies into a test file.
    static func articleTestBlocks() throws -> [String] {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Sources/CRUDConformance/CRUDConformance.docc/TestingYourOwnBackend.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let blocks = text.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        return blocks.filter { $0.contains("@Test") }
    }

    @Test("The article's test code is this file's, word for word")
    func guideTextMatches() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let blocks = try Self.articleTestBlocks()
        #expect(blocks.count == 2, "expected the suite's block and the model check's block, found \(blocks.count)")
        for block in blocks {
            let code = block.replacingOccurrences(of: "import CRUDConformance\nimport MyBackend\nimport Testing\n\n", with: "")
            #expect(block.contains("@Test"))
            let inThisFile = source.contains(code)
            #expect(inThisFile, "expected the article's block in \(#fileID), word for word; it is not:\n\(code)")
        }
    }

    @Test("RuleResult.failed is true for a failure only; passed is false for a failure and for n/a")
    func failedAndPassed() async throws {
        let rule = try #require(Rules.rule(id: "DURABILITY-001"))
        let runner = ConformanceRunner()
        let good = await runner.run(rule, on: myBackend)
        let notApplicable = await runner.run(rule, on: Backend.ephemeral(name: "volatile") { clock in MemoryStore(clock: clock) })
        let broken = await runner.run(
            rule,
            on: Backend(name: "forgetful", capabilities: [.durability]) {
                TemporaryStorage { clock in MemoryStore(clock: clock) }
            })
        #expect(good.outcome == .passed && good.passed && !good.failed)
        #expect(notApplicable.outcome.status == "notApplicable" && !notApplicable.passed && !notApplicable.failed)
        #expect(broken.outcome.status == "fail" && !broken.passed && broken.failed, "\(broken.summary)")
    }
}
