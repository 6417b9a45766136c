/// A regular expression as Parse's `$regex` takes it (PCRE syntax, a subset), matched in time
/// linear in the text (a Pike VM / Thompson NFA simulation), so no pattern can make a query hang.
///
/// The pattern is compiled, in one pass and without recursion, into a small program of
/// instructions, and ``matches(_:)`` runs every thread of that program in lock step over the
/// text, one Unicode scalar at a time: each instruction is visited at most once per text
/// position, so a search costs at most O(text length × program size) whatever the pattern.
///
/// Supported, with PCRE's meaning (as MongoDB runs it):
/// - literals, `.`, `^`, `$` (also before a final `\n`), `\A`, `\z`, `\Z`, `\b`, `\B`;
/// - escapes `\n \t \r \f \a \e \cX`, `\0` with up to two more octal digits, `\xHH`, `\x{H…}`,
///   `\uHHHH`, and any escaped scalar that is not an ASCII letter or digit;
/// - the ASCII classes `\d \D \w \W \s \S`, and PCRE's `\h \H` (horizontal space), `\v \V`
///   (vertical space: `\n`, VT, FF, `\r`, U+0085, U+2028, U+2029) and `\N` (not `\n`);
/// - `\Q…\E` quoting (an unterminated `\Q` runs to the end; a lone `\E` is ignored);
/// - character classes with ranges, negation, escapes and `\d \w \s \h \v` inside;
/// - groups `(…)`, `(?:…)`, `(?|…)`, named `(?<n>…)`, `(?'n'…)`, `(?P<n>…)`, comments `(?#…)`;
/// - alternation; quantifiers `* + ? {n} {n,} {n,m}` and their lazy forms (a yes-or-no
///   match does not depend on laziness);
/// - options `i` (simple per-scalar case folding, see `CaseMapping`), `m`, `s`, `x`, given in
///   `options` or as `(?imsx)` groups at the very start of the pattern.
///
/// Anything else PCRE has is rejected with a ``Problem`` rather than guessed at:
/// backreferences, lookaround, atomic groups, recursion, conditionals, verbs, callouts,
/// possessive quantifiers, inline options anywhere but the start, POSIX classes, `\p`,
/// `\R`, `\X`, `\K`, `\G`, `\o`, `\N{name}` and unknown escapes. Positions in problems count
/// Unicode scalars from 0.
struct ParseRegex: Sendable {
    /// Why a pattern or its options cannot be used, in plain English.
    struct Problem: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The longest pattern accepted, in Unicode scalars.
    static let maximumPatternLength = 1_000
    /// The largest count in `{n}`, `{n,}` and `{n,m}`.
    static let maximumCount = 1_000
    /// The largest compiled program: repetition copies its operand, so counts multiply.
    static let maximumProgramSize = 20_000
    /// The deepest nesting of groups. Nothing recurses on it; it is a sanity limit.
    static let maximumNesting = 100

    private let program: Program

    /// Parses and compiles `pattern`; `options` holds letters from `imsx` only, as `$options` does.
    init(pattern: String, options: String) throws(ParseRegex.Problem) {
        var flags = Flags()
        for letter in options.unicodeScalars {
            switch letter {
            case "i": flags.caseless = true
            case "m": flags.multiline = true
            case "s": flags.dotAll = true
            case "x": flags.extended = true
            default: throw Problem(description: "Bad $options value")
            }
        }
        let scalars = Array(pattern.unicodeScalars)
        guard scalars.count <= Self.maximumPatternLength else {
            throw Problem(description: "the pattern is longer than \(Self.maximumPatternLength) characters")
        }
        var parser = Parser(scalars: scalars, flags: flags)
        program = Program(instructions: try parser.parsePattern(), sets: parser.sets)
    }

    /// Whether the pattern matches anywhere in `text` (an unanchored search).
    func matches(_ text: String) -> Bool {
        program.search(Array(text.unicodeScalars))
    }
}

// MARK: - Options and assertions

extension ParseRegex {
    fileprivate struct Flags {
        var caseless = false
        var multiline = false
        var dotAll = false
        var extended = false
    }

    /// Zero-width tests of the position between two scalars.
    fileprivate enum Assertion: Sendable {
        case startOfText, startOfLine, endOfText, endOfTextOrFinalNewline, endOfLine, wordBoundary, notWordBoundary
    }
}

// MARK: - Sets of scalars

