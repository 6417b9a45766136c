/// What a screen reader says for one row or control, as data any UI can pass on.
///
/// The convention, for every model of this library: ``label`` names the element (a task's
/// title, a control's purpose) and never changes with its state; ``value`` says its state
/// ("not done, created 2 minutes ago", the text typed in a field), empty when it has none;
/// ``hint`` says what is wrong or what to do (a field's validation message), `nil` when
/// there is nothing to say. A UI with one string per element uses ``spokenText``.
///
/// ```swift
/// row.accessibility.label      // Buy milk
/// row.accessibility.value      // not done, created 2 minutes ago
/// row.accessibility.spokenText // Buy milk, not done, created 2 minutes ago
/// ```
public struct AccessibilityInfo: Sendable, Hashable {
    /// What the element is.
    public var label: String
    /// Its current state; empty when it has none.
    public var value: String
    /// What is wrong or what to do, when there is something to say.
    public var hint: String?

    /// Makes the accessibility of one element.
    public init(label: String, value: String = "", hint: String? = nil) {
        self.label = label
        self.value = value
        self.hint = hint
    }

    /// The label, the value and the hint in one sentence, separated by commas, leaving out
    /// what is empty: "Buy milk, not done, created 2 minutes ago".
    public var spokenText: String {
        ([label, value] + [hint ?? ""]).filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
