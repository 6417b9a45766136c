import Foundation

// Temporary: replaced by the linear-time engine (ParseRegex.swift).
struct ParseRegex: Sendable {
    struct Problem: Error, CustomStringConvertible { let description: String }
    private let pattern: String
    private let options: String
    init(pattern: String, options: String) throws(Problem) {
        guard options.allSatisfy({ "imsx".contains($0) }) else { throw Problem(description: "Bad $options value for query: \(options)") }
        guard pattern.count <= 1000 else { throw Problem(description: "the pattern is longer than 1000 characters") }
        guard (try? NSRegularExpression(pattern: pattern)) != nil else { throw Problem(description: "invalid pattern") }
        self.pattern = pattern
        self.options = options
    }
    func matches(_ text: String) -> Bool {
        var flags: NSRegularExpression.Options = []
        if options.contains("i") { flags.insert(.caseInsensitive) }
        guard let regex = try? NSRegularExpression(pattern: pattern, options: flags) else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
