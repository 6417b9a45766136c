import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

/// `JSONValue.read` against the reference it must agree with: `JSONDecoder` through
/// `JSONValue`'s `Codable`. Either both read the same value or both refuse the input.
@Suite("Reading JSON: the fast reader agrees with JSONDecoder")
struct JSONReadingTests {
    static func reference(_ data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    static func agree(_ data: Data) -> Bool {
        reference(data) == (try? JSONValue.read(data))
    }

    static let edgeCases: [String] = [
        "", " ", "{}", "[]", "{ }", "[ ]", " {\"a\" : 1 } ", "{\"a\":1,}", "[1,]", "[,1]", "{\"a\" 1}", "{a:1}", "{\"a\":1}x",
        "1", "-1", "0", "-0", "01", "-01", "1.0", "1.5", "-0.0", "1e2", "1E2", "1e-2", "1e400", "-1e400", "1.", ".5", "-",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551616",
        "true", "false", "null", "tru", "nul", "True", "\"\"", "\"a\"", "\"\\u00e9\"", "\"e\\u0301\"", "\"\\ud83d\\ude00\"",
        "\"\\ud83d\"", "\"\\ude00\"", "\"\\ud83dx\"", "\"\\u12\"", "\"\\uZZZZ\"", "\"\\x\"", "\"\\/\"", "\"\\b\\f\\n\\r\\t\"",
        "\"\\u0000\"", "\"\u{1}\"", "\"\t\"", "\"\u{7F}\"", "\"\u{FEFF}\"", "\u{FEFF}{}", "\"unterminated", "\"a\\\"", "[\"a\",\"b\"]",
        "{\"a\":1,\"a\":2}", "{\"é\":1,\"e\u{301}\":2}", "{\"title\":\"Über café ☕️\",\"isCompleted\":false,\"n\":null}",
        "{\"notes\":{\"__op\":\"Delete\"}}", "[[[[[[[[[[]]]]]]]]]]",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "[1,2,3]", "[1 2]", "{\"a\":[1,{\"b\":\"c\"}]}",
        "\r\n\t{}\r\n", "{}{}", "[] ", "\"\\u00\"",
    ]

    @Test("Edge cases: whitespace, numbers, escapes, surrogates, repeated keys, nesting, garbage")
    func edgeCasesAgree() {
        for text in Self.edgeCases {
            let data = Data(text.utf8)
            #expect(
                Self.agree(data),
                "\(text.debugDescription): JSONDecoder \(String(describing: Self.reference(data))), read \(String(describing: try? JSONValue.read(data)))"
            )
        }
        // Bytes that are not UTF-8, inside and outside strings.
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x5B, 0xFF, 0x5D], [0x22, 0xED, 0xA0, 0x80, 0x22]] {
            #expect(Self.agree(Data(bytes)), "\(bytes)")
        }
    }

    @Test("Seeded random values, written by JSONEncoder and then damaged byte by byte, read alike")
    func randomAgree() throws {
        let seed = try TestSeed()
        var random = seed.generator()
        for round in 0..<1_000 {
            let value = Self.randomValue(depth: 0, using: &random)
            let written = try JSONEncoder().encode(value)
            #expect(Self.agree(written), "round \(round), \(seed): \(String(decoding: written, as: UTF8.self))")
            #expect(try JSONValue.read(written) == value, "round \(round), \(seed): the value does not read back")
            var damaged = [UInt8](written)
            for _ in 0..<Int.random(in: 1...3, using: &random) where !damaged.isEmpty {
                let at = Int.random(in: 0..<damaged.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: damaged.remove(at: at)
                case 1: damaged.insert(Self.noise.randomElement(using: &random) ?? 0x20, at: at)
                default: damaged[at] = Self.noise.randomElement(using: &random) ?? 0x20
                }
            }
            #expect(Self.agree(Data(damaged)), "round \(round), \(seed): \(String(decoding: damaged, as: UTF8.self).debugDescription)")
        }
    }

    /// Bytes that matter to a JSON reader.
    static let noise: [UInt8] = Array("{}[]\",:\\u0123456789.eE+-tfn ".utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xFF]

    static func randomValue(depth: Int, using random: inout SeededRandom) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 6 : 8), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2:
            let extremes = [0, 1, -1, Int.max, Int.min, 1 << 53]
            return .integer(
                Bool.random(using: &random)
                    ? extremes.randomElement(using: &random) ?? 0 : Int.random(in: -1_000_000...1_000_000, using: &random))
        case 3: return .number(Double.random(in: -1e6...1e6, using: &random))
        case 4, 5: return .string(randomText(using: &random))
        case 6:
            return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                members[randomText(using: &random)] = randomValue(depth: depth + 1, using: &random)
            }
            return .object(members)
        }
    }

    static func randomText(using random: inout SeededRandom) -> String {
        let pieces = [
            "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "é", "e\u{301}", "😀", "\u{FEFF}", "\u{2028}", "☕️", "日本",
        ]
        return (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }
}
