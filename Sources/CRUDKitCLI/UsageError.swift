/// A mistake on the command line, reported as one plain line and exit status 64.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence shown after `error:`.
    public let message: String

    /// A usage error with this message.
    public init(_ message: String) {
        self.message = message
    }

    /// An unknown word, with the closest valid one when there is a close one.
    static func unknown(_ kind: String, _ word: String, among valid: [String]) -> UsageError {
        var message = "unknown \(kind) '\(word)'."
        if let suggestion = Suggestion.closest(to: word, among: valid) {
            message += " Did you mean '\(suggestion)'?"
        } else {
            message += " Valid: \(valid.joined(separator: ", "))."
        }
        return UsageError(message)
    }

    public var description: String { message }
}

/// Finds the valid word a mistyped one was most likely meant to be.
enum Suggestion {
    /// The candidate with the smallest edit distance to `word`, if it is close enough
    /// to be a plausible typo (at most a third of the word's length, at least 2).
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { (candidate: $0, distance: editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return best.distance <= max(2, word.count / 3) ? best.candidate : nil
    }

    /// Levenshtein distance over Characters.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs)
        let right = Array(rhs)
        if left.isEmpty { return right.count }
        var previous = Array(0...right.count)
        for (i, leftChar) in left.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: right.count)
            for (j, rightChar) in right.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (leftChar == rightChar ? 0 : 1))
            }
            previous = current
        }
        return previous[right.count]
    }
}
