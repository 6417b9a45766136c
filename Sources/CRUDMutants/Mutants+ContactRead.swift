import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in reading, sorting, searching and paging contacts.
    static let contactRead: [Mutant] = [
        Mutant(
            "contact-wrong-not-found", mistake: "answers an unknown contact id with invalidQuery", aimedAt: ["CONTACT-READ-001"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                get: { id, inner in
                    do { return try await inner.contact(id: id) } catch CRUDError.notFound {
                        throw CRUDError.invalidQuery(reason: "no such contact")
                    }
                })
        },
        Mutant(
            "contacts-unsorted", mistake: "lists contacts in creation order instead of by name", aimedAt: ["CONTACT-READ-002"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                list: { query, inner in
                    try query.validate()
                    var everything = query
                    (everything.limit, everything.offset) = (nil, 0)
                    let sorted = try await inner.contacts(everything).sorted { $0.createdAt < $1.createdAt }
                    let page = sorted.dropFirst(query.offset)
                    return Array(page.prefix(query.limit ?? page.count))
                })
        },
        Mutant(
            "contact-search-exact", mistake: "searches names case- and accent-sensitively", aimedAt: ["CONTACT-READ-003"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                list: { query, inner in
                    guard let term = query.effectiveSearch else { return try await inner.contacts(query) }
                    try query.validate()
                    var everything = query
                    (everything.search, everything.limit, everything.offset) = (nil, nil, 0)
                    let found = try await inner.contacts(everything).filter { $0.name.contains(term) }.dropFirst(query.offset)
                    return Array(found.prefix(query.limit ?? found.count))
                })
        },
        Mutant(
            "contact-limit-ignored", mistake: "ignores the limit of a contact list", aimedAt: ["CONTACT-READ-004"]
        ) { inner, _ in
            ContactMutantStore(
                inner: inner,
                list: { query, inner in
                    var unlimited = query
                    unlimited.limit = nil
                    return try await inner.contacts(unlimited)
                })
        },
    ]
}
