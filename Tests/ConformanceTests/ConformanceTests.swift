import CRUDBackends
import CRUDConformance
import Foundation
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

    /// The built-in backends checked here and by the fuzz and hostile-input tests: all of
    /// them, but postgres only where libpq and a server are available or CI requires them
    /// (CRUDKIT_REQUIRE_POSTGRES=1). Where it is left out, the reason is printed: its rules
    /// are not run, so nothing of it passes.
    static let backends: [Backend] = {
        guard let reason = PostgresBackend.unavailableReason(),
            ProcessInfo.processInfo.environment["CRUDKIT_REQUIRE_POSTGRES"] != "1"
        else { return BuiltInBackends.all }
        print("postgres is left out of the conformance tests: \(reason)")
        return BuiltInBackends.all.filter { $0.name != "postgres" }
    }()

    static let pairs = backends.flatMap { backend in
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

    @Test("The pairs left out are exactly those of a capability the backend does not declare, 24 in all (22 without postgres)")
    func leftOutPairs() {
        // What each built-in backend cannot do, and so which rules it leaves out.
        let expected: [String: [String]] = [
            "memory": ["DURABILITY-", "SHARED-"],  // keeps nothing, shares nothing
            "json": ["SHARED-001", "SHARED-002", "SHARED-003"],  // one store at a time holds the file
            "journal": ["SHARED-001", "SHARED-002", "SHARED-003"],  // likewise
            "sqlite": ["SHARED-004", "SHARED-005"],  // several connections write at once
            "http": ["SHARED-004", "SHARED-005"],  // several clients on one server
            "postgres": ["SHARED-004", "SHARED-005"],  // several connections to one server
        ]
        let expectedCount = Self.backends.contains { $0.name == "postgres" } ? 24 : 22
        #expect(Self.leftOut.count == expectedCount, "left out \(Self.leftOut.count) pairs: \(Self.leftOut.map(\.testDescription))")
        for pair in Self.leftOut {
            let prefixes = expected[pair.backend.name] ?? []
            #expect(prefixes.contains { pair.rule.id.hasPrefix($0) }, "\(pair.testDescription) left out")
            let missing = pair.rule.requires.subtracting(pair.backend.capabilities).map(\.rawValue).sorted()
            #expect(
                missing.count == 1 && pair.notApplicableReason?.hasPrefix("the rule needs \(missing[0]) (it ") == true
                    && pair.notApplicableReason?.hasSuffix(", which \(pair.backend.name) does not declare") == true,
                "\(pair.testDescription): \(pair.notApplicableReason ?? "no reason")")
        }
        #expect(Self.applicable.count + Self.leftOut.count == Self.backends.count * Rules.all.count)
    }
}
