import Foundation

/// Exercise 1: turn what a person typed into a title worth storing, or refuse it.
public protocol TitleRules: Sendable {
    /// The title to store: trimmed, 1 to 200 Characters, no control characters.
    /// Throws `CRUDError.validation` for anything else.
    func validatedTitle(_ raw: String) throws -> String
}
