import Foundation

extension UUID {
    /// Parses the 8-4-4-4-12 hex form (either case) from UTF-8 bytes, without making a
    /// String or any other allocation first: reading ids is the hot path of every list a
    /// database store reads. `nil` when the bytes are not such a UUID.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36, bytes[8] == 0x2D, bytes[13] == 0x2D, bytes[18] == 0x2D, bytes[23] == 0x2D else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &raw) { out -> Bool in
            var index = 0
            for position in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 { index += 1 }
                guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return false }
                out[position] = high << 4 | low
                index += 2
            }
            return true
        }
        return parsed ? UUID(uuid: raw) : nil
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

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }
}
