import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in validating and normalizing new contacts.
    static let contactCreate: [Mutant] = [
        Mutant(
            "email-not-lowercased", mistake: "stores the email as typed", aimedAt: ["CONTACT-CREATE-001"]
        ) { inner, _ in EmailMutantStore(inner: inner, caseSensitiveUniqueness: false) },
        Mutant("long-names-accepted", mistake: "accepts names over 100 characters", aimedAt: ["CONTACT-CREATE-002"]) { inner, _ in
            ContactDisguiseStore(inner: inner) { name, email, phone in
                let trimmed = Validation.trimmed(name)
                guard trimmed.count > 100 else { return nil }
                return ContactDisguise(
                    send: (String(trimmed.prefix(100)), email, phone), show: (trimmed, Validation.trimmed(email).lowercased(), phone))
            }
        },
        Mutant(
            "dotless-domains-accepted", mistake: "accepts an email whose domain has no dot", aimedAt: ["CONTACT-CREATE-003"]
        ) { inner, _ in
            ContactDisguiseStore(inner: inner) { name, email, phone in
                let typed = Validation.trimmed(email).lowercased()
                let parts = typed.split(separator: "@", omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[1].contains(".") else { return nil }
                return ContactDisguise(send: (name, typed + ".invalid", phone), show: (Validation.trimmed(name), typed, phone))
            }
        },
        Mutant(
            "phone-not-trimmed", mistake: "stores the phone as typed, spaces around it included", aimedAt: ["CONTACT-CREATE-005"]
        ) { inner, _ in
            ContactDisguiseStore(inner: inner) { name, email, phone in
                guard let phone, phone != Validation.trimmed(phone), !Validation.trimmed(phone).isEmpty else { return nil }
                return ContactDisguise(
                    send: (name, email, phone), show: (Validation.trimmed(name), Validation.trimmed(email).lowercased(), phone))
            }
        },
        Mutant(
            "short-phones-accepted", mistake: "accepts phones with six digits", aimedAt: ["CONTACT-CREATE-006"]
        ) { inner, _ in
            ContactDisguiseStore(inner: inner) { name, email, phone in
                guard let phone, Validation.trimmed(phone).filter(\.isASCII).filter(\.isNumber).count == 6,
                    Validation.trimmed(phone).allSatisfy({ $0.isNumber && $0.isASCII })
                else { return nil }
                return ContactDisguise(
                    send: (name, email, phone + "0"), show: (Validation.trimmed(name), Validation.trimmed(email).lowercased(), phone))
            }
        },
        Mutant(
            "names-normalized", mistake: "stores names in Unicode normal form C, changing what was typed", aimedAt: ["CONTACT-CREATE-007"]
        ) { inner, _ in
            ContactDisguiseStore(inner: inner) { name, email, phone in
                let composed = Validation.trimmed(name).precomposedStringWithCanonicalMapping
                guard !composed.unicodeScalars.elementsEqual(Validation.trimmed(name).unicodeScalars) else { return nil }
                return ContactDisguise(
                    send: (name, email, phone), show: (composed, Validation.trimmed(email).lowercased(), try? Validation.phone(phone)))
            }
        },
        Mutant(
            "plus-tags-refused", mistake: "refuses emails with a + tag, which are valid", aimedAt: ["CONTACT-CREATE-004"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                create: { name, email, phone, inner in
                    if email.contains("+") { throw CRUDError.validation(ValidationFailure(field: .email, reason: .invalidEmail)) }
                    return try await inner.createContact(name: name, email: email, phone: phone)
                })
        },
    ]
}

/// Shows emails as typed instead of normalized, and can compare them case-sensitively (the
/// case-sensitive-email-uniqueness mutant of the duplicate-email area).
actor EmailMutantStore: ForwardingStore {
    let inner: MemoryStore
    let caseSensitiveUniqueness: Bool
    private var typed = ShownText()

    init(inner: MemoryStore, caseSensitiveUniqueness: Bool) {
        self.inner = inner
        self.caseSensitiveUniqueness = caseSensitiveUniqueness
    }

    private func present(_ contact: Contact) -> Contact { typed.present(contact, \.email) }

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        let trimmed = Validation.trimmed(email)
        let created: Contact
        if caseSensitiveUniqueness, trimmed != trimmed.lowercased() {
            // Different letters, so "not a duplicate": kept under a disguised address.
            created = try await inner.createContact(
                name: name, email: "case-\(UUID().uuidString.prefix(8))-" + trimmed.lowercased(), phone: phone)
        } else {
            created = try await inner.createContact(name: name, email: email, phone: phone)
        }
        typed[created.id] = trimmed
        return present(created)
    }

    func contact(id: UUID) async throws -> Contact { present(try await inner.contact(id: id)) }
    func contacts(_ query: ContactQuery) async throws -> [Contact] { try await inner.contacts(query).map(present) }
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        if let email = changes.email { typed[id] = Validation.trimmed(email) }
        return present(try await inner.updateContact(id: id, changes))
    }
}

/// What a contact create sends to the correct store, and what the broken one shows.
struct ContactDisguise: Sendable {
    var send: (name: String, email: String, phone: String?)
    var show: (name: String, email: String, phone: String?)
}

/// A store that shows contacts other than the correct store keeps (see ``TitleDisguiseStore``).
actor ContactDisguiseStore: ForwardingStore {
    let inner: MemoryStore
    private let disguise: @Sendable (String, String, String?) -> ContactDisguise?
    private var shown: [UUID: (name: String, email: String, phone: String?)] = [:]

    init(inner: MemoryStore, disguise: @escaping @Sendable (String, String, String?) -> ContactDisguise?) {
        self.inner = inner
        self.disguise = disguise
    }

    private func present(_ contact: Contact) -> Contact {
        guard let show = shown[contact.id] else { return contact }
        var contact = contact
        (contact.name, contact.email, contact.phone) = (show.name, show.email, show.phone)
        return contact
    }

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        guard let disguise = disguise(name, email, phone) else {
            return try await inner.createContact(name: name, email: email, phone: phone)
        }
        let contact = try await inner.createContact(name: disguise.send.name, email: disguise.send.email, phone: disguise.send.phone)
        shown[contact.id] = disguise.show
        return present(contact)
    }

    func contact(id: UUID) async throws -> Contact { present(try await inner.contact(id: id)) }
    func contacts(_ query: ContactQuery) async throws -> [Contact] { try await inner.contacts(query).map(present) }
}
