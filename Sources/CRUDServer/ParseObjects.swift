import CRUDSpec
import Foundation

/// Tasks and contacts as Parse objects: `objectId`, ISO 8601 dates, and the fields by name.
enum ParseObjects {
    static func task(_ task: TaskItem) -> [String: Any] {
        var object: [String: Any] = [
            "objectId": task.id.uuidString.lowercased(), "title": task.title, "isCompleted": task.isCompleted,
            "createdAt": Timestamp.iso8601(task.createdAt), "updatedAt": Timestamp.iso8601(task.updatedAt),
        ]
        if let notes = task.notes { object["notes"] = notes }
        return object
    }

    static func contact(_ contact: Contact) -> [String: Any] {
        var object: [String: Any] = [
            "objectId": contact.id.uuidString.lowercased(), "name": contact.name, "email": contact.email,
            "createdAt": Timestamp.iso8601(contact.createdAt), "updatedAt": Timestamp.iso8601(contact.updatedAt),
        ]
        if let phone = contact.phone { object["phone"] = phone }
        return object
    }

    /// The literal text of a `$regex` made only of `\Q…\E` blocks and backslash-escaped
    /// characters, the way Parse SDKs quote a search term; `nil` for any real pattern.
    static func literal(fromRegex regex: String) -> String? {
        var result = ""
        var rest = Substring(regex)
        while !rest.isEmpty {
            if rest.hasPrefix("\\Q") {
                rest = rest.dropFirst(2)
                guard let end = rest.range(of: "\\E") else {
                    result += rest
                    return result
                }
                result += rest[..<end.lowerBound]
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("\\"), rest.count >= 2 {
                let escaped = rest[rest.index(after: rest.startIndex)]
                guard !escaped.isLetter, !escaped.isNumber else { return nil }
                result.append(escaped)
                rest = rest.dropFirst(2)
            } else {
                let character = rest.removeFirst()
                guard character.isLetter || character.isNumber || character == " " else { return nil }
                result.append(character)
            }
        }
        return result
    }

    /// Quotes `text` as a literal regex: `\Q…\E`, splitting around any `\E` inside it.
    static func quotedRegex(_ text: String) -> String {
        "\\Q" + text.replacingOccurrences(of: "\\E", with: "\\E\\\\E\\Q") + "\\E"
    }
}
