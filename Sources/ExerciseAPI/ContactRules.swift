import Foundation

/// Exercise 6: check and normalize what a person typed for a contact.
public protocol ContactRules: Sendable {
    /// Trimmed; 1 to 100 Characters; no control characters.
    func validatedName(_ raw: String) throws -> String
    /// Trimmed and lowercased; one `@`, a non-empty local part, a dotted domain, no
    /// whitespace; at most 254 Characters.
    func validatedEmail(_ raw: String) throws -> String
    /// Optional: blank is none (nil); else 7 to 15 ASCII digits with only ` +-().` besides.
    func validatedPhone(_ raw: String?) throws -> String?
}
