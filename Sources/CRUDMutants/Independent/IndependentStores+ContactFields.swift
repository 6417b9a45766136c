import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

// Contact creation mistakes: name, email and phone rules, and text that does not round-trip.

/// Validates a new contact's fields with the rules given (the right ones unless a mutant
/// replaces one with its own, wrong, version) and stores what they return, as a backend that
/// validates by hand would write its own row.
struct HandContactStore: ForwardingStore {
    let inner: RebuildingStore
    var name: @Sendable (String) throws -> String = { try Validation.name($0) }
    var email: @Sendable (String) throws -> String = { try Validation.email($0) }
    var phone: @Sendable (String?) throws -> String? = { try Validation.phone($0) }

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let checkedName = try self.name(name)
        let checkedEmail = try self.email(email)
        return try await inner.insertContact(name: checkedName, email: checkedEmail, phone: try self.phone(phone))
    }
}

/// The hand-written field rules of the contact mutants, each wrong in one way.
enum WrongContactField {
    /// Lowercases the email with an A–Z table (SQL's lower()), after validating it correctly.
    static func asciiLowerEmail(_ raw: String) throws(CRUDError) -> String {
        _ = try Validation.email(raw)
        return Hand.asciiLowercased(Validation.trimmed(raw))
    }

    /// Checks the domain only for "contains a dot", so empty labels ("example..org") pass.
    static func looseDomainEmail(_ raw: String) throws(CRUDError) -> String {
        try Hand.email(raw) { text in
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            return !spaced(text) && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
        }
    }

    /// Looks for " " and tab inside the email, not for Unicode whitespace such as U+00A0.
    static func spaceOnlyEmail(_ raw: String) throws(CRUDError) -> String {
        try Hand.email(raw) { text in
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            let spaced = text.unicodeScalars.contains { $0 == " " || $0 == "\t" || Validation.isControl($0) }
            return !spaced && parts.count == 2 && !parts[0].isEmpty && labelled(parts[1])
        }
    }

    /// Splits the email at its last "@", so "a@b@example.org" passes with local part "a@b".
    static func lastAtEmail(_ raw: String) throws(CRUDError) -> String {
        try Hand.email(raw) { text in
            guard let at = text.lastIndex(of: "@") else { return false }
            return !spaced(text) && at != text.startIndex && labelled(text[text.index(after: at)...])
        }
    }

    /// Validates the name with the title's limit (200), copied from the task code.
    static func titleLimitName(_ raw: String) throws(CRUDError) -> String {
        try Hand.line(Validation.trimmed(raw), .name, max: Validation.maxTitleLength)
    }

    /// Treats only C0 (below U+0020) as control characters in names: DEL and C1 pass.
    static func c0OnlyName(_ raw: String) throws(CRUDError) -> String {
        try Hand.line(Validation.trimmed(raw), .name, max: Validation.maxNameLength) { $0.value < 0x20 }
    }

    /// Counts any decimal digit (Arabic-Indic, fullwidth …) as a digit of the phone.
    static func unicodeDigitPhone(_ raw: String?) throws(CRUDError) -> String? {
        try Hand.phone(raw, isDigit: { $0.properties.numericType == .decimal })
    }

    /// Checks the phone's length (7 to 15 characters) rather than its count of digits.
    static func phoneLength(_ raw: String?) throws(CRUDError) -> String? {
        try Hand.phone(raw, length: { text, _ in text.count })
    }

    /// Allows "/" in phones as a separator ("030/1234567"), as many European numbers are written.
    static func slashPhone(_ raw: String?) throws(CRUDError) -> String? {
        try Hand.phone(raw, extra: ["/"])
    }

    /// Checks that a phone has at least 7 digits, and forgets the upper bound of 15.
    static func phoneWithoutMaximum(_ raw: String?) throws(CRUDError) -> String? {
        try Hand.phone(raw, inRange: { $0 >= 7 })
    }

    /// Whitespace or a control character anywhere in the (trimmed) email: the right check.
    private static func spaced(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isWhitespace || Validation.isControl($0) }
    }

    /// At least two labels after the "@", none empty: the right check of a domain.
    private static func labelled(_ domain: Substring) -> Bool {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}

/// Rejects whitespace anywhere in the email before trimming it.
struct EmailWhitespaceFirstStore: ForwardingStore {
    let inner: MemoryStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        if email.unicodeScalars.contains(where: { $0.properties.isWhitespace }) { throw Hand.failure(.email, .invalidEmail) }
        return try await inner.createContact(name: name, email: email, phone: phone)
    }
}

/// Over-validates emails with a "simple" pattern: letters, digits, dot, underscore and hyphen only.
struct StrictEmailStore: ForwardingStore {
    let inner: MemoryStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-@".unicodeScalars)
        if !Validation.trimmed(email).lowercased().unicodeScalars.allSatisfy(allowed.contains) { throw Hand.failure(.email, .invalidEmail) }
        return try await inner.createContact(name: name, email: email, phone: phone)
    }
}

/// Measures the email in UTF-8 bytes (a byte-sized column).
struct ByteLengthEmailStore: ForwardingStore {
    let inner: MemoryStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        if Validation.trimmed(email).utf8.count > Validation.maxEmailLength {
            throw Hand.failure(.email, .tooLong(max: Validation.maxEmailLength))
        }
        return try await inner.createContact(name: name, email: email, phone: phone)
    }
}

/// Runs the address pattern before the emptiness check, so a blank email is "invalid", not "empty".
struct BlankEmailPatternStore: ForwardingStore {
    let inner: MemoryStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        if !email.contains("@") { throw Hand.failure(.email, .invalidEmail) }
        return try await inner.createContact(name: name, email: email, phone: phone)
    }
}

/// Trims the phone of ASCII spaces only before checking its characters.
struct ASCIITrimPhoneStore: ForwardingStore {
    let inner: MemoryStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        if let phone {
            let text = phone.trimmingCharacters(in: CharacterSet(charactersIn: " "))
            let allowed = Set("0123456789 +-().".unicodeScalars)
            if !text.isEmpty, !text.unicodeScalars.allSatisfy(allowed.contains) { throw Hand.failure(.phone, .invalidPhone) }
        }
        return try await inner.createContact(name: name, email: email, phone: phone)
    }
}

/// A blank phone goes through the digit check and is refused instead of meaning "none".
struct BlankPhoneRejectedStore: ForwardingStore {
    let inner: MemoryStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        if let phone, Validation.trimmed(phone).isEmpty { throw Hand.failure(.phone, .invalidPhone) }
        return try await inner.createContact(name: name, email: email, phone: phone)
    }
}

/// Stores a valid phone as its digits only ("+44 (20) 7946-0958" becomes "442079460958").
struct DigitsOnlyPhoneStore: ForwardingStore {
    let inner: MemoryStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let digits = try Validation.phone(phone).map {
            String(String.UnicodeScalarView($0.unicodeScalars.filter { ("0"..."9").contains($0) }))
        }
        return try await inner.createContact(name: name, email: email, phone: digits)
    }
}

/// Escapes apostrophes for SQL by doubling them, and the escaping ends up in the data.
struct QuoteDoublingStore: ForwardingStore {
    let inner: MemoryStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        try await inner.createContact(name: name.replacingOccurrences(of: "'", with: "''"), email: email, phone: phone)
    }
}

/// "Tidies" names by capitalizing every word.
struct CapitalizedNameStore: ForwardingStore {
    let inner: MemoryStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        try await inner.createContact(name: name.capitalized, email: email, phone: phone)
    }
}
