import Foundation

/// The keys that make ordering and search right for all of Unicode, in every backend.
///
/// - ``folded(_:)`` is the key of case-insensitive order: Unicode case folding
///   (`"Straße"` and `"STRASSE"` fold alike), independent of any locale, in NFC.
/// - ``searchKey(_:)`` also drops diacritics, so `"cafe"` finds `"Café"` and `"CAFÉ"`.
///
/// The search itself (`matches(_:search:)`) is added by the `CRUDSpec` module: it is the
/// answer of an exercise whose code may import only this module.
///
/// Keys compare by Unicode scalar values, which is also the byte order of their UTF-8,
/// so a database can store a key and compare it with plain binary comparison.
public enum TextKey {
    /// Unicode full case folding of `text`, in Normalization Form C.
    public static func folded(_ text: String) -> String {
        if let ascii = asciiLowercased(text) { return ascii }
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            appendFolded(scalar, to: &scalars, depth: 0)
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// The folded text without diacritics: the key that search terms and titles or names
    /// are compared with.
    public static func searchKey(_ text: String) -> String {
        if let ascii = asciiLowercased(text) { return ascii }
        let decomposed = folded(text).decomposedStringWithCanonicalMapping.unicodeScalars
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: decomposed.lazy.filter { $0.properties.generalCategory != .nonspacingMark })
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// The fast path for pure ASCII, the common case: folding, normalization and diacritic
    /// removal all reduce to lowercasing A–Z. `nil` when the text has any other byte.
    private static func asciiLowercased(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            guard bytes.contains(where: { (0x41...0x5A).contains($0) }) else { return String(decoding: bytes, as: UTF8.self) }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for (index, byte) in bytes.enumerated() { buffer[index] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
                return bytes.count
            }
        }
    }

    /// Compares two strings by their Unicode scalar values (the byte order of their UTF-8).
    public static func scalarOrder(_ lhs: String, _ rhs: String) -> Bool {
        lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
    }

    /// The standard library has case mappings but no case folding. For the scalars whose
    /// folding differs from themselves, folding equals one of the mappings below, tried in
    /// order; a result that still folds is folded again (U+1E9E ẞ → ß → ss).
    private static func appendFolded(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView, depth: Int) {
        let properties = scalar.properties
        guard properties.changesWhenCaseFolded, depth < 3 else {
            out.append(scalar)
            return
        }
        let lowerOfUpper = String(properties.uppercaseMapping).lowercased()
        let candidates = [lowerOfUpper, properties.uppercaseMapping, properties.lowercaseMapping]
        if let stable = candidates.first(where: { !$0.unicodeScalars.contains { $0.properties.changesWhenCaseFolded } }) {
            out.append(contentsOf: stable.unicodeScalars)
        } else {
            for next in lowerOfUpper.unicodeScalars { appendFolded(next, to: &out, depth: depth + 1) }
        }
    }
}
