/// Declares an option, `--name VALUE` or `--name=VALUE`, and holds its value once parsed.
///
/// ```swift
/// @Option("limit", value: "N", help: "At most N tasks.", parser: .wholeNumber) var limit: Int?
/// @Option("offset", value: "N", help: "Skip N tasks.", parser: .wholeNumber) var offset = 0
/// @Option("submission", value: "DIR", help: "A student's folder (repeatable).") var submissions: [String]
/// ```
@propertyWrapper
struct Option<Value>: DeclaredArgument {
    let declaration: ArgumentDeclaration
    private let parsed: ParsedValue<Value>
    private let convert: (_ words: [String], _ name: String) throws(UsageError) -> Value

    var wrappedValue: Value { parsed.value }

    private init(
        _ name: String, value valueName: String, help: String, repeating: Bool, initial: Value,
        convert: @escaping (_ words: [String], _ name: String) throws(UsageError) -> Value
    ) {
        declaration = ArgumentDeclaration(name: name, kind: .option(valueName: valueName, repeating: repeating), help: help)
        parsed = ParsedValue(initial)
        self.convert = convert
    }

    func take(_ words: [String]) throws(UsageError) {
        parsed.value = try convert(words, declaration.spelling)
    }

    /// Given at most once; `wrappedValue` when left out.
    init(wrappedValue: Value, _ name: String, value valueName: String, help: String, parser: ValueParser<Value>) {
        self.init(name, value: valueName, help: help, repeating: false, initial: wrappedValue) { words, name throws(UsageError) in
            try parser.parse(try Self.single(words, name), name)
        }
    }

    /// Given at most once; nil when left out.
    init<Wrapped>(_ name: String, value valueName: String, help: String, parser: ValueParser<Wrapped>) where Value == Wrapped? {
        self.init(name, value: valueName, help: help, repeating: false, initial: nil) { words, name throws(UsageError) in
            try parser.parse(try Self.single(words, name), name)
        }
    }

    /// Text, given at most once; nil when left out.
    init(_ name: String, value valueName: String, help: String) where Value == String? {
        self.init(name, value: valueName, help: help, parser: .text)
    }

    /// Text, given any number of times, in the order given.
    init(_ name: String, value valueName: String, help: String) where Value == [String] {
        self.init(name, value: valueName, help: help, repeating: true, initial: []) { words, _ in words }
    }

    private static func single(_ words: [String], _ name: String) throws(UsageError) -> String {
        guard words.count == 1, let word = words.first else { throw UsageError("\(name) was given more than once.") }
        return word
    }
}

/// Declares a flag, `--name`, which is true when given.
@propertyWrapper
struct Flag: DeclaredArgument {
    let declaration: ArgumentDeclaration
    private let parsed = ParsedValue(false)

    var wrappedValue: Bool { parsed.value }

    init(_ name: String, help: String) {
        declaration = ArgumentDeclaration(name: name, kind: .flag, help: help)
    }

    func take(_ words: [String]) throws(UsageError) {
        parsed.value = !words.isEmpty
    }
}

/// Declares a positional argument: a word in its place, which may start with a dash only
/// after a lone `--`.
///
/// ```swift
/// @Argument("TITLE", help: "The task's title.") var title: String
/// @Argument("LEVEL", help: "Which hint (default: 1).") var level: String?
/// ```
@propertyWrapper
struct Argument<Value>: DeclaredArgument {
    let declaration: ArgumentDeclaration
    private let parsed: ParsedValue<Value>
    private let convert: (String) -> Value

    var wrappedValue: Value { parsed.value }

    /// A word that must be given. It reads as "" until parsed.
    init(_ name: String, help: String) where Value == String {
        declaration = ArgumentDeclaration(name: name, kind: .positional(optional: false), help: help)
        parsed = ParsedValue("")
        convert = { $0 }
    }

    /// A word that may be left out (only after every required one).
    init(_ name: String, help: String) where Value == String? {
        declaration = ArgumentDeclaration(name: name, kind: .positional(optional: true), help: help)
        parsed = ParsedValue(nil)
        convert = { $0 }
    }

    func take(_ words: [String]) throws(UsageError) {
        if let word = words.first { parsed.value = convert(word) }
    }
}
