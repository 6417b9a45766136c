import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in the fields of new contacts; their stores are in `IndependentStores+ContactFields.swift`.
    static let independentContactFields: [Witnessed] = [
        Witnessed(
            Mutant(
                "email-lowercased-in-ascii", mistake: "lowercases emails with an A-Z table, like SQL lower()",
                aimedAt: ["FIELD-006"]
            ) { _, clock in
                HandContactStore(inner: RebuildingStore(clock: clock), email: WrongContactField.asciiLowerEmail)
            }
        ) { s in await s.add("Émile", "ÉMILE@Example.org") },
        Witnessed(
            Mutant(
                "email-whitespace-before-trim", mistake: "refuses whitespace in the email before trimming it",
                aimedAt: ["CONTACT-CREATE-001"]
            ) { inner, _ in
                EmailWhitespaceFirstStore(inner: inner)
            }
        ) { s in await s.add("Ada", " ada@example.org\n") },
        Witnessed(
            Mutant(
                "email-pattern-too-strict", mistake: "accepts only [a-z0-9._-] in emails: plus tags and apostrophes refused",
                aimedAt: ["CONTACT-CREATE-004"]
            ) { inner, _ in
                StrictEmailStore(inner: inner)
            }
        ) { s in await s.add("Pat", "pat.o'brien+news@example.org") },
        Witnessed(
            Mutant(
                "email-domain-labels-unchecked", mistake: "checks only that the domain contains a dot: empty labels pass",
                aimedAt: ["CONTACT-CREATE-003"]
            ) { _, clock in
                HandContactStore(inner: RebuildingStore(clock: clock), email: WrongContactField.looseDomainEmail)
            }
        ) { s in await s.add("Ada", "ada@example..org") },
        Witnessed(
            Mutant("email-length-in-bytes", mistake: "measures the email in UTF-8 bytes", aimedAt: ["FIELD-003"]) { inner, _ in
                ByteLengthEmailStore(inner: inner)
            }
        ) { s in
            await See.attempt({ try await s.makeContact("Zoë", String(repeating: "é", count: 200) + "@example.org") }) {
                "\($0.email.count) characters"
            }
        },
        Witnessed(
            Mutant(
                "email-blank-reported-invalid", mistake: "runs the address pattern first, so a blank email is invalidEmail, not empty",
                aimedAt: ["CONTACT-CREATE-003"]
            ) { inner, _ in
                BlankEmailPatternStore(inner: inner)
            }
        ) { s in await s.add("Ada", "   ") },
        Witnessed(
            Mutant(
                "name-limit-copied-from-title", mistake: "validates names with the title's limit of 200", aimedAt: ["CONTACT-CREATE-002"]
            ) { _, clock in
                HandContactStore(inner: RebuildingStore(clock: clock), name: WrongContactField.titleLimitName)
            }
        ) { s in
            await See.attempt({ try await s.makeContact(String(repeating: "a", count: 150), "ada@example.org") }) {
                "\($0.name.count) characters"
            }
        },
        Witnessed(
            Mutant(
                "name-controls-c0-only", mistake: "treats only scalars below U+0020 as control characters: DEL and C1 pass",
                aimedAt: ["FIELD-004"]
            ) { _, clock in
                HandContactStore(inner: RebuildingStore(clock: clock), name: WrongContactField.c0OnlyName)
            }
        ) { s in "\(await s.add("Ada\u{7F}Lovelace", "ada@example.org")); \(await s.add("Bob\u{9B}Hope", "bob@example.org"))" },
        Witnessed(
            Mutant(
                "phone-trimmed-of-spaces-only", mistake: "trims the phone of ASCII spaces only, then checks its characters",
                aimedAt: ["FIELD-001"]
            ) { inner, _ in
                ASCIITrimPhoneStore(inner: inner)
            }
        ) { s in await s.add("Ada", "ada@example.org", phone: "\u{00A0}+44 20 7946 0958\u{00A0}") },
        Witnessed(
            Mutant(
                "phone-any-decimal-digit", mistake: "counts any Unicode decimal digit (Arabic-Indic, fullwidth) as a phone digit",
                aimedAt: ["CONTACT-CREATE-006"]
            ) { _, clock in
                HandContactStore(inner: RebuildingStore(clock: clock), phone: WrongContactField.unicodeDigitPhone)
            }
        ) { s in await s.add("Ada", "ada@example.org", phone: "٠١٢٣٤٥٦٧٨٩") },
        Witnessed(
            Mutant(
                "phone-length-not-digits", mistake: "checks the phone's length (7 to 15 characters) instead of its digit count",
                aimedAt: ["CONTACT-CREATE-005"]
            ) { _, clock in
                HandContactStore(inner: RebuildingStore(clock: clock), phone: WrongContactField.phoneLength)
            }
        ) { s in await s.add("Ada", "ada@example.org", phone: "12-34-56") },
        Witnessed(
            Mutant(
                "phone-blank-refused", mistake: "runs a blank phone through the digit check instead of storing none",
                aimedAt: ["CONTACT-CREATE-005"]
            ) { inner, _ in
                BlankPhoneRejectedStore(inner: inner)
            }
        ) { s in await s.add("Ada", "ada@example.org", phone: "   ") },
        Witnessed(
            Mutant(
                "phone-stored-as-digits", mistake: "stores a valid phone as its digits only",
                aimedAt: ["CONTACT-CREATE-005"]
            ) { inner, _ in
                DigitsOnlyPhoneStore(inner: inner)
            }
        ) { s in await s.add("Ada", "ada@example.org", phone: "+44 (20) 7946-0958") },
        Witnessed(
            Mutant(
                "name-quotes-doubled", mistake: "escapes apostrophes for SQL by doubling them, and the escape is stored",
                aimedAt: ["CONTACT-CREATE-007"]
            ) { inner, _ in
                QuoteDoublingStore(inner: inner)
            }
        ) { s in await s.add("Siobhán O'Brien", "siobhan@example.org") },
        Witnessed(
            Mutant("name-capitalized", mistake: "tidies names by capitalizing every word", aimedAt: ["CONTACT-CREATE-007"]) { inner, _ in
                CapitalizedNameStore(inner: inner)
            }
        ) { s in await s.add("Ludwig van Beethoven", "ludwig@example.org") },
        Witnessed(
            Mutant(
                "email-unicode-space-inside", mistake: "refuses only space and tab inside emails: U+00A0 passes",
                aimedAt: ["CONTACT-CREATE-003"]
            ) { _, clock in
                HandContactStore(inner: RebuildingStore(clock: clock), email: WrongContactField.spaceOnlyEmail)
            }
        ) { s in await s.add("Ada", "ada\u{00A0}lovelace@example.org") },
        Witnessed(
            Mutant(
                "email-split-at-last-at", mistake: "splits the email at its last @, so two @ pass",
                aimedAt: ["CONTACT-CREATE-003"]
            ) { _, clock in
                HandContactStore(inner: RebuildingStore(clock: clock), email: WrongContactField.lastAtEmail)
            }
        ) { s in await s.add("Ada", "ada@home@example.org") },
        Witnessed(
            Mutant("phone-allows-slash", mistake: "allows / as a phone separator", aimedAt: ["CONTACT-CREATE-006"]) { _, clock in
                HandContactStore(inner: RebuildingStore(clock: clock), phone: WrongContactField.slashPhone)
            }
        ) { s in await s.add("Ada", "ada@example.org", phone: "030/1234567") },
        Witnessed(
            Mutant(
                "phone-without-maximum", mistake: "checks that a phone has at least 7 digits, with no upper bound",
                aimedAt: ["CONTACT-CREATE-006"]
            ) { _, clock in
                HandContactStore(inner: RebuildingStore(clock: clock), phone: WrongContactField.phoneWithoutMaximum)
            }
        ) { s in await s.add("Ada", "ada@example.org", phone: "+1 234 567 890 123 456") },
    ]
}
