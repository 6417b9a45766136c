import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in text fields that show only through some writers: trimming, limits, control characters, normalization and case.
    static let field: [Mutant] = [
        Mutant(
            "update-trims-ascii-only", mistake: "trims an email on update of ASCII spaces only, then finds U+3000 inside it invalid",
            aimedAt: ["FIELD-001"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                update: { id, changes, inner in
                    if let email = changes.email {
                        let asciiTrimmed = email.trimmingCharacters(in: .init(charactersIn: " \t\n\r"))
                        if Validation.trimmed(asciiTrimmed) != asciiTrimmed {
                            throw CRUDError.validation(ValidationFailure(field: .email, reason: .invalidEmail))
                        }
                    }
                    return try await inner.updateContact(id: id, changes)
                })
        },
        Mutant(
            "unicode-blank-phone-refused", mistake: "clears a phone on update only when it is blank in ASCII; U+3000 gives invalidPhone",
            aimedAt: ["FIELD-002"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                update: { id, changes, inner in
                    if let phone = changes.phone, Validation.trimmed(phone).isEmpty, !phone.unicodeScalars.allSatisfy(\.isASCII) {
                        throw CRUDError.validation(ValidationFailure(field: .phone, reason: .invalidPhone))
                    }
                    return try await inner.updateContact(id: id, changes)
                })
        },
        Mutant(
            "name-length-in-utf16", mistake: "counts a contact name's length in UTF-16 units, as NSString.length does",
            aimedAt: ["FIELD-003"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                create: { name, email, phone, inner in
                    if Validation.trimmed(name).utf16.count > Validation.maxNameLength {
                        throw CRUDError.validation(ValidationFailure(field: .name, reason: .tooLong(max: Validation.maxNameLength)))
                    }
                    return try await inner.createContact(name: name, email: email, phone: phone)
                })
        },
        Mutant(
            "email-strips-c1", mistake: "strips DEL and C1 controls from emails instead of refusing them", aimedAt: ["FIELD-004"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                create: { name, email, phone, inner in
                    var kept = String.UnicodeScalarView()
                    kept.append(contentsOf: email.unicodeScalars.filter { $0.value < 0x7F || $0.value > 0x9F })
                    return try await inner.createContact(name: name, email: String(kept), phone: phone)
                })
        },
        Mutant(
            "update-normalizes-names", mistake: "stores names precomposed (NFC) when a contact is updated", aimedAt: ["FIELD-005"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                update: { id, changes, inner in
                    var changes = changes
                    changes.name = changes.name?.precomposedStringWithCanonicalMapping
                    return try await inner.updateContact(id: id, changes)
                })
        },
        Mutant(
            "canonical-email-identity", mistake: "compares emails with String ==, so precomposed and decomposed é collide",
            aimedAt: ["FIELD-007"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                create: { name, email, phone, inner in
                    let wanted = try Validation.email(email)
                    if try await inner.contacts(ContactQuery()).contains(where: { $0.email == wanted }) {
                        throw CRUDError.duplicate(field: .email)
                    }
                    return try await inner.createContact(name: name, email: email, phone: phone)
                })
        },
    ]
}