extension ParseRegex {
    /// A character class: sorted, disjoint ranges of scalar values. `folded` holds what the
    /// pattern spelled as literals and ranges, which option `i` extends to other cases;
    /// `exact` holds the built-in classes (`\d`, `\w`…), which PCRE never case-folds.
    fileprivate struct ScalarSet: Sendable {
        var exact: [ClosedRange<UInt32>] = []
        var folded: [ClosedRange<UInt32>] = []
        var negated = false
        var caseless = false
        /// With option `i`, the case folds of the cased scalars in `folded`: a scalar belongs to
        /// the class when its fold is in `folded` or here, so `[ſ]` takes `s` and `S`, as in PCRE.
        var foldImage: [ClosedRange<UInt32>] = []

        static let digit: [ClosedRange<UInt32>] = [0x30...0x39]
        static let word: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
        static let space: [ClosedRange<UInt32>] = [0x09...0x0D, 0x20...0x20]
        static let horizontalSpace: [ClosedRange<UInt32>] = [
            0x09...0x09, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x180E...0x180E, 0x2000...0x200A, 0x202F...0x202F,
            0x205F...0x205F, 0x3000...0x3000,
        ]
        static let verticalSpace: [ClosedRange<UInt32>] = [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029]
        static let newline: [ClosedRange<UInt32>] = [0x0A...0x0A]

        /// Sorts and merges overlapping or adjacent ranges, so lookup can binary-search.
        static func normalized(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
            var result: [ClosedRange<UInt32>] = []
            for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = result.last, range.lowerBound <= last.upperBound &+ 1 {
                    result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
                } else {
                    result.append(range)
                }
            }
            return result
        }

        /// Every scalar value not in `ranges` (which must be normalized).
        static func complement(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
            var result: [ClosedRange<UInt32>] = []
            var next: UInt32 = 0
            for range in ranges {
                if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
                next = range.upperBound &+ 1
            }
            if next <= 0x10FFFF { result.append(next...0x10FFFF) }
            return result
        }

        static func lookUp(_ value: UInt32, in ranges: [ClosedRange<UInt32>]) -> Bool {
            var low = 0
            var high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].upperBound < value {
                    low = middle + 1
                } else if ranges[middle].lowerBound > value {
                    high = middle
                } else {
                    return true
                }
            }
            return false
        }

        /// Normalizes the ranges; without option `i` the two lists are one.
        func finished() -> ScalarSet {
            var set = self
            if caseless {
                set.exact = Self.normalized(exact)
                set.folded = Self.normalized(folded)
                set.foldImage = Self.normalized(set.folded.flatMap(CaseMapping.foldsOfCased(in:)).map { $0...$0 })
            } else {
                set.exact = Self.normalized(exact + folded)
                set.folded = []
            }
            return set
        }

        func contains(_ scalar: TextScalar) -> Bool {
            var found = Self.lookUp(scalar.value, in: exact)
            if !found && !folded.isEmpty {
                found =
                    Self.lookUp(scalar.value, in: folded) || Self.lookUp(scalar.folded, in: folded)
                    || Self.lookUp(scalar.folded, in: foldImage)
            }
            return found != negated
        }
    }

    /// A scalar of the text with its case fold, worked out once per position when needed.
    fileprivate struct TextScalar {
        let value: UInt32
        let folded: UInt32

        init(_ scalar: Unicode.Scalar, withCases: Bool) {
            value = scalar.value
            folded = withCases ? CaseMapping.fold(scalar).value : value
        }
    }

    /// Simple, per-scalar case folding: two scalars are the same letter under option `i`
    /// when their folds are equal. The fold is the lowercase of the uppercase, each mapping
    /// taken only when it is one scalar (ß → SS counts as none), so `s`, `S` and `ſ` all fold
    /// to `s`, and `k`, `K` and the Kelvin sign to `k`.
    fileprivate enum CaseMapping {
        static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            if scalar.isASCII {
                return (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar
            }
            // Dotless ı uppercases to I, but Unicode's case folding (and PCRE) keep it apart from i.
            guard scalar.value != 0x131, scalar.properties.changesWhenCaseMapped else { return scalar }
            let upper = single(scalar.properties.uppercaseMapping) ?? scalar
            return single(upper.properties.lowercaseMapping) ?? upper
        }

        private static func single(_ mapping: String) -> Unicode.Scalar? {
            let scalars = mapping.unicodeScalars
            return scalars.count == 1 ? scalars.first : nil
        }

        /// Every scalar that case mapping changes, with its fold, in order; found once, by
        /// scanning the planes that have cased letters (the last is U+1E943).
        private static let foldedCased: [(scalar: UInt32, fold: UInt32)] = (UInt32(0)...0x1FFFF).compactMap { value in
            guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else { return nil }
            let folded = fold(scalar).value
            return folded == value ? nil : (value, folded)
        }

        /// The folds of the scalars in `range` that have one other than themselves.
        static func foldsOfCased(in range: ClosedRange<UInt32>) -> [UInt32] {
            var low = 0
            var high = foldedCased.count
            while low < high {
                let middle = (low + high) / 2
                if foldedCased[middle].scalar < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            var folds: [UInt32] = []
            while low < foldedCased.count && foldedCased[low].scalar <= range.upperBound {
                folds.append(foldedCased[low].fold)
                low += 1
            }
            return folds
        }
    }
}

// MARK: - The parser

extension ParseRegex {
    /// What a backslash sequence stands for.
    private enum Escape {
        case scalar(Unicode.Scalar)
        case set([ClosedRange<UInt32>])
        case assertion(Assertion)
        case startQuote
        case endQuote
    }

