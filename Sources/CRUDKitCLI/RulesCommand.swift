import CRUDConformance
import Foundation

/// `crudkit rules`: the specification, every rule with its reason, from the registry.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "rules", summary: "Print every rule of the specification with its level, reason and hint.",
        discussion: "The Markdown form is Course/Specification.md; a test keeps the two identical.")

    @Option("format", value: "FORMAT", help: "text (default), markdown or json.", parser: .format) var format = "text"

    func run(_ context: CommandContext) async throws -> ExitCode {
        switch format {
        case "markdown": context.console.out(SpecificationDocument.markdown())
        case "json": context.console.out(try SpecificationDocument.json())
        default: context.console.out(SpecificationDocument.text())
        }
        return .success
    }
}

/// The specification rendered from the rule registry, the one source of truth.
public enum SpecificationDocument {
    /// The Markdown of `Course/Specification.md`.
    public static func markdown() -> String {
        var out = """
            # The specification

            Every backend in CRUDKit, and every backend you write, is checked against these rules.
            Each rule has a stable ID, a level, and a reason: what goes wrong for a user without it.
            A **MUST** rule is required for conformance; a **SHOULD** rule is strongly recommended.
            A rule that needs a capability (such as durability) is *not applicable* to a backend
            that does not declare it, and is reported as such, never as a pass.

            This page is generated from the rule registry (`Sources/CRUDConformance/Rules`) with
            `swift run crudkit rules --format markdown`; a test fails if the two disagree.

            Run the rules yourself with `swift run crudkit compare`.

            """
        for area in Rules.areas {
            let rules = Rules.all.filter { $0.area == area.id }
            guard !rules.isEmpty else { continue }
            out += "\n## \(area.title)\n"
            for rule in rules {
                out += "\n### \(rule.id) (\(rule.level.rawValue))\n\n"
                out += "\(rule.statement)\n\n"
                out += "- **Why:** \(rule.reason)\n"
                out += "- **If it fails:** \(rule.hint)\n"
                if !rule.requires.isEmpty {
                    out +=
                        "- **Applies to:** backends that declare " + rule.requires.map(\.rawValue).sorted().joined(separator: " and ")
                        + ".\n"
                }
            }
        }
        return out
    }

    /// A compact text listing: one rule per paragraph.
    public static func text() -> String {
        Rules.all.map { "\($0.id) (\($0.level.rawValue)): \($0.statement)\n  why: \($0.reason)\n  hint: \($0.hint)\n" }
            .joined(separator: "\n")
    }

    /// The rules as JSON, for tools.
    public static func json() throws -> String {
        struct Entry: Codable {
            var id, level, area, statement, reason, hint: String
            var requires: [String]
        }
        let entries = Rules.all.map {
            Entry(
                id: $0.id, level: $0.level.rawValue, area: $0.area, statement: $0.statement, reason: $0.reason, hint: $0.hint,
                requires: $0.requires.map(\.rawValue).sorted())
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n"
    }
}
