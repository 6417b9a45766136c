import CRUDSpec
import Foundation
import Testing

@Suite("UUIDs as text")
struct UUIDTextTests {
    @Test("The lowercase form is Foundation's, lowercased, and parses back in either case")
    func roundTrip() {
        var random = SeededRandom(seed: 0x5EED_0001)
        for _ in 0..<200 {
            let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
            let id = UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10],
                    bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
            #expect(id.lowercasedString == id.uuidString.lowercased(), "seed 0x5EED0001")
            for text in [id.lowercasedString, id.uuidString] {
                let parsed = Array(text.utf8).withUnsafeBufferPointer { UUID.parse(utf8: $0) }
                #expect(parsed == id, "\(text) should parse back to itself (seed 0x5EED0001)")
            }
        }
    }

    @Test(
        "Anything but 8-4-4-4-12 hex digits is not a UUID",
        arguments: [
            "", "not a uuid", "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-4266141740000",
            "123e4567e89b-12d3-a456-4266141740000", "123e4567-e89b-12d3-a456-42661417400g", "123e4567-e89b-12d3-a456_426614174000",
            " 23e4567-e89b-12d3-a456-426614174000",
        ])
    func rejects(_ text: String) {
        let parsed = Array(text.utf8).withUnsafeBufferPointer { UUID.parse(utf8: $0) }
        #expect(parsed == nil, "\(text.debugDescription) parsed as \(String(describing: parsed))")
    }

    @Test("Every byte in every digit's place: a hex digit of either case reads as Foundation reads it, any other byte refuses the id")
    func everyByteInEveryPlace() {
        let template = Array("0123abcd-ef45-6789-ABCD-EF0123456789".utf8)
        let digitPlaces = template.indices.filter { template[$0] != UInt8(ascii: "-") }
        let hexDigits = Set("0123456789abcdefABCDEF".utf8)
        for place in digitPlaces {
            for byte in UInt8.min...UInt8.max {
                var text = template
                text[place] = byte
                let parsed = text.withUnsafeBufferPointer { UUID.parse(utf8: $0) }
                let expected = hexDigits.contains(byte) ? UUID(uuidString: String(decoding: text, as: UTF8.self)) : nil
                #expect(parsed == expected, "byte 0x\(String(byte, radix: 16)) at offset \(place): parsed \(String(describing: parsed))")
            }
        }
    }

    @Test("A batch of random ids: as many as asked, all distinct, each a version-4 UUID of the RFC variant")
    func randomBatch() {
        #expect(UUID.random(count: 0).isEmpty)
        #expect(UUID.random(count: 1).count == 1)
        let ids = UUID.random(count: 5_000)
        #expect(ids.count == 5_000)
        #expect(Set(ids).count == ids.count, "a repeated id among 5,000 random ones")
        for id in ids {
            let text = id.lowercasedString
            let version = text[text.index(text.startIndex, offsetBy: 14)]
            let variant = text[text.index(text.startIndex, offsetBy: 19)]
            #expect(version == "4" && "89ab".contains(variant), "\(text): version \(version), variant \(variant)")
        }
        // Two batches do not repeat each other: the bits are read afresh each time.
        #expect(Set(ids).isDisjoint(with: UUID.random(count: 5_000)))
    }
}
