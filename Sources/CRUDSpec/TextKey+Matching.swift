import CRUDModels
import Foundation

/// Search matching: an exercise's answer, so it lives here and not beside the keys.
extension TextKey {
    /// Whether `text` contains `term` literally, ignoring case and diacritics. No character
    /// of the term is a wildcard. A `nil` term matches everything.
    public static func matches(_ text: String, search term: String?) -> Bool {
        guard let term else { return true }
        return contains(searchKey(text), searchKey(term))
    }

    /// Literal substring test on scalars, so the result matches a byte-wise search of UTF-8.
    public static func contains(_ haystack: String, _ needle: String) -> Bool {
        let hay = Array(haystack.unicodeScalars)
        let pin = Array(needle.unicodeScalars)
        if pin.isEmpty { return true }
        guard hay.count >= pin.count else { return false }
        for start in 0...(hay.count - pin.count) where hay[start] == pin[0] {
            if hay[start..<(start + pin.count)].elementsEqual(pin) { return true }
        }
        return false
    }
}
