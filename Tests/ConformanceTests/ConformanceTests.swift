import CRUDBackends
import CRUDConformance
import Testing

extension Rule: CustomTestStringConvertible {
    public var testDescription: String { id }
}

extension Backend: CustomTestStringConvertible {
    public var testDescription: String { name }
}

/// Every (backend, rule) pair is its own test case, each on its own fresh storage.
@Suite("Conformance")
struct ConformanceTests {
    @Test("Built-in backend follows rule", arguments: BuiltInBackends.all, Rules.all)
    func builtInBackendFollowsRule(backend: Backend, rule: Rule) async throws {
        let result = await ConformanceRunner().run(rule, on: backend)
        switch result.outcome {
        case .passed:
            break
        case .failed:
            Issue.record(Comment(rawValue: result.failureReport ?? result.summary))
        case .notApplicable(let reason):
            // Not applicable is only honest when the backend really lacks what the rule needs.
            #expect(
                !rule.requires.isSubset(of: backend.capabilities), "\(rule.id) reported n/a on \(backend.name), which has what it needs")
            #expect(reason.contains(backend.name))
            #if compiler(>=6.3)
                try Test.cancel("\(rule.id) is not applicable to \(backend.name): \(reason)")
            #endif
        }
    }
}