    /// A one-pass compiler from the pattern's scalars to instructions. Groups are kept on an
    /// explicit stack of frames, not by recursion, so no pattern can exhaust the call stack;
    /// jumps are relative, so the code of an item can be copied for a repetition count as is.
    private struct Parser {
        /// A group being read: the code of its finished branches and of the current one.
        struct Frame {
            /// Where its `(` is, for problems; -1 for the whole pattern.
            let open: Int
            var branches: [[Instruction]] = []
            var code: [Instruction] = []
            /// Where the last item a quantifier may repeat starts in `code`; nil after an
            /// assertion or at the start of a branch.
            var lastItem: Int?
        }

        let scalars: [Unicode.Scalar]
        var flags: Flags
        var position = 0
        /// Inside `\Q…\E`, where every scalar is a literal.
        var quoting = false
        var frames = [Frame(open: -1)]
        /// The character classes, which `.set` instructions name by index.
        var sets: [ScalarSet] = []
        /// Instructions made so far, in all frames: never more than `maximumProgramSize`.
        var size = 0

        init(scalars: [Unicode.Scalar], flags: Flags) {
            self.scalars = scalars
            self.flags = flags
        }

        func problem(_ text: String) -> Problem { Problem(description: text) }

        func scalar(at index: Int) -> Unicode.Scalar? {
            index >= 0 && index < scalars.count ? scalars[index] : nil
        }

        /// Whether the pattern continues with `text` at the current position.
        func isAt(_ text: String) -> Bool {
            var index = position
            for expected in text.unicodeScalars {
                guard scalar(at: index) == expected else { return false }
                index += 1
            }
            return true
        }

        /// The program for the whole pattern, ending in `.match`.
        mutating func parsePattern() throws(Problem) -> [Instruction] {
            readLeadingOptions()
            while true {
                try skipIgnorable()
                guard let next = scalar(at: position) else { break }
                let start = position
                if quoting {
                    position += 1
                    try appendItem([literal(next)], repeatable: true)
                    continue
                }
                switch next {
                case "|":
                    position += 1
                    frames[frames.count - 1].branches.append(frames[frames.count - 1].code)
                    frames[frames.count - 1].code = []
                    frames[frames.count - 1].lastItem = nil
                case ")":
                    guard frames.count > 1 else {
                        throw problem("unbalanced parenthesis at position \(position): this ) has no matching (")
                    }
                    position += 1
                    let group = frames.removeLast()
                    try appendItem(try alternation(of: group), repeatable: true, counted: true)
                case "(" where isAt("(?)"):
                    // An empty option setting: nothing, and nothing a quantifier may repeat.
                    position += 3
                    frames[frames.count - 1].lastItem = nil
                    try refuseQuantifier()
                case "(":
                    try parseGroupOpening()
                    guard frames.count <= maximumNesting else {
                        throw problem("groups are nested more than \(maximumNesting) deep, at position \(start)")
                    }
                    frames.append(Frame(open: start))
                case "[":
                    let set = try parseClass()
                    try appendItem([.set(addSet(set))], repeatable: true)
                case ".":
                    position += 1
                    let set = ScalarSet(exact: flags.dotAll ? [] : ScalarSet.newline, negated: true)
                    try appendItem([.set(addSet(set))], repeatable: true)
                case "^":
                    position += 1
                    try appendItem([.assertion(flags.multiline ? .startOfLine : .startOfText)], repeatable: false)
                case "$":
                    position += 1
                    try appendItem([.assertion(flags.multiline ? .endOfLine : .endOfTextOrFinalNewline)], repeatable: false)
                case "\\":
                    switch try parseEscape(inClass: false) {
                    case .scalar(let value): try appendItem([literal(value)], repeatable: true)
                    case .set(let ranges): try appendItem([.set(addSet(ScalarSet(exact: ranges)))], repeatable: true)
                    case .assertion(let assertion): try appendItem([.assertion(assertion)], repeatable: false)
                    case .startQuote: quoting = true
                    case .endQuote: break
                    }
                case "*", "+", "?":
                    throw nothingToRepeat(at: start)
                case "{":
                    if try quantifierBraces() != nil { throw nothingToRepeat(at: start) }
                    position += 1
                    try appendItem([literal(next)], repeatable: true)
                default:
                    position += 1
                    try appendItem([literal(next)], repeatable: true)
                }
            }
            if let unclosed = frames.last, frames.count > 1 {
                throw problem("unbalanced parenthesis at position \(unclosed.open): this ( is never closed")
            }
            var program = try alternation(of: frames[0])
            program.append(.match)
            return program
        }

        /// `(?i)`, `(?ms)`… at the very start set options for the whole pattern, as `$options` does.
        mutating func readLeadingOptions() {
            while isAt("(?") {
                var index = position + 2
                var found = Flags()
                while let letter = scalar(at: index), "imsx".unicodeScalars.contains(letter) {
                    switch letter {
                    case "i": found.caseless = true
                    case "m": found.multiline = true
                    case "s": found.dotAll = true
                    default: found.extended = true
                    }
                    index += 1
                }
                guard index > position + 2, scalar(at: index) == ")" else { return }
                flags.caseless = flags.caseless || found.caseless
                flags.multiline = flags.multiline || found.multiline
                flags.dotAll = flags.dotAll || found.dotAll
                flags.extended = flags.extended || found.extended
                position = index + 1
            }
        }

