import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension UUID {
    /// A random (version 4) UUID, like `UUID()`, from the standard library's generator.
    /// On Linux, Foundation's `UUID()` opens, reads and closes `/dev/urandom` for each id.
    public static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        return version4(generator.next(), generator.next())
    }

    /// `count` random (version 4) UUIDs. A large batch reads its bits from `/dev/urandom` in
    /// one go, where `UUID()` would open and read the file once per id: that was a third of
    /// the time of a store's import of 100,000 titles. A few come from the standard
    /// library's generator, as do all where the file cannot be read.
    public static func random(count: Int) -> [UUID] {
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

    /// `count` random words read from `/dev/urandom` at once; nil when it cannot be read whole.
    private static func randomWordsFromFile(_ count: Int) -> [UInt64]? {
        let source = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { return nil }
        defer { close(source) }
        var words = [UInt64](repeating: 0, count: count)
        let whole = words.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var filled = 0
            while filled < buffer.count {
                let got = read(source, base + filled, buffer.count - filled)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return false }
                filled += got
            }
            return true
        }
        return whole ? words : nil
    }
}
