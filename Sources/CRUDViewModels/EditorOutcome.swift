/// How an editor was closed: the UI dismisses the screen when its model has one.
public enum EditorOutcome<Record: Sendable & Hashable>: Sendable, Hashable {
    /// The draft was saved; the record as the store returned it.
    case saved(Record)
    /// The draft was thrown away; the store was not asked to change anything.
    case discarded
}