        mutating func addSet(_ set: ScalarSet) -> Int {
            sets.append(set)
            return sets.count - 1
        }

        /// Counts `added` new instructions against the limit.
        mutating func grow(by added: Int) throws(Problem) {
            size += added
            // One more for the final `.match`.
            guard size < maximumProgramSize else {
                throw problem("the pattern is too large once its repetitions are expanded (more than \(maximumProgramSize) instructions)")
            }
        }

        /// Appends an item's code to the current branch, then reads any quantifier after it.
        /// `counted` is for a group's code, whose instructions were counted as they were made.
        mutating func appendItem(_ code: [Instruction], repeatable: Bool, counted: Bool = false) throws(Problem) {
            if !counted { try grow(by: code.count) }
            let top = frames.count - 1
            frames[top].lastItem = repeatable ? frames[top].code.count : nil
            frames[top].code += code
            if repeatable {
                try parseQuantifier()
            } else {
                // PCRE does not repeat an assertion: a quantifier after one is an error.
                try refuseQuantifier()
            }
        }

        /// The code of a group: its branches, each but the last as
        /// `split(branch, next) branch jump(end)`.
        mutating func alternation(of frame: Frame) throws(Problem) -> [Instruction] {
            let branches = frame.branches + [frame.code]
            guard branches.count > 1 else { return frame.code }
            try grow(by: 2 * (branches.count - 1))
            let total = branches.reduce(2 * (branches.count - 1)) { $0 + $1.count }
            var code: [Instruction] = []
            code.reserveCapacity(total)
            for branch in branches.dropLast() {
                code.append(.split(1, branch.count + 2))
                code += branch
                code.append(.jump(total - code.count))
            }
            code += branches[branches.count - 1]
            return code
        }

        func literal(_ value: Unicode.Scalar) -> Instruction {
            flags.caseless ? .caselessScalar(fold: CaseMapping.fold(value).value) : .scalar(value.value)
        }

        func nothingToRepeat(at index: Int) -> Problem {
            problem("a quantifier with nothing to repeat at position \(index)")
        }

        /// Skips what PCRE ignores between items: the end of a `\Q…\E` quote, a lone `\E`, an
        /// empty `\Q\E`, `(?#…)` comments, and with option `x`, white space and `#…` comments.
        mutating func skipIgnorable() throws(Problem) {
            while let next = scalar(at: position) {
                if quoting {
                    guard isAt("\\E") else { return }
                    quoting = false
                    position += 2
                } else if flags.extended && Self.isPatternWhiteSpace(next) {
                    position += 1
                } else if flags.extended && next == "#" {
                    while let skipped = scalar(at: position), skipped != "\n" { position += 1 }
                    position = min(position + 1, scalars.count)
                } else if isAt("\\E") {
                    position += 2
                } else if isAt("\\Q\\E") {
                    position += 4
                } else if isAt("(?#") {
                    let start = position
                    while let skipped = scalar(at: position), skipped != ")" { position += 1 }
                    guard position < scalars.count else { throw problem("the comment (?# at position \(start) is not closed") }
                    position += 1
                } else {
                    return
                }
            }
        }

