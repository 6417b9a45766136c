import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

// Contact creation mistakes: name, email and phone rules, and text that does not round-trip.

/// Lowercases the email with an A–Z table (SQL's lower()), after validating it correctly.
struct ASCIILowerEmailStore: ForwardingStore {
    let inner: RebuildingStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let checkedName = try Validation.name(name)
        _ = try Validation.email(email)
        let checkedPhone = try Validation.phone(phone)
        return try await inner.insertContact(name: checkedName, email: Hand.asciiLowercased(Validation.trimmed(email)), phone: checkedPhone)
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

/// Checks the domain only for "contains a dot", so empty labels ("example..org") pass.
struct LooseDomainEmailStore: ForwardingStore {
    let inner: RebuildingStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let checkedName = try Validation.name(name)
        let email = try Hand.email(email) { text in
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            let spaced = text.unicodeScalars.contains { $0.properties.isWhitespace || Validation.isControl($0) }
            return !spaced && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
        }
        return try await inner.insertContact(name: checkedName, email: email, phone: try Validation.phone(phone))
    }
}

/// Looks for " " and tab inside the email, not for Unicode whitespace such as U+00A0.
struct SpaceOnlyEmailStore: ForwardingStore {
    let inner: RebuildingStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let checkedName = try Validation.name(name)
        let email = try Hand.email(email) { text in
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            let labels = parts.count == 2 ? parts[1].split(separator: ".", omittingEmptySubsequences: false) : []
            let spaced = text.unicodeScalars.contains { $0 == " " || $0 == "\t" || Validation.isControl($0) }
            return !spaced && parts.count == 2 && !parts[0].isEmpty && labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
        }
        return try await inner.insertContact(name: checkedName, email: email, phone: try Validation.phone(phone))
    }
}

/// Splits the email at its last "@", so "a@b@example.org" passes with local part "a@b".
struct LastAtEmailStore: ForwardingStore {
    let inner: RebuildingStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let checkedName = try Validation.name(name)
        let email = try Hand.email(email) { text in
            guard let at = text.lastIndex(of: "@") else { return false }
            let labels = text[text.index(after: at)...].split(separator: ".", omittingEmptySubsequences: false)
            let spaced = text.unicodeScalars.contains { $0.properties.isWhitespace || Validation.isControl($0) }
            return !spaced && at != text.startIndex && labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
        }
        return try await inner.insertContact(name: checkedName, email: email, phone: try Validation.phone(phone))
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

/// Validates the name with the title's limit (200), copied from the task code.
struct NameLimitCopiedStore: ForwardingStore {
    let inner: RebuildingStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let checkedName = try Hand.line(Validation.trimmed(name), .name, max: Validation.maxTitleLength)
        return try await inner.insertContact(name: checkedName, email: try Validation.email(email), phone: try Validation.phone(phone))
    }
}

/// Treats only C0 (below U+0020) as control characters in names: DEL and C1 pass.
struct C0OnlyNameStore: ForwardingStore {
    let inner: RebuildingStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let checkedName = try Hand.line(Validation.trimmed(name), .name, max: Validation.maxNameLength) { $0.value < 0x20 }
        return try await inner.insertContact(name: checkedName, email: try Validation.email(email), phone: try Validation.phone(phone))
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

/// A phone's own validation that counts any decimal digit (Arabic-Indic, fullwidth …) as a digit.
struct UnicodeDigitPhoneStore: ForwardingStore {
    let inner: RebuildingStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        try await inner.insertContact(
            name: try Validation.name(name), email: try Validation.email(email),
            phone: try Hand.phone(phone) { $0.properties.numericType == .decimal })
    }
}

/// Checks the phone's length (7 to 15 characters) rather than its count of digits.
struct PhoneLengthStore: ForwardingStore {
    let inner: RebuildingStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        try await inner.insertContact(
            name: try Validation.name(name), email: try Validation.email(email),
            phone: try Hand.phone(phone, length: { text, _ in text.count }))
    }
}

/// Allows "/" in phones as a separator ("030/1234567"), as many European numbers are written.
struct SlashPhoneStore: ForwardingStore {
    let inner: RebuildingStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        try await inner.insertContact(
            name: try Validation.name(name), email: try Validation.email(email), phone: try Hand.phone(phone, extra: ["/"]))
    }
}

/// Checks that a phone has at least 7 digits, and forgets the upper bound of 15.
struct PhoneWithoutMaximumStore: ForwardingStore {
    let inner: RebuildingStore
    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        try await inner.insertContact(
            name: try Validation.name(name), email: try Validation.email(email), phone: try Hand.phone(phone, inRange: { $0 >= 7 }))
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
