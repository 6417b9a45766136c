import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension UUID {
    /// `count` random (version 4) UUIDs, their bits read from the system's random source in
    /// one go. `UUID()` asks the kernel once per id, which is most of the cost of a store's
    /// import of 100,000 titles. If the system will not give random bytes, each id falls back
    /// to `UUID()`.
    public static func random(count: Int) -> [UUID] {
        guard count > 1 else { return count == 1 ? [UUID()] : [] }
        var bytes = [UInt8](repeating: 0, count: count * 16)
        guard fillRandom(&bytes) else { return (0..<count).map { _ in UUID() } }
        return (0..<count).map { index in
            var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &raw) { out in
                for offset in 0..<16 { out[offset] = bytes[index * 16 + offset] }
                out[6] = out[6] & 0x0F | 0x40  // version 4: random
                out[8] = out[8] & 0x3F | 0x80  // the RFC 9562 variant
            }
            return UUID(uuid: raw)
        }
    }

    /// Fills `bytes` from the system's random source (`/dev/urandom`, read in one go where
    /// `UUID()` would make a system call per id); `false` if it could not be read.
    private static func fillRandom(_ bytes: inout [UInt8]) -> Bool {
        let source = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { return false }
        defer { close(source) }
        return bytes.withUnsafeMutableBytes { buffer -> Bool in
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
    }
}
