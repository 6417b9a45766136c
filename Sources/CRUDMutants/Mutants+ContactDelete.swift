import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in deleting contacts.
    static let contactDelete: [Mutant] = [
        Mutant(
            "silent-contact-delete", mistake: "reports success when deleting a contact that does not exist",
            aimedAt: ["CONTACT-DELETE-002"]
        ) { inner, _ in SilentContactDeleteStore(inner: inner) },
        Mutant(
            "contact-delete-all", mistake: "deletes every contact instead of the one asked for", aimedAt: ["CONTACT-DELETE-001"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                delete: { id, inner in
                    _ = try await inner.contact(id: id)
                    for contact in try await inner.contacts(ContactQuery()) { try await inner.deleteContact(id: contact.id) }
                })
        },
    ]
}

/// Treats deleting an unknown contact as success.
struct SilentContactDeleteStore: ForwardingStore {
    let inner: MemoryStore
    func deleteContact(id: UUID) async throws {
        do { try await inner.deleteContact(id: id) } catch CRUDError.notFound {}
    }
}
