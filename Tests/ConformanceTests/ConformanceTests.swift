import CRUDBackends
import CRUDConformance
import Testing

extension Rule: CustomTestStringConvertible {
    public var testDescription: String { id }
}

extension Backend: CustomTestStringConvertible {
    public var testDescription: String { name }
}

/// Every (backend, rule) pair that applies is its own test case, each on its own fresh
/// storage. The pairs that do not apply are left out of the arguments, counted and explained
/// by a test of their own, so no case passes by doing nothing.
@Suite("Conformance")
struct ConformanceTests {
    /// One built-in backend and one rule, and why the rule does not apply to it (nil: it does).
    struct Pair: Sendable, CustomTestStringConvertible {
        let backend: Backend
        let rule: Rule
        let notApplicableReason: String?

        var testDescription: String { "\(backend.name) \(rule.id)" }
    }

    static let pairs = BuiltInBackends.all.flatMap { backend in
        Rules.all.map { rule in
            Pair(backend: backend, rule: rule, notApplicableReason: ConformanceRunner.notApplicableReason(rule, backend))
        }
    }
    static let applicable = pairs.filter { $0.notApplicableReason == nil }
    static let leftOut = pairs.filter { $0.notApplicableReason != nil }

    @Test("Built-in backend follows rule", arguments: applicable)
    func builtInBackendFollowsRule(pair: Pair) async {
        let result = await ConformanceRunner().run(pair.rule, on: pair.backend)
        switch result.outcome {
        case .passed:
            break
        case .failed:
            Issue.record(Comment(rawValue: result.failureReport ?? result.summary))
        case .notApplicable(let reason):
            Issue.record("\(pair.rule.id) on \(pair.backend.name): expected a check, but the runner reported not applicable: \(reason)")
        }
    }

    @Test("The pairs left out are exactly the durability rules on memory, the one built-in backend that keeps nothing")
    func leftOutPairs() {
        let durabilityRules = Rules.all.filter { $0.requires.contains(.durability) }
        let withoutDurability = BuiltInBackends.all.filter { !$0.capabilities.contains(.durability) }
        #expect(withoutDurability.map(\.name) == ["memory"], "built-in backends without durability")
        #expect(
            Self.leftOut.count == durabilityRules.count * withoutDurability.count,
            "left out: \(Self.leftOut.map(\.testDescription)); expected every durability rule on memory")
        #expect(Self.leftOut.count == 7, "left out \(Self.leftOut.count) pairs, expected 7 (the durability rules on memory)")
        for pair in Self.leftOut {
            #expect(pair.backend.name == "memory" && pair.rule.requires.contains(.durability), "\(pair.testDescription) left out")
            #expect(
                pair.notApplicableReason?.hasPrefix("the rule needs durability (it ") == true
                    && pair.notApplicableReason?.hasSuffix(", which memory does not declare") == true,
                "\(pair.testDescription): \(pair.notApplicableReason ?? "no reason")")
        }
        #expect(Self.applicable.count + Self.leftOut.count == BuiltInBackends.all.count * Rules.all.count)
    }
}
