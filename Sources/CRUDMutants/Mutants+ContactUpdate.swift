import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in updating contacts.
    static let contactUpdate: [Mutant] = [
        Mutant(
            "phone-never-cleared", mistake: "ignores a blank phone on update instead of removing the phone",
            aimedAt: ["CONTACT-UPDATE-003"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                update: { id, changes, inner in
                    var changes = changes
                    if let phone = changes.phone, Validation.trimmed(phone).isEmpty { changes.phone = nil }
                    return try await inner.updateContact(id: id, changes)
                })
        },
        Mutant(
            "contact-upsert", mistake: "creates a contact when updating an id that does not exist", aimedAt: ["CONTACT-UPDATE-004"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                update: { id, changes, inner in
                    do {
                        return try await inner.updateContact(id: id, changes)
                    } catch CRUDError.notFound {
                        return try await inner.createContact(
                            name: changes.name ?? "Unknown", email: changes.email ?? "unknown@example.com", phone: changes.phone)
                    }
                })
        },
        Mutant(
            "update-clears-phone", mistake: "clears the phone when an update does not mention it", aimedAt: ["CONTACT-UPDATE-001"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                update: { id, changes, inner in
                    var changes = changes
                    if changes.phone == nil { changes.phone = "" }
                    return try await inner.updateContact(id: id, changes)
                })
        },
        Mutant(
            "update-partly-applied", mistake: "applies the name of an update before finding its email invalid",
            aimedAt: ["CONTACT-UPDATE-002"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                update: { id, changes, inner in
                    if let name = changes.name, (try? Validation.name(name)) != nil, changes.email != nil || changes.phone != nil {
                        _ = try await inner.updateContact(id: id, ContactChanges(name: name))
                    }
                    return try await inner.updateContact(id: id, changes)
                })
        },
    ]
}
