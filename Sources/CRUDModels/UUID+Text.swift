import Foundation

extension UUID {
    /// Parses the 8-4-4-4-12 hex form (either case) from UTF-8 bytes, without making a
    /// String or any other allocation first: reading ids is the hot path of every list a
    /// database store reads, so it is inlinable too. `nil` when the bytes are not such a UUID.
    @inlinable
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36, bytes[8] == 0x2D, bytes[13] == 0x2D, bytes[18] == 0x2D, bytes[23] == 0x2D else { return nil }
        // Any byte that is not a hex digit sets a high bit in `invalid`; checked once at the end.
        // Straight-line code, one call per byte pair at its fixed offset: this runs once per
        // row of every list a database store reads.
        var invalid: UInt8 = 0
        @inline(__always) func byte(_ index: Int) -> UInt8 {
            let high = nibble(bytes[index])
            let low = nibble(bytes[index + 1])
            invalid |= high | low
            return high << 4 | low & 0x0F
        }
        let raw: uuid_t = (
            byte(0), byte(2), byte(4), byte(6), byte(9), byte(11), byte(14), byte(16), byte(19), byte(21), byte(24), byte(26), byte(28),
            byte(30), byte(32), byte(34)
        )
        return invalid & 0xF0 == 0 ? UUID(uuid: raw) : nil
    }

    /// The value of a hex digit (either case), with a high bit set for any other byte.
    ///
    /// Without branches: ids are random, so a branch on "digit or letter" is mispredicted
    /// for a third of the bytes, which made parsing cost about 85 ns an id. For a hex digit,
    /// bit 6 marks a letter and the low four bits are the digit, or the letter's place
    /// from 1; the validity test becomes a mask of two comparisons.
    @inlinable @inline(__always)
    static func nibble(_ byte: UInt8) -> UInt8 {
        let isDigit = (byte &- 0x30) < 10
        let isLetter = ((byte | 0x20) &- 0x61) < 6
        let value = (byte & 0x0F) &+ 9 &* (byte >> 6)
        let invalid: UInt8 = isDigit || isLetter ? 0 : 0xF0
        return value | invalid
    }

    /// The lowercase 8-4-4-4-12 form, as the database stores keep ids, without
    /// Foundation's uppercase string and a second pass to lowercase it.
    public var lowercasedString: String {
        withUnsafeBytes(of: uuid) { raw in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var out = 0
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[out] = 0x2D
                        out += 1
                    }
                    buffer[out] = Self.hexDigit(byte >> 4)
                    buffer[out + 1] = Self.hexDigit(byte & 0x0F)
                    out += 2
                }
                return out
            }
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x61 + value - 10
    }
}
