import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

@testable import CRUDServer

/// The `$regex` matcher: PCRE's meaning for the supported subset, checked by hand and against
/// NSRegularExpression (ICU), clear problems for the rest, and no hang on patterns that make
/// backtracking engines take exponential time.
@Suite("ParseRegex")
struct ParseRegexTests {
    /// A pattern, its options, a text, and whether the pattern should match somewhere in it.
    struct Case {
        let pattern: String
        let options: String
        let text: String
        let expected: Bool

        init(_ pattern: String, _ options: String, _ text: String, _ expected: Bool) {
            (self.pattern, self.options, self.text, self.expected) = (pattern, options, text, expected)
        }

        init(_ pattern: String, _ text: String, _ expected: Bool) {
            self.init(pattern, "", text, expected)
        }
    }

    func check(_ cases: [Case], sourceLocation: SourceLocation = #_sourceLocation) {
        for item in cases {
            let label =
                "pattern \(item.pattern.debugDescription) options \(item.options.debugDescription) text \(item.text.debugDescription)"
            do {
                let regex = try ParseRegex(pattern: item.pattern, options: item.options)
                #expect(regex.matches(item.text) == item.expected, "\(label): expected \(item.expected)", sourceLocation: sourceLocation)
            } catch {
                Issue.record("\(label): rejected: \(error)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("Literals and escaped characters")
    func literals() {
        check([
            Case("abc", "xxabcxx", true), Case("abc", "abd", false), Case("", "", true), Case("", "x", true),
            Case("caf\u{E9}", "un caf\u{E9}", true), Case("\u{1F44D}", "ok \u{1F44D}", true),
            // Scalars, not characters: a precomposed é is not an e and a combining accent.
            Case("\u{E9}", "e\u{301}", false), Case("^.$", "\u{1F44D}", true), Case("^.$", "e\u{301}", false),
            Case(#"a\.b"#, "a.b", true), Case(#"a\.b"#, "axb", false), Case(#"\\"#, #"a\b"#, true),
            Case(#"^\*\+\?\(\)\[\]\{\}\|\^\$\/\-$"#, "*+?()[]{}|^$/-", true), Case(#"\#\@\ \é"#, "#@ \u{E9}", true),
            Case(#"\n"#, "a\nb", true), Case(#"\n"#, "ab", false), Case(#"\t"#, "a\tb", true), Case(#"\t"#, "a b", false),
            Case(#"\r\f"#, "\r\u{0C}", true), Case(#"\0"#, "\u{0}", true), Case(#"\0"#, "0", false), Case(#"\012"#, "\n", true),
            Case(#"\x41"#, "A", true), Case(#"\x41"#, "a", false), Case(#"\x{1F44D}"#, "\u{1F44D}", true),
            Case(#"\x{e9}"#, "\u{E9}", true), Case(#"\u00e9"#, "\u{E9}", true), Case(#"\u00e9"#, "e", false),
            Case(#"\a\e"#, "\u{07}\u{1B}", true), Case(#"\cA\cz\c?"#, "\u{01}\u{1A}\u{7F}", true), Case(#"\cA"#, "A", false),
            // A brace that does not start a quantifier is a literal, as in PCRE.
            Case("a{", "a{", true), Case("a{x}", "a{x}", true), Case("a{1", "a{1", true), Case("{", "{", true),
            Case("a}", "a}", true), Case("a{}", "a{}", true), Case(#"^\N{2}$"#, "ab", true), Case("(?)a(?)", "a", true),
        ])
    }

    @Test("The classes \\d \\w \\s and their negations are ASCII; \\h, \\v and \\N are PCRE's")
    func builtInClasses() {
        check([
            Case(#"\d"#, "a1", true), Case(#"\d"#, "ab", false), Case(#"\d"#, "\u{663}", false), Case(#"\D"#, "123", false),
            Case(#"\D"#, "12x", true), Case(#"\w"#, "_", true), Case(#"\w"#, "\u{E9}", false), Case(#"\w"#, "-+", false),
            Case(#"\W"#, "\u{E9}", true), Case(#"\W"#, "aZ9_", false), Case(#"\s"#, "\u{0B}", true), Case(#"\s"#, "\u{A0}", false),
            Case(#"\s"#, "a\tb", true), Case(#"\S"#, " \t\n", false), Case(#"\S"#, " x ", true), Case(#"\h"#, "\u{A0}", true),
            Case(#"\h"#, "\n", false), Case(#"\H"#, " \t", false), Case(#"\v"#, "\u{2028}", true), Case(#"\v"#, " ", false),
            Case(#"\V"#, "\n\r", false), Case(#"\N"#, "\n", false), Case(#"\N"#, "a", true),
        ])
    }

    @Test("Word boundaries \\b and \\B")
    func wordBoundaries() {
        check([
            Case(#"\bcat\b"#, "a cat!", true), Case(#"\bcat\b"#, "concat", false), Case(#"\bcat\b"#, "cats", false),
            Case(#"\Bcat"#, "concat", true), Case(#"\Bcat"#, "cat", false), Case(#"\b"#, "", false), Case(#"\B"#, "", true),
            Case(#"\b"#, "\u{E9}", false), Case(#"\b"#, "-", false), Case(#"\b"#, "_", true), Case(#"a\b"#, "a-", true),
        ])
    }

    @Test("Anchors ^ $ \\A \\z \\Z, and option m")
    func anchors() {
        check([
            Case(#"\Aab"#, "abc", true), Case(#"\Aab"#, "cab", false), Case(#"\Aab"#, "m", "c\nab", false),
            Case(#"ab\z"#, "cab", true), Case(#"ab\z"#, "ab\n", false), Case(#"ab\Z"#, "ab\n", true), Case(#"ab\Z"#, "ab\n\n", false),
            Case("^ab", "ab", true), Case("^ab", "cab", false), Case("^ab", "c\nab", false), Case("^ab", "m", "c\nab", true),
            Case("ab$", "ab", true), Case("ab$", "ab\n", true), Case("ab$", "ab\nc", false), Case("ab$", "m", "ab\nc", true),
            Case("ab$", "m", "ab\n\n", true), Case("ab$", "ab\n\n", false), Case("^$", "", true), Case("^$", "\n", true),
            // With m, ^ does not match after a newline that ends the text.
            Case("^$", "m", "a\n", false), Case("^$", "m", "a\n\nb", true), Case("^b", "m", "a\nb", true),
            Case("a^b", "a^b", false), Case("a$b", "a$b", false), Case(#"\A"#, "", true), Case(#"\z"#, "", true),
        ])
    }

    @Test("The dot, and option s")
    func dot() {
        check([
            Case(".", "\n", false), Case(".", "s", "\n", true), Case("a.c", "abc", true), Case("a.c", "a\nc", false),
            Case("a.c", "s", "a\nc", true), Case("a.c", "ac", false), Case(".", "", false), Case("^...$", "a\u{E9}\u{1F44D}", true),
        ])
    }

    @Test("Character classes: ranges, negation, escapes, ] and - as literals")
    func characterClasses() {
        check([
            Case("[abc]", "xbx", true), Case("[abc]", "xyz", false), Case("[a-z]", "M", false), Case("[a-z]", "i", "M", true),
            Case("[^a-z]", "abc", false), Case("[^a-z]", "abC", true), Case("[^a]", "\n", true), Case("[]a]", "]", true),
            Case("[]a]", "b", false), Case("[^]a]", "]", false), Case("[^]a]", "b", true), Case(#"[\]]"#, "]", true),
            Case("[-a]", "-", true), Case("[a-]", "-", true), Case("[a-]", "b", false), Case(#"[a\-z]"#, "-", true),
            Case(#"[a\-z]"#, "m", false), Case(#"[\d_]"#, "_", true), Case(#"[\d_]"#, "a", false), Case(#"[^\d\s]"#, "1 ", false),
            Case(#"[^\d\s]"#, "1 x", true), Case(#"[\w.]"#, ".", true), Case("[.]", "a", false), Case("[.*+?]", "+", true),
            Case(#"[\x41-\x43]"#, "B", true), Case(#"[\x41-\x43]"#, "D", false), Case(#"[\b]"#, "\u{08}", true),
            Case(#"[\b]"#, "b", false), Case("[\u{E9}-\u{EB}]", "\u{EA}", true), Case("[\u{E9}-\u{EB}]", "\u{EC}", false),
            Case(#"[\Q]-\E]"#, "-", true), Case(#"[\Q]-\E]"#, "a", false), Case("[$^]", "^", true), Case("[\\^]", "^", true),
            Case("[[a]", "[", true), Case(#"[\D]"#, "5", false), Case(#"[^\D]"#, "5", true), Case("[a-c-e]", "-", true),
            Case("[a-c-e]", "d", false), Case("x[ab]+y", "xababy", true), Case("^[ab]+$", "abc", false),
        ])
    }

    @Test("Option i folds case per scalar, non-ASCII included")
    func caseInsensitive() {
        check([
            Case("abc", "i", "xABCx", true), Case("ABC", "i", "abc", true), Case("abc", "ABC", false),
            Case("\u{C9}", "i", "\u{E9}", true), Case("\u{E9}", "i", "CAF\u{C9}", true), Case("\u{E9}", "caf\u{C9}", false),
            Case("\u{3C3}", "i", "\u{3A3}", true), Case("\u{3C2}", "i", "\u{3A3}", true), Case("k", "i", "\u{212A}", true),
            Case("\u{1E9E}", "i", "\u{DF}", true), Case("\u{1C6}", "i", "\u{1C5}", true),
            // Simple folding maps one scalar to one: ß is not SS.
            Case("stra\u{DF}e", "i", "STRASSE", false), Case("[\u{E0}-\u{FE}]", "i", "\u{C9}", true),
            Case("[^a]", "i", "A", false), Case("[^a]", "i", "b", true), Case(#"\W"#, "i", "k", false), Case("[k]", "i", "K", true),
            Case("(?i)abc", "ABC", true), Case("(?i)\u{E9}", "\u{C9}", true), Case(#"\x41"#, "i", "a", true),
            // Case classes, as PCRE has them: s S ſ, k K and the Kelvin sign; dotless ı stays apart from i and I.
            Case("s", "i", "\u{17F}", true), Case("\u{17F}", "i", "S", true), Case("[\u{17F}]", "i", "s", true),
            Case("[s]", "i", "\u{17F}", true), Case("[A-Z]", "i", "\u{212A}", true), Case("[\u{212A}]", "i", "k", true),
            Case("[\u{1C5}]", "i", "\u{1C6}", true), Case("[\u{E9}-\u{EB}]", "i", "\u{CA}", true), Case("i", "i", "\u{131}", false),
            Case("I", "i", "\u{131}", false), Case("\u{131}", "i", "I", false), Case("[\u{131}]", "i", "i", false),
            Case("[^\u{17F}]", "i", "S", false), Case("[a-z]", "i", "\u{130}", false),
        ])
    }

    @Test("Option x ignores white space and # comments outside classes and quotes")
    func extended() {
        check([
            Case("a b c", "x", "abc", true), Case("a b c", "x", "a b c", false), Case("a b c", "a b c", true),
            Case(#"a\ b"#, "x", "a b", true), Case("a # a comment\nb", "x", "ab", true), Case("a # comment\nb", "x", "a", false),
            Case("[ ]", "x", " ", true), Case("^a +$", "x", "aaa", true), Case(#"\Qa b\E"#, "x", "a b", true),
            Case("a[#]b", "x", "a#b", true), Case("a\n\tb", "x", "ab", true), Case("(?x) a b", "ab", true),
            Case("^a{2} $", "x", "aa", true),
        ])
    }

    @Test("\\Q…\\E quotes, including Parse's way of quoting an \\E inside the text")
    func quoting() throws {
        check([
            Case(#"\Qa.b\E"#, "a.b", true), Case(#"\Qa.b\E"#, "axb", false), Case(#"\Q(*)\E"#, "(*)", true),
            Case(#"\Qab"#, "xab", true), Case(#"\Qa.*"#, "a.*", true), Case(#"\Qa.*"#, "abc", false),
            Case(#"\Qa\Eb"#, "ab", true), Case(#"a\Eb"#, "ab", true), Case(#"\Qab\E+"#, "abbb", true),
            Case(#"^\Qab\E+$"#, "abab", false), Case(#"^\Qab\E+$"#, "abbb", true), Case(#"\Q\E"#, "", true),
            Case(#"\Qa\E\\E\Qb\E"#, #"a\Eb"#, true), Case(#"\Qa\E\\E\Qb\E"#, "ab", false), Case(#"a\Q\E*b"#, "b", true),
        ])
        // The same quoting as ParseSwift's `containsString` and this server's own helper.
        for text in ["", #"\E"#, #"a\Eb"#, #"\Q\E\\E"#, "x.*(", "caf\u{E9}", "a|b", "[^]", "$1"] {
            let regex = try ParseRegex(pattern: quotedRegex(text), options: "")
            #expect(regex.matches("before " + text + " after"), "quoted \(text.debugDescription)")
            if !text.isEmpty {
                #expect(!regex.matches(String(text.dropLast())), "quoted \(text.debugDescription) against its prefix")
            }
        }
        let caseless = try ParseRegex(pattern: quotedRegex("CAF\u{C9} (1)"), options: "i")
        #expect(caseless.matches("un caf\u{E9} (1) noir") && !caseless.matches("cafe (1)"))
    }

    @Test("Groups, named groups, comments and alternation")
    func groups() {
        check([
            Case("(ab)+", "ababx", true), Case("^(ab)+$", "aba", false), Case("(?:ab|cd)e", "cde", true),
            Case("(?:ab|cd)e", "ace", false), Case(#"(?<year>\d{4})-(?P<month>\d\d)"#, "on 2024-05", true),
            Case(#"(?<year>\d{4})-(?P<month>\d\d)"#, "on 2024-5", false), Case("(?'n'a)", "a", true), Case("a|b|c", "c", true),
            Case("a|b|c", "d", false), Case("a|", "x", true), Case("^(a|b)*$", "abba", true), Case("^(a|b)*$", "abca", false),
            Case("()", "", true), Case("a(?#a comment)b", "ab", true), Case("(?|a|b)", "b", true), Case("^(?:)*$", "", true),
            Case("^(a*)*$", "aaa", true), Case("^(a*)*$", "aab", false), Case("^(a|ab)(c|bcd)(d*)$", "abcd", true),
            Case("((((a))))", "a", true), Case("x(a|b(c|d))y", "xbdy", true), Case("x(a|b(c|d))y", "xby", false),
            Case(String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100), "a", true),
        ])
    }

    @Test("Quantifiers, greedy and lazy, and counted repetition")
    func quantifiers() {
        let thousand = String(repeating: "a", count: 1_000)
        check([
            Case("^a*$", "", true), Case("^a+$", "", false), Case("^a+$", "aaa", true), Case("^ab?c$", "ac", true),
            Case("^ab?c$", "abbc", false), Case("^a{3}$", "aaa", true), Case("^a{3}$", "aa", false), Case("^a{2,}$", "aa", true),
            Case("^a{2,}$", "aaaaa", true), Case("^a{2,}$", "a", false), Case("^a{2,3}$", "aaaa", false), Case("^a{2,3}$", "aaa", true),
            Case("^a{0}$", "", true), Case("^a{0}b$", "b", true), Case("^a{0,0}$", "a", false), Case("^(ab){2}$", "abab", true),
            Case("^(ab){2}$", "ab", false), Case("^(a|bc){1,2}$", "bca", true), Case("^a*?$", "aaa", true), Case("^a+?b", "aab", true),
            Case("^a{2,3}?$", "a", false), Case("a??b", "b", true), Case("^a{1,}?$", "aa", true), Case("^(a?){3}a{3}$", "aaa", true),
            Case("^a{1000}$", thousand, true), Case("^a{1000}$", String(thousand.dropLast()), false), Case("^a{0,1000}$", thousand, true),
        ])
    }

    @Test("Inline options are taken at the very start of the pattern")
    func leadingInlineOptions() {
        check([
            Case("(?m)^b", "a\nb", true), Case("(?s)a.b", "a\nb", true), Case("(?im)^B", "a\nb", true),
            Case("(?i)(?s)A.B", "a\nb", true), Case("(?i)x", "y", false), Case("(?x)a b", "a b", false),
        ])
    }

    // MARK: - Against NSRegularExpression

    /// Random patterns from the supported subset whose meaning PCRE and ICU share, over a
    /// small alphabet so that texts match often enough to tell the engines apart.
    struct PatternGenerator {
        var random: SeededRandom

        static let atoms = [
            "a", "b", "A", ".", #"\d"#, #"\D"#, #"\w"#, #"\W"#, #"\s"#, #"\S"#, "[ab]", "[^a]", "[a-c]", #"[^\n]"#, "[A-Z_]",
            "[-a]", "[a-]", #"\n"#, #"\."#, #"\x61"#, #"\u0062"#, #"\x{41}"#, "_", "1", "-", #"\ "#, #"[\d\s]"#, #"[^\w]"#,
        ]
        /// Items that are not followed by a quantifier: PCRE and ICU differ on some, or refuse them.
        static let plain = ["^", "$", #"\b"#, #"\B"#, #"\A"#, #"\z"#, #"\Z"#, " ", #"\Qa.\E"#, "#c\n"]
        static let quantifiers = ["*", "+", "?", "{2}", "{1,}", "{0,2}", "{1,3}", "{0}"]
        static let alphabet: [Character] = ["a", "a", "b", "b", "A", "1", "_", " ", "\n", "-"]

        mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &random) == 0 }

        mutating func pick<Element>(_ items: [Element]) -> Element { items[Int.random(in: 0..<items.count, using: &random)] }

        mutating func alternation(depth: Int) -> String {
            let count = chance(3) ? Int.random(in: 2...3, using: &random) : 1
            return (0..<count).map { _ in sequence(depth: depth) }.joined(separator: "|")
        }

        mutating func sequence(depth: Int) -> String {
            (0..<Int.random(in: 0...4, using: &random)).map { _ in item(depth: depth) }.joined()
        }

        mutating func item(depth: Int) -> String {
            if chance(6) { return pick(Self.plain) }
            let group = depth > 0 && chance(4)
            let atom = group ? pick(["(", "(?:"]) + alternation(depth: depth - 1) + ")" : pick(Self.atoms)
            guard chance(2) else { return atom }
            // No lazy quantifier on a group: ICU loses matches with one on a group that can
            // match empty (`-(a*|)+?-|` finds nothing in "-\n_", though its last branch is empty).
            return atom + pick(Self.quantifiers) + (!group && chance(4) ? "?" : "")
        }

        mutating func options() -> String {
            "imsx".filter { _ in chance(3) }
        }

        mutating func text() -> String {
            String((0..<Int.random(in: 0...7, using: &random)).map { _ in pick(Self.alphabet) })
        }
    }

    static func foundationOptions(_ options: String) -> NSRegularExpression.Options {
        var result: NSRegularExpression.Options = [.useUnixLineSeparators]
        if options.contains("i") { result.insert(.caseInsensitive) }
        if options.contains("m") { result.insert(.anchorsMatchLines) }
        if options.contains("s") { result.insert(.dotMatchesLineSeparators) }
        if options.contains("x") { result.insert(.allowCommentsAndWhitespace) }
        return result
    }

    @Test("Random patterns match exactly where NSRegularExpression matches")
    func differential() throws {
        // Each case has a seed of its own (the run's seed + its index), so one case repeats alone.
        let first = try TestSeed(fixed: 20_260_301)
        var mismatches = 0
        for index in 0..<1_500 {
            let seed = TestSeed(first.value &+ UInt64(index))
            var generator = PatternGenerator(random: seed.generator())
            let pattern = generator.alternation(depth: 2)
            // NSRegularExpression refuses the empty pattern; the hand-written cases cover it.
            if pattern.isEmpty { continue }
            let options = generator.options()
            let label = "\(seed): pattern \(pattern.debugDescription) options \(options.debugDescription)"
            let reference: NSRegularExpression
            do {
                reference = try NSRegularExpression(pattern: pattern, options: Self.foundationOptions(options))
            } catch {
                Issue.record("\(label): NSRegularExpression refused it: \(error)")
                continue
            }
            let regex: ParseRegex
            do {
                regex = try ParseRegex(pattern: pattern, options: options)
            } catch {
                Issue.record("\(label): refused: \(error)")
                continue
            }
            for _ in 0..<4 {
                let text = generator.text()
                // With m, ICU's ^ matches after a newline that ends the text; PCRE's (and Perl's) does not.
                if options.contains("m") && pattern.contains("^") && text.hasSuffix("\n") { continue }
                let expected = reference.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                if regex.matches(text) != expected {
                    mismatches += 1
                    Issue.record("\(label) text \(text.debugDescription): NSRegularExpression says \(expected)")
                }
                if mismatches > 20 { return }
            }
        }
    }

    // MARK: - Problems

    @Test("Unsupported constructs and bad patterns are refused with a problem that names them")
    func rejections() {
        let cases: [(pattern: String, options: String, names: String)] = [
            (#"(a)\1"#, "", #"backreferences (\1)"#), (#"\k<n>"#, "", "backreferences"), (#"\g{1}"#, "", "backreferences"),
            ("(?P=n)", "", "backreferences"), ("(?=a)", "", "lookahead"), ("(?!a)", "", "lookahead"), ("(?<=a)b", "", "lookbehind"),
            ("(?<!a)b", "", "lookbehind"), ("(?>a)", "", "atomic groups"), ("(?R)", "", "recursion"), ("(?1)", "", "recursion"),
            ("(?&n)", "", "recursion"), ("(?-1)", "", "recursion"), ("(?P>n)", "", "recursion"), ("(?(1)a|b)", "", "conditional"),
            ("(*FAIL)", "", "verbs"), ("(*UTF)a", "", "verbs"), ("(?C1)", "", "callouts"), ("a*+", "", "possessive"),
            ("a++", "", "possessive"), ("a{2}+", "", "possessive"), ("[[:alpha:]]", "", "POSIX"), (#"\p{L}"#, "", "Unicode properties"),
            (#"\R"#, "", #"\R"#), (#"\X"#, "", #"\X"#), (#"\K"#, "", #"\K"#), (#"\G"#, "", #"\G"#), (#"\c"#, "", "printable"),
            (#"\N{name}"#, "", #"\N{…}"#), (#"\o{12}"#, "", "octal escapes"), (#"[\1]"#, "", "octal escapes"),
            (#"\q"#, "", #"unknown escape \q at position 0"#), (#"a\y"#, "", #"unknown escape \y at position 1"#),
            (#"[\y]"#, "", #"unknown escape \y"#), (#"[\B]"#, "", "not allowed in a character class"), ("a(?i)b", "", "very start"),
            ("(?i:a)", "", "scoped inline options"), ("(?U)a", "", "inline options"), ("(?-i)a", "", "inline options"),
            ("(ab", "", "unbalanced parenthesis at position 0"), ("ab)", "", "unbalanced parenthesis at position 2"),
            ("((a)", "", "unbalanced parenthesis at position 0"), ("(?", "", "unbalanced parenthesis"),
            (#"(\Qa)"#, "", "unbalanced parenthesis"), ("[ab", "", "missing ]"), ("[", "", "missing ]"), ("[]", "", "missing ]"),
            (#"[\Qa]"#, "", "missing ]"), ("*a", "", "nothing to repeat at position 0"), ("+", "", "nothing to repeat"),
            ("a|?b", "", "nothing to repeat at position 2"), ("(*)", "", "nothing to repeat"), ("^*", "", "nothing to repeat"),
            (#"\b+"#, "", "nothing to repeat"), ("{2}", "", "nothing to repeat"), ("a$?", "", "nothing to repeat"),
            ("a(?)*", "", "nothing to repeat"),
            ("a{3,2}", "", "minimum larger than its maximum"), ("a{1001}", "", "larger than 1000"), ("a{0,1001}", "", "larger than 1000"),
            ("a{99999999999999999999}", "", "larger than 1000"), ("a{,3}", "", "no minimum"),
            ("a**", "", "cannot follow another quantifier"),
            ("a{2}{3}", "", "cannot follow another quantifier"), ("a???", "", "cannot follow another quantifier"),
            ("[z-a]", "", "out of order"), (#"[\d-z]"#, "", "invalid range"), (#"[a-\d]"#, "", "invalid range"),
            (#"a\"#, "", "lone backslash"), (#"\x{110000}"#, "", "not a Unicode scalar value"),
            (#"\uD800"#, "", "not a Unicode scalar value"),
            (#"\u12"#, "", "four hexadecimal digits"), (#"\x{zz}"#, "", "hexadecimal digits"), ("(?<1a>x)", "", "bad group name"),
            ("(?#abc", "", "comment"), ("(?Q)", "", "inline options"), ("(?@)", "", "unknown group construct"),
            (String(repeating: "a", count: 1_001), "", "the pattern is longer than 1000 characters"),
            (String(repeating: "(", count: 10_000), "", "the pattern is longer than 1000 characters"),
            (String(repeating: "(", count: 101) + String(repeating: ")", count: 101), "", "nested more than 100 deep"),
            ("(a{1000}){1000}", "", "more than 20000 instructions"), ("((a{30}){30}){30}", "", "more than 20000 instructions"),
            ("(abcdefghijklmnopqrstu){1000}", "", "more than 20000 instructions"),
        ]
        for (pattern, options, names) in cases {
            let shown = pattern.count > 40 ? String(pattern.prefix(40)) + "…" : pattern
            do {
                _ = try ParseRegex(pattern: pattern, options: options)
                Issue.record("\(shown.debugDescription) was accepted; expected a problem naming \(names.debugDescription)")
            } catch {
                #expect(error.description.contains(names), "\(shown.debugDescription): \(error.description)")
            }
        }
        // Counts up to the limits are fine.
        #expect(throws: Never.self) { _ = try ParseRegex(pattern: "(a{100}){199}", options: "") }
    }

    @Test("Options other than i, m, s and x are a bad $options value")
    func badOptions() throws {
        for options in ["u", "g", "I", "ix ", "l", "\u{E9}"] {
            #expect(throws: ParseRegex.Problem(description: "Bad $options value"), "options \(options.debugDescription)") {
                _ = try ParseRegex(pattern: "a", options: options)
            }
        }
        #expect(try ParseRegex(pattern: "A.B", options: "imsxxi").matches("a\nb"))
    }

    @Test("Arbitrary strings of pattern syntax are either compiled or refused with a problem that points into the pattern")
    func garbagePatterns() throws {
        let pieces = [
            "a", "(", ")", "[", "]", "{", "}", "{2", ",", "3", "^", "$", "|", "*", "+", "?", ".", #"\"#, "Q", "E", "x", "-", ":", "<",
            ">", "=", "!", "#", " ", "\n", "P", "'", "0", "9", "u", "b", "d", "k", "&", "R",
        ]
        let seed = try TestSeed(fixed: 77_031)
        var random = seed.generator()
        var accepted = 0
        for index in 0..<3_000 {
            let pattern = (0..<Int.random(in: 1...12, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }
                .joined()
            let options = ["", "i", "x", "imsx"][index % 4]
            do {
                let regex = try ParseRegex(pattern: pattern, options: options)
                _ = regex.matches("ab(c)\n[d]{2}")
                accepted += 1
            } catch {
                let label = "\(seed), case \(index): pattern \(pattern.debugDescription): \(error.description)"
                #expect(!error.description.isEmpty, "\(label)")
                if let marker = error.description.range(of: "at position ") {
                    let position = Int(error.description[marker.upperBound...].prefix { $0.isNumber }) ?? -1
                    #expect(position >= 0 && position < pattern.unicodeScalars.count, "\(label)")
                }
            }
        }
        // Sanity check on the generator: many of these patterns are valid.
        #expect(accepted > 300, "only \(accepted) of 3000 accepted (\(seed))")
    }

    // MARK: - No catastrophic backtracking

    @Test("Patterns that make backtracking engines take exponential time finish on 20,000 scalars")
    func pathological() throws {
        let many = String(repeating: "a", count: 20_000)
        let cases: [(String, String, Bool)] = [
            ("(a+)+$", many, true), ("(a+)+b", many, false), ("(a+)+$", many + "!", false), ("(a|aa)*b", many, false),
            ("^(a|aa)*$", many, true), ("(.*)*x", many, false), ("(a*)*b", many, false),
            ("(x+x+)+y", String(repeating: "x", count: 20_000), false),
            ("^(a?){30}a{30}$", String(repeating: "a", count: 30), true), ("(a|a)*$", many + "b", true), ("^(a|a)*$", many + "b", false),
            ("(?:a{0,10}){10}c", String(repeating: "a", count: 2_000), false), ("(\\w+\\s?)*$", many + "!", true),
            ("^(\\w+\\s?)*$", many + "!", false),
        ]
        for (pattern, text, expected) in cases {
            let regex = try ParseRegex(pattern: pattern, options: "")
            #expect(regex.matches(text) == expected, "pattern \(pattern)")
        }
        #expect(try !ParseRegex(pattern: "(a+)+b", options: "i").matches(many))
        #expect(try ParseRegex(pattern: "(.*)*\\n", options: "sm").matches(many + "\n"))
    }
}

/// `text` as a literal regular expression, the way Parse's SDKs quote a term for
/// `containsString`: `\Q…\E`, with any `\E` inside it written as `\E\\E\Q`.
private func quotedRegex(_ text: String) -> String {
    "\\Q" + text.replacingOccurrences(of: "\\E", with: "\\E\\\\E\\Q") + "\\E"
}