        static func isPatternWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x09...0x0D, 0x20, 0x85, 0x200E, 0x200F, 0x2028, 0x2029: return true
            default: return false
            }
        }

        /// An assertion is not repeatable in PCRE: a quantifier after one is an error.
        mutating func refuseQuantifier() throws(Problem) {
            try skipIgnorable()
            if try startsQuantifier() { throw nothingToRepeat(at: position) }
        }

        /// Whether a quantifier starts at the current position (outside a quote).
        func startsQuantifier() throws(Problem) -> Bool {
            guard !quoting, let next = scalar(at: position) else { return false }
            if "*+?".unicodeScalars.contains(next) { return true }
            return try quantifierBraces() != nil
        }

        /// `{n}`, `{n,}` or `{n,m}` at the current position, as (minimum, maximum, end
        /// position); nil when the brace does not start one, for then it is a literal `{`.
        func quantifierBraces() throws(Problem) -> (min: Int, max: Int?, end: Int)? {
            guard scalar(at: position) == "{" else { return nil }
            let start = position
            var index = position + 1
            func number() -> (value: Int, digits: String)? {
                var digits = ""
                while let next = scalar(at: index), ("0"..."9").contains(next) {
                    digits.unicodeScalars.append(next)
                    index += 1
                }
                guard !digits.isEmpty else { return nil }
                // Saturate: anything this long is over the limit anyway.
                return (digits.count > 7 ? Int.max : Int(digits) ?? Int.max, digits)
            }
            let minimum = number()
            var maximum: (value: Int, digits: String)?
            var unbounded = false
            if scalar(at: index) == "," {
                index += 1
                maximum = number()
                unbounded = maximum == nil
            } else {
                maximum = minimum
            }
            guard scalar(at: index) == "}" else { return nil }
            guard let minimum else {
                if let maximum {
                    throw problem("the quantifier {,\(maximum.digits)} at position \(start) has no minimum; write {0,\(maximum.digits)}")
                }
                return nil
            }
            for count in [minimum, maximum].compactMap({ $0 }) where count.value > maximumCount {
                throw problem("the repetition count \(count.digits) at position \(start) is larger than \(maximumCount)")
            }
            if let maximum, maximum.value < minimum.value {
                throw problem(
                    "the quantifier {\(minimum.digits),\(maximum.digits)} at position \(start) has its minimum larger than its maximum")
            }
            return (minimum.value, unbounded ? nil : maximum?.value, index + 1)
        }

        /// Reads a quantifier, if one follows, and applies it to the last item of the current branch.
        mutating func parseQuantifier() throws(Problem) {
            try skipIgnorable()
            guard !quoting, let next = scalar(at: position) else { return }
            let bounds: (min: Int, max: Int?)
            switch next {
            case "*": bounds = (0, nil)
            case "+": bounds = (1, nil)
            case "?": bounds = (0, 1)
            case "{":
                guard let braces = try quantifierBraces() else { return }
                bounds = (braces.min, braces.max)
                position = braces.end - 1
            default: return
            }
            position += 1
            try skipIgnorable()
            if !quoting, let suffix = scalar(at: position) {
                // Laziness changes which match is found, not whether there is one.
                if suffix == "?" {
                    position += 1
                } else if suffix == "+" {
                    throw problem("possessive quantifiers (such as *+ or ++) are not supported, at position \(position)")
                }
            }
            try skipIgnorable()
            if try startsQuantifier() {
                throw problem("a quantifier cannot follow another quantifier, at position \(position); use a group")
            }
            let top = frames.count - 1
            guard let start = frames[top].lastItem else { return }
            let body = Array(frames[top].code[start...])
            let repeated = try repetition(of: body, min: bounds.min, max: bounds.max)
            frames[top].code.replaceSubrange(start..., with: repeated)
        }

        /// `body` repeated: `min` copies, then either a loop or `max - min` optional copies.
        mutating func repetition(of body: [Instruction], min: Int, max: Int?) throws(Problem) -> [Instruction] {
            let length = body.count
            // Repeating nothing is nothing, and {0} drops the item.
            if length == 0 || max == 0 {
                size -= length
                return []
            }
            if min == 1 && max == 1 { return body }
            let optional = max.map { $0 - min } ?? 0
            let total = max == nil ? (min > 0 ? min * length + 1 : length + 2) : min * length + optional * (length + 1)
            try grow(by: total - length)
            var code: [Instruction] = []
            code.reserveCapacity(total)
            guard max != nil else {
                if min > 0 {
                    // x{n,}: n copies, the last followed by a split back to its start.
                    for _ in 0..<min { code += body }
                    code.append(.split(-length, 1))
                } else {
                    // x*: split(body, end) body jump(split)
                    code.append(.split(1, length + 2))
                    code += body
                    code.append(.jump(-(length + 1)))
                }
                return code
            }
            for _ in 0..<min { code += body }
            // Each optional copy may end the repetition: split(copy, end) copy.
            for copy in 0..<optional {
                code.append(.split(1, (optional - copy) * (length + 1)))
                code += body
            }
            return code
        }

        /// Reads a group's opening, `(` or `(?:`, `(?<name>` and the like; constructs that need
        /// backtracking or captures are refused.
        mutating func parseGroupOpening() throws(Problem) {
            let open = position
            position += 1
            if scalar(at: position) == "*", let verb = scalar(at: position + 1), ("A"..."Z").contains(verb) || verb == ":" {
                throw problem("PCRE verbs such as (*FAIL) are not supported, at position \(open)")
            }
            if scalar(at: position) == "?" {
                try parseGroupKind(open: open)
            }
        }

        /// Reads what follows `(?` for a group that is only a group, and refuses the rest.
        mutating func parseGroupKind(open: Int) throws(Problem) {
            position += 1
            guard let kind = scalar(at: position) else {
                throw problem("unbalanced parenthesis at position \(open): this ( is never closed")
            }
            let after = scalar(at: position + 1)
            switch kind {
            case ":", "|":
                position += 1
            case "<" where after == "=" || after == "!":
                throw problem("lookbehind assertions ((?<=…) and (?<!…)) are not supported, at position \(open)")
            case "<":
                position += 1
                try parseGroupName(until: ">", open: open)
            case "'":
                position += 1
                try parseGroupName(until: "'", open: open)
            case "P" where after == "<":
                position += 2
                try parseGroupName(until: ">", open: open)
            case "P" where after == "=":
                throw problem("backreferences ((?P=name)) are not supported, at position \(open)")
            case "P" where after == ">":
                throw problem("recursion and subroutine calls ((?P>name)) are not supported, at position \(open)")
            case "=", "!":
                throw problem("lookahead assertions ((?=…) and (?!…)) are not supported, at position \(open)")
            case ">":
                throw problem("atomic groups ((?>…)) are not supported, at position \(open)")
            case "(":
                throw problem("conditional groups ((?(…)…|…)) are not supported, at position \(open)")
            case "R", "&", "+", "0"..."9":
                throw problem("recursion and subroutine calls ((?R), (?1), (?&name)) are not supported, at position \(open)")
            case "-" where after.map({ ("0"..."9").contains($0) }) ?? false:
                throw problem("recursion and subroutine calls ((?R), (?1), (?&name)) are not supported, at position \(open)")
            case "C":
                throw problem("callouts ((?C…)) are not supported, at position \(open)")
            case "a"..."z", "A"..."Z", "-", "^":
                try refuseInlineOptions(open: open)
            default:
                throw problem("unknown group construct (?\(kind) at position \(open)")
            }
        }

        /// Option letters in a group anywhere but the start, with a message that says why.
        func refuseInlineOptions(open: Int) throws(Problem) {
            var index = position
            var letters = ""
            while let next = scalar(at: index), ("a"..."z").contains(next) || ("A"..."Z").contains(next) || next == "-" || next == "^" {
                letters.unicodeScalars.append(next)
                index += 1
            }
            let onlyKnown = letters.unicodeScalars.allSatisfy { "imsx".unicodeScalars.contains($0) }
            if onlyKnown && scalar(at: index) == ")" {
                throw problem(
                    "inline options such as (?\(letters)) are supported only at the very start of the pattern, at position \(open)")
            }
            if onlyKnown && scalar(at: index) == ":" {
                throw problem("scoped inline options such as (?\(letters):…) are not supported, at position \(open); use $options")
            }
            throw problem("inline options (?\(letters)…) are not supported, at position \(open); only i, m, s and x, at the start")
        }

        /// A group name; the group itself is an ordinary group, as captures are never reported.
        mutating func parseGroupName(until terminator: Unicode.Scalar, open: Int) throws(Problem) {
            let start = position
            while let next = scalar(at: position), next.isASCII, next == "_" || next.properties.isAlphabetic || ("0"..."9").contains(next) {
                position += 1
            }
            guard position > start, let first = scalar(at: start), !("0"..."9").contains(first), scalar(at: position) == terminator
            else {
                throw problem("bad group name in the group at position \(open)")
            }
            position += 1
        }

        /// A backslash sequence; `position` is at the backslash.
        mutating func parseEscape(inClass: Bool) throws(Problem) -> Escape {
            let start = position
            guard let letter = scalar(at: position + 1) else {
                throw problem("the pattern ends with a lone backslash")
            }
            position += 2
            switch letter {
            case "n": return .scalar("\n")
            case "t": return .scalar("\t")
            case "r": return .scalar("\r")
            case "f": return .scalar("\u{0C}")
            case "a": return .scalar("\u{07}")
            case "e": return .scalar("\u{1B}")
            case "0":
                // \0 and up to two more octal digits, as PCRE reads it.
                var value: UInt32 = 0
                for _ in 0..<2 {
                    guard let digit = scalar(at: position), ("0"..."7").contains(digit) else { break }
                    value = value * 8 + digit.value - 0x30
                    position += 1
                }
                return .scalar(Unicode.Scalar(UInt8(value)))
            case "1"..."9":
                if inClass {
                    throw problem("octal escapes such as \\\(letter) are not supported, at position \(start); use \\x{…}")
                }
                throw problem("backreferences (\\\(letter)) are not supported, at position \(start)")
            case "x": return .scalar(try parseHexEscape(start: start))
            case "u":
                var value: UInt32 = 0
                for _ in 0..<4 {
                    guard let digit = scalar(at: position), let nibble = Self.hexValue(digit) else {
                        throw problem("\\u at position \(start) must be followed by four hexadecimal digits")
                    }
                    value = value * 16 + nibble
                    position += 1
                }
                guard let scalar = Unicode.Scalar(value) else {
                    throw problem("\\u\(String(value, radix: 16)) at position \(start) is not a Unicode scalar value")
                }
                return .scalar(scalar)
            case "d": return .set(ScalarSet.digit)
            case "D": return .set(ScalarSet.complement(ScalarSet.digit))
            case "w": return .set(ScalarSet.word)
            case "W": return .set(ScalarSet.complement(ScalarSet.word))
            case "s": return .set(ScalarSet.space)
            case "S": return .set(ScalarSet.complement(ScalarSet.space))
            case "h": return .set(ScalarSet.horizontalSpace)
            case "H": return .set(ScalarSet.complement(ScalarSet.horizontalSpace))
            case "v": return .set(ScalarSet.verticalSpace)
            case "V": return .set(ScalarSet.complement(ScalarSet.verticalSpace))
            case "Q": return .startQuote
            case "E": return .endQuote
            case "b" where inClass: return .scalar("\u{08}")
            case "N" where !inClass:
                // PCRE reads \N{ as \N{name} unless a quantifier follows.
                if scalar(at: position) == "{", try quantifierBraces() == nil {
                    throw problem("\\N{…} names are not supported, at position \(start)")
                }
                return .set(ScalarSet.complement(ScalarSet.newline))
            case "b", "B", "A", "z", "Z", "N":
                guard !inClass else { throw problem("\\\(letter) at position \(start) is not allowed in a character class") }
                let assertions: [Unicode.Scalar: Assertion] = [
                    "b": .wordBoundary, "B": .notWordBoundary, "A": .startOfText, "z": .endOfText, "Z": .endOfTextOrFinalNewline,
                ]
                guard let assertion = assertions[letter] else { throw problem("unknown escape \\\(letter) at position \(start)") }
                return .assertion(assertion)
            case "k", "g":
                throw problem("backreferences (\\k<name>, \\g{…}) are not supported, at position \(start)")
            case "p", "P":
                throw problem("Unicode properties (\\p{…}, \\P{…}) are not supported, at position \(start)")
            case "R": throw problem("newline sequences (\\R) are not supported, at position \(start)")
            case "X": throw problem("extended grapheme clusters (\\X) are not supported, at position \(start)")
            case "K": throw problem("match start resets (\\K) are not supported, at position \(start)")
            case "G": throw problem("the \\G anchor is not supported, at position \(start)")
            case "C": throw problem("single code units (\\C) are not supported, at position \(start)")
            case "c":
                // \cX: X as an uppercase letter with bit 6 flipped, so \cA is U+0001 and \c? is DEL.
                guard let control = scalar(at: position), (0x20...0x7E).contains(control.value) else {
                    throw problem("\\c at position \(start) must be followed by a printable ASCII character")
                }
                position += 1
                let upper = ("a"..."z").contains(control) ? control.value - 0x20 : control.value
                return .scalar(Unicode.Scalar(UInt8(upper ^ 0x40)))
            case "o": throw problem("octal escapes (\\o{…}) are not supported, at position \(start); use \\x{…}")
            default:
                if letter.isASCII && (letter.properties.isAlphabetic || ("0"..."9").contains(letter)) {
                    throw problem("unknown escape \\\(letter) at position \(start)")
                }
                return .scalar(letter)
            }
        }

        /// `\xHH` (up to two digits, as in PCRE) or `\x{H…}`; `position` is after the `x`.
        mutating func parseHexEscape(start: Int) throws(Problem) -> Unicode.Scalar {
            var value: UInt32 = 0
            if scalar(at: position) == "{" {
                position += 1
                var digits = 0
                while let digit = scalar(at: position), let nibble = Self.hexValue(digit) {
                    digits += 1
                    guard digits <= 8 else { break }
                    value = value * 16 + nibble
                    position += 1
                }
                guard digits > 0, digits <= 8, scalar(at: position) == "}" else {
                    throw problem("\\x{ at position \(start) must hold hexadecimal digits and end with }")
                }
                position += 1
            } else {
                for _ in 0..<2 {
                    guard let digit = scalar(at: position), let nibble = Self.hexValue(digit) else { break }
                    value = value * 16 + nibble
                    position += 1
                }
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw problem("\\x{\(String(value, radix: 16))} at position \(start) is not a Unicode scalar value")
            }
            return scalar
        }

        static func hexValue(_ digit: Unicode.Scalar) -> UInt32? {
            switch digit {
            case "0"..."9": return digit.value - 0x30
            case "a"..."f": return digit.value - 0x61 + 10
            case "A"..."F": return digit.value - 0x41 + 10
            default: return nil
            }
        }

        /// What one item of a class is: a scalar, which may start a range, or a set.
        enum ClassItem {
            case scalar(Unicode.Scalar)
            case set([ClosedRange<UInt32>])
        }

        /// A character class, from its `[` to its `]`.
        mutating func parseClass() throws(Problem) -> ScalarSet {
            let open = position
            position += 1
            var set = ScalarSet(caseless: flags.caseless)
            if scalar(at: position) == "^" {
                set.negated = true
                position += 1
            }
            var first = true
            while let item = try nextClassItem(first: first, open: open) {
                first = false
                let startsRange = !quoting && scalar(at: position) == "-" && scalar(at: position + 1).map { $0 != "]" } ?? false
                switch item {
                case .set(let ranges):
                    if startsRange { throw problem("invalid range in the character class at position \(open)") }
                    set.exact += ranges
                case .scalar(let low):
                    guard startsRange else {
                        set.folded.append(low.value...low.value)
                        continue
                    }
                    position += 1
                    guard case .scalar(let high) = try nextClassItem(first: false, open: open) else {
                        throw problem("invalid range in the character class at position \(open)")
                    }
                    guard low.value <= high.value else {
                        throw problem("the range \(low)-\(high) in the character class at position \(open) is out of order")
                    }
                    set.folded.append(low.value...high.value)
                }
            }
            return set.finished()
        }

        /// The next item of a class, or nil at its closing `]`; a `]` first is a literal.
        mutating func nextClassItem(first: Bool, open: Int) throws(Problem) -> ClassItem? {
            while true {
                guard let next = scalar(at: position) else {
                    throw problem("missing ] for the character class at position \(open)")
                }
                if quoting {
                    if isAt("\\E") {
                        quoting = false
                        position += 2
                        continue
                    }
                    position += 1
                    return .scalar(next)
                }
                if next == "]" && !first {
                    position += 1
                    return nil
                }
                if next == "[", isPOSIXClass() {
                    throw problem("POSIX character classes such as [:alpha:] are not supported, at position \(position)")
                }
                guard next == "\\" else {
                    position += 1
                    return .scalar(next)
                }
                switch try parseEscape(inClass: true) {
                case .scalar(let value): return .scalar(value)
                case .set(let ranges): return .set(ranges)
                case .startQuote: quoting = true
                case .endQuote: continue
                case .assertion: throw problem("an assertion is not allowed in the character class at position \(open)")
                }
            }
        }

        /// `[:name:]`, `[.x.]` or `[=x=]` inside a class (PCRE's POSIX syntax).
        func isPOSIXClass() -> Bool {
            guard let marker = scalar(at: position + 1), ":.=".unicodeScalars.contains(marker) else { return false }
            var index = position + 2
            while let next = scalar(at: index), next != "]" {
                if next == marker && scalar(at: index + 1) == "]" { return true }
                index += 1
            }
            return false
        }
    }
}

