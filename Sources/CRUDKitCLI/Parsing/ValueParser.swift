/// Turns the text given for an option into its value, or says what was expected.
struct ValueParser<Value>: Sendable {
    /// Parses `text`, given for the option spelt `name` (`--limit`).
    let parse: @Sendable (_ text: String, _ name: String) throws(UsageError) -> Value

    /// A parser with its own error messages.
    init(parse: @escaping @Sendable (_ text: String, _ name: String) throws(UsageError) -> Value) {
        self.parse = parse
    }

    /// A parser that fails with "--name needs `expected`, not 'text'." when `convert` gives nil.
    init(expecting expected: String, _ convert: @escaping @Sendable (String) -> Value?) {
        parse = { text, name throws(UsageError) in
            guard let value = convert(text) else { throw UsageError("\(name) needs \(expected), not '\(text)'.") }
            return value
        }
    }
}

extension ValueParser where Value == String {
    /// Any text.
    static var text: ValueParser { ValueParser { text, _ in text } }

    /// One of `choices`.
    static func choice(_ choices: [String]) -> ValueParser {
        ValueParser { text, name throws(UsageError) in
            guard choices.contains(text) else { throw .unknown("value for \(name)", text, among: choices) }
            return text
        }
    }

    /// The formats most commands print: text, markdown or json.
    static var format: ValueParser { choice(["text", "markdown", "json"]) }

    /// The formats of the reports that also come as a page: text, markdown, json or html.
    static var reportFormat: ValueParser { choice(["text", "markdown", "json", "html"]) }
}

extension ValueParser where Value == Int {
    /// 0, 1, 2, …
    static var wholeNumber: ValueParser { ValueParser(expecting: "a whole number ≥ 0") { Int($0).flatMap { $0 >= 0 ? $0 : nil } } }
    /// 1, 2, 3, …
    static var positiveWholeNumber: ValueParser {
        ValueParser(expecting: "a positive whole number") { Int($0).flatMap { $0 > 0 ? $0 : nil } }
    }
}

extension ValueParser where Value == UInt64 {
    /// A seed: any whole number that fits in 64 bits.
    static var seed: ValueParser { ValueParser(expecting: "a whole number ≥ 0") { UInt64($0) } }
}

extension ValueParser where Value == Double {
    /// A share from 0 to 1, such as a failure rate.
    static var share: ValueParser {
        ValueParser(expecting: "a share from 0 to 1") { Double($0).flatMap { (0...1).contains($0) ? $0 : nil } }
    }
}

extension ValueParser where Value == Duration {
    /// A positive number of seconds (`1.5`), the one place the tool turns seconds into a duration.
    static var positiveSeconds: ValueParser {
        ValueParser(expecting: "a positive number of seconds") { text in
            guard let seconds = Double(text), seconds > 0, seconds < 1e12 else { return nil }
            return .milliseconds(Int64(seconds * 1_000))
        }
    }

    /// Whole milliseconds ≥ 0.
    static var milliseconds: ValueParser {
        ValueParser(expecting: "milliseconds ≥ 0") { Int($0).flatMap { $0 >= 0 ? .milliseconds($0) : nil } }
    }
}
