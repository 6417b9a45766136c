import Foundation

extension UUID {
    /// A random (version 4) UUID, like `UUID()` but from the standard library's generator,
    /// without opening a file.
    static func random() -> UUID {
        randomBatch(1).first ?? UUID()
    }

    /// `count` random (version 4) UUIDs.
    ///
    /// Foundation's `UUID()` on Linux opens and reads `/dev/urandom` once per UUID: three
    /// system calls each, a third of the time of a large import. A batch here reads the
    /// file once for all its bytes; a few UUIDs use the standard library's generator.
    static func randomBatch(_ count: Int) -> [UUID] {
        guard count > 0 else { return [] }
        let words = count >= 16 ? randomWordsFromFile(count * 2) : nil
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { index in
            guard let words else { return version4(generator.next(), generator.next()) }
            return version4(words[2 * index], words[2 * index + 1])
        }
    }

    /// The UUID of these 128 random bits, with the version (4) and variant (10) of RFC 9562
    /// set: the high nibble of byte 6, the top two bits of byte 8.
    private static func version4(_ high: UInt64, _ low: UInt64) -> UUID {
        let high = high & 0xFFFF_FFFF_FFFF_0FFF | 0x0000_0000_0000_4000
        let low = low & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        let byte = { (word: UInt64, index: UInt64) in UInt8(truncatingIfNeeded: word >> (56 - 8 * index)) }
        return UUID(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5), byte(high, 6),
                byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5),
                byte(low, 6), byte(low, 7)
            ))
    }

    /// `count` random words read from `/dev/urandom` at once; nil when it cannot be read.
    private static func randomWordsFromFile(_ count: Int) -> [UInt64]? {
        guard let file = FileHandle(forReadingAtPath: "/dev/urandom") else { return nil }
        defer { try? file.close() }
        guard let data = try? file.read(upToCount: count * 8), data.count == count * 8 else { return nil }
        return data.withUnsafeBytes { bytes in
            (0..<count).map { bytes.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) }
        }
    }
}
