import CRUDSpec

/// The keys of one task title, computed once when the title is set and kept beside the task,
/// so that listing by title or searching never folds a title again.
///
/// - `folded` orders by title (``TextKey/folded(_:)``);
/// - `search` is what search terms are looked for in (``TextKey/searchKey(_:)``);
/// - `head` and `tail` hold the first 16 bytes of `folded`'s UTF-8 as two big-endian
///   integers, zero-padded, so most comparisons are two integer comparisons.
struct TitleKeys: Sendable {
    let folded: String
    let search: String
    let head: UInt64
    let tail: UInt64

    init(_ title: String) {
        folded = TextKey.folded(title)
        // ASCII folds to its lowercase and has no diacritics: the two keys are one.
        search = title.utf8.allSatisfy { $0 < 0x80 } ? folded : TextKey.searchKey(title)
        var bytes = folded.utf8.makeIterator()
        head = Self.bigEndianWord(&bytes)
        tail = Self.bigEndianWord(&bytes)
    }

    /// The next eight bytes as a big-endian number, zero where the text has ended. Two
    /// words that differ order like the bytes they came from: where they first differ,
    /// either both texts have a byte there, or one has ended (0) and the other has a byte
    /// above 0 (a title holds no NUL, and an equal NUL only makes the words equal).
    private static func bigEndianWord(_ bytes: inout String.UTF8View.Iterator) -> UInt64 {
        var word: UInt64 = 0
        for _ in 0..<8 { word = word << 8 | UInt64(bytes.next() ?? 0) }
        return word
    }

    /// Whether `term` (already a search key, as UTF-8) occurs in this title's search key.
    /// A byte-wise search of UTF-8 finds exactly the scalar-wise matches: UTF-8 never
    /// matches in the middle of a scalar. An empty term is in every title.
    func searchContains(_ term: [UInt8]) -> Bool {
        if term.isEmpty { return true }
        var search = search
        return search.withUTF8 { hay in
            term.withUnsafeBufferPointer { pin in
                guard hay.count >= pin.count else { return false }
                for start in 0...(hay.count - pin.count) where hay[start] == pin[0] {
                    if (1..<pin.count).allSatisfy({ hay[start + $0] == pin[$0] }) { return true }
                }
                return false
            }
        }
    }
}

extension TitleKeys {
    /// Whether the title with these keys and the text `title` sorts before the title with
    /// `other` and `otherTitle`: the folded key, then the exact title, both by Unicode scalar
    /// values (the byte order of UTF-8). `nil` when both are equal, and creation decides.
    func precedes(_ other: TitleKeys, title: String, otherTitle: String) -> Bool? {
        if head != other.head { return head < other.head }
        if tail != other.tail { return tail < other.tail }
        if !folded.utf8.elementsEqual(other.folded.utf8) { return folded.utf8.lexicographicallyPrecedes(other.folded.utf8) }
        if !title.utf8.elementsEqual(otherTitle.utf8) { return title.utf8.lexicographicallyPrecedes(otherTitle.utf8) }
        return nil
    }
}