// MARK: - The program and the machine

extension ParseRegex {
    fileprivate enum Instruction: Sendable {
        /// Consumes this scalar.
        case scalar(UInt32)
        /// Consumes a scalar with this case fold.
        case caselessScalar(fold: UInt32)
        /// Consumes a scalar of `sets[index]`.
        case set(Int)
        case assertion(Assertion)
        /// Continues at both targets, given relative to this instruction.
        case split(Int, Int)
        /// Continues at the target, given relative to this instruction.
        case jump(Int)
        case match
    }

    /// A compiled pattern, run as a Pike VM: the set of live threads is a set of instruction
    /// indices, each added at most once per text position, so nothing is ever retried.
    fileprivate struct Program: Sendable {
        let instructions: [Instruction]
        let sets: [ScalarSet]
        /// Whether any instruction compares case folds, which are worth computing only then.
        let usesCases: Bool
        /// Whether every match must start at the start of the text (`\A…`, or `^…` without m).
        let anchored: Bool

        init(instructions: [Instruction], sets: [ScalarSet]) {
            self.instructions = instructions
            self.sets = sets
            usesCases = instructions.contains { instruction in
                switch instruction {
                case .caselessScalar: return true
                case .set(let index): return !sets[index].folded.isEmpty
                default: return false
                }
            }
            if case .assertion(.startOfText) = instructions.first { anchored = true } else { anchored = false }
        }

        /// Whether the program matches starting anywhere in `text`.
        func search(_ text: [Unicode.Scalar]) -> Bool {
            var visited = [Int](repeating: -1, count: instructions.count)
            var current: [Int] = []
            var next: [Int] = []
            var stack: [Int] = []
            current.reserveCapacity(instructions.count)
            next.reserveCapacity(instructions.count)
            for position in 0...text.count {
                if position == 0 || !anchored {
                    if addThreads(from: 0, at: position, in: text, to: &current, visited: &visited, stack: &stack) { return true }
                }
                guard position < text.count, !current.isEmpty || !anchored else { return false }
                let scalar = TextScalar(text[position], withCases: usesCases)
                for index in current where consumes(instructions[index], scalar) {
                    if addThreads(from: index + 1, at: position + 1, in: text, to: &next, visited: &visited, stack: &stack) { return true }
                }
                swap(&current, &next)
                next.removeAll(keepingCapacity: true)
            }
            return false
        }

        private func consumes(_ instruction: Instruction, _ scalar: TextScalar) -> Bool {
            switch instruction {
            case .scalar(let value): return value == scalar.value
            case .caselessScalar(let fold): return scalar.folded == fold
            case .set(let index): return sets[index].contains(scalar)
            default: return false
            }
        }

        /// Follows jumps, splits and assertions from `start` at `position` (with an explicit
        /// stack), adding the consuming instructions reached to `list`; true on reaching `match`.
        private func addThreads(
            from start: Int, at position: Int, in text: [Unicode.Scalar], to list: inout [Int], visited: inout [Int], stack: inout [Int]
        ) -> Bool {
            stack.append(start)
            while let index = stack.popLast() {
                // A thread already here at this position would do exactly the same from now on.
                guard visited[index] != position else { continue }
                visited[index] = position
                switch instructions[index] {
                case .match:
                    stack.removeAll(keepingCapacity: true)
                    return true
                case .jump(let offset):
                    stack.append(index + offset)
                case .split(let first, let second):
                    stack.append(index + second)
                    stack.append(index + first)
                case .assertion(let assertion):
                    if Self.holds(assertion, at: position, in: text) { stack.append(index + 1) }
                case .scalar, .caselessScalar, .set:
                    list.append(index)
                }
            }
            return false
        }

        private static func holds(_ assertion: Assertion, at position: Int, in text: [Unicode.Scalar]) -> Bool {
            let before = position > 0 ? text[position - 1] : nil
            let after = position < text.count ? text[position] : nil
            switch assertion {
            case .startOfText: return position == 0
            // PCRE: not after a newline that ends the text.
            case .startOfLine: return before == nil || (before == "\n" && after != nil)
            case .endOfText: return after == nil
            case .endOfTextOrFinalNewline: return after == nil || (after == "\n" && position + 1 == text.count)
            case .endOfLine: return after == nil || after == "\n"
            case .wordBoundary: return isWord(before) != isWord(after)
            case .notWordBoundary: return isWord(before) == isWord(after)
            }
        }

        private static func isWord(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            return ScalarSet.lookUp(scalar.value, in: ScalarSet.word)
        }
    }
}
