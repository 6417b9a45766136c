import Foundation

/// Text a broken store remembers per record, as the user typed it, and shows in place of
/// the text it stored: the mutants whose mistake is in what they store but whose answers
/// must look right.
struct ShownText {
    private var byID: [UUID: String] = [:]

    /// The text remembered for the record `id`, if any.
    subscript(id: UUID) -> String? {
        get { byID[id] }
        set { byID[id] = newValue }
    }

    /// `record` with `field` replaced by the text remembered for it, when there is one.
    func present<Record: Identifiable>(_ record: Record, _ field: WritableKeyPath<Record, String>) -> Record where Record.ID == UUID {
        var record = record
        if let text = byID[record.id] { record[keyPath: field] = text }
        return record
    }
}
