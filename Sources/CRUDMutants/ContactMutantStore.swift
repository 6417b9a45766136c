import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

/// Wrong contact operations, each built on the correct store: the building block of the
/// mutants of every contact area and of the field rules.
struct ContactMutantStore: ForwardingStore {
    let inner: MemoryStore
    var create: (@Sendable (String, String, String?, MemoryStore) async throws -> Contact)?
    var get: (@Sendable (UUID, MemoryStore) async throws -> Contact)?
    var list: (@Sendable (ContactQuery, MemoryStore) async throws -> [Contact])?
    var update: (@Sendable (UUID, ContactChanges, MemoryStore) async throws -> Contact)?
    var delete: (@Sendable (UUID, MemoryStore) async throws -> Void)?

    func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        if let create { return try await create(name, email, phone, inner) }
        return try await inner.createContact(name: name, email: email, phone: phone)
    }
    func contact(id: UUID) async throws -> Contact {
        if let get { return try await get(id, inner) }
        return try await inner.contact(id: id)
    }
    func contacts(_ query: ContactQuery) async throws -> [Contact] {
        if let list { return try await list(query, inner) }
        return try await inner.contacts(query)
    }
    func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        if let update { return try await update(id, changes, inner) }
        return try await inner.updateContact(id: id, changes)
    }
    func deleteContact(id: UUID) async throws {
        if let delete { return try await delete(id, inner) }
        try await inner.deleteContact(id: id)
    }
}
