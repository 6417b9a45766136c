import CRUDSpec
import Foundation

extension Mutant {
    /// Mistakes in reading, updating and deleting contacts and keeping emails unique; their
    /// stores are in `IndependentStores+ContactWrites.swift`.
    static let independentContactWrites: [Witnessed] = [
        Witnessed(
            Mutant(
                "contact-soft-deleted-still-found", mistake: "soft delete: a deleted contact is hidden from lists but still found by id",
                aimedAt: ["CONTACT-DELETE-001"]
            ) { inner, _ in ContactTombstoneStore(inner: inner) }
        ) { s in
            let ada = try await s.makeContact("Ada", "ada@example.org")
            try await s.store.deleteContact(id: ada.id)
            return await See.attempt({ try await s.store.contact(id: ada.id) }) { See.contact($0) }
        },
        Witnessed(
            Mutant(
                "contact-order-without-email", mistake: "orders equal names by creation, skipping the email", aimedAt: ["CONTACT-READ-002"]
            ) { inner, _ in
                ContactListingStore(inner: inner, order: WrongContactListing.noEmailTiebreak)
            }
        ) { s in
            _ = try await s.makeContact("Ada", "zed@example.org")
            _ = try await s.makeContact("Ada", "abe@example.org")
            return await See.attempt({ try await s.store.contacts(ContactQuery()) }) { See.list($0.map(\.email)) }
        },
        Witnessed(
            Mutant(
                "contact-order-case-sensitive", mistake: "orders contacts by the name as stored, capitals first",
                aimedAt: ["CONTACT-READ-002"]
            ) { inner, _ in
                ContactListingStore(inner: inner, order: WrongContactListing.binaryName)
            }
        ) { s in
            _ = try await s.makeContact("bob", "bob@example.org")
            _ = try await s.makeContact("Carl", "carl@example.org")
            return await s.names()
        },
        Witnessed(
            Mutant(
                "contact-search-includes-email", mistake: "contact search matches emails as well as names", aimedAt: ["CONTACT-READ-003"]
            ) { inner, _ in
                ContactListingStore(inner: inner, matches: WrongContactListing.nameOrEmail)
            }
        ) { s in
            _ = try await s.makeContact("Ada Lovelace", "countess@example.org")
            return await s.names(ContactQuery(search: "countess"))
        },
        Witnessed(
            Mutant(
                "contact-search-after-paging", mistake: "pages the contacts first, then searches within the page",
                aimedAt: ["CONTACT-READ-005"]
            ) { inner, _ in
                SearchAfterPagingStore(inner: inner)
            }
        ) { s in
            for (name, email) in [("Ada", "ada@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")] {
                _ = try await s.makeContact(name, email)
            }
            return await s.names(ContactQuery(search: "bob", limit: 1))
        },
        Witnessed(
            Mutant(
                "contact-negative-limit-unlimited", mistake: "reads a negative contact limit as no limit", aimedAt: ["CONTACT-READ-004"]
            ) { inner, _ in
                NegativeContactLimitStore(inner: inner)
            }
        ) { s in
            _ = try await s.makeContact("Ada", "ada@example.org")
            return await s.names(ContactQuery(limit: -1))
        },
        Witnessed(
            Mutant(
                "duplicate-check-on-typed-email", mistake: "create looks the email up in the index as typed, not lowercased",
                aimedAt: ["CONTACT-DUP-002"]
            ) { inner, clock in EmailIndexStore(tasks: inner, clock: clock, flaw: .createLooksUpTyped) }
        ) { s in
            _ = try await s.makeContact("Ada", "ada@example.org")
            return "\(await s.add("Ada again", "ADA@Example.org")); \(await s.names())"
        },
        Witnessed(
            Mutant(
                "update-duplicate-check-on-typed-email", mistake: "update looks the new email up as typed, not lowercased",
                aimedAt: ["CONTACT-DUP-003"]
            ) { inner, clock in EmailIndexStore(tasks: inner, clock: clock, flaw: .updateLooksUpTyped) }
        ) { s in
            _ = try await s.makeContact("Ada", "ada@example.org")
            let bob = try await s.makeContact("Bob", "bob@example.org")
            let update = await See.attempt({ try await s.store.updateContact(id: bob.id, ContactChanges(email: "ADA@EXAMPLE.ORG")) })
            return "\(update); \(await See.attempt({ try await s.store.contacts(ContactQuery()) }) { See.list($0.map(\.email)) })"
        },
        Witnessed(
            Mutant(
                "update-conflicts-with-itself", mistake: "the update's uniqueness check includes the contact being updated",
                aimedAt: ["CONTACT-DUP-004"]
            ) { inner, _ in
                UpdateChecksSelfStore(inner: inner)
            }
        ) { s in
            let ada = try await s.makeContact("Ada", "ada@example.org")
            return await See.attempt({ try await s.store.updateContact(id: ada.id, ContactChanges(email: "Ada@Example.ORG")) }) {
                See.contact($0)
            }
        },
        Witnessed(
            Mutant(
                "deleted-email-stays-taken", mistake: "keeps a set of taken emails that delete never empties", aimedAt: ["CONTACT-DUP-005"]
            ) { inner, _ in
                TakenEmailsStore(inner: inner, takesOnUpdate: false)
            }
        ) { s in
            let ada = try await s.makeContact("Ada", "ada@example.org")
            try await s.store.deleteContact(id: ada.id)
            return await s.add("Ada", "ada@example.org")
        },
        Witnessed(
            Mutant(
                "duplicate-email-replaces", mistake: "INSERT OR REPLACE: a create with a taken email replaces its holder",
                aimedAt: ["CONTACT-DUP-001"]
            ) { inner, _ in
                InsertOrReplaceStore(inner: inner)
            }
        ) { s in
            _ = try await s.makeContact("Ada", "ada@example.org")
            return "\(await s.add("Ada Byron", " ADA@example.org")); \(await s.names())"
        },
        Witnessed(
            Mutant(
                "duplicate-check-not-atomic", mistake: "create awaits a write between the uniqueness check and the insert",
                aimedAt: ["CONCURRENCY-002"]
            ) { inner, clock in EmailIndexStore(tasks: inner, clock: clock, flaw: .awaitBetweenCheckAndInsert) }
        ) { s in
            let store = s.store
            let created = await See.successes(of: 20) {
                _ = try await store.createContact(name: "Twin \($0)", email: "twin@example.org", phone: nil)
            }
            return "\(created) of 20 created"
        },
        Witnessed(
            Mutant(
                "update-nil-phone-clears", mistake: "update writes every column: a phone not given is written as none",
                aimedAt: ["CONTACT-UPDATE-001"]
            ) { inner, _ in
                NilPhoneClearsStore(inner: inner)
            }
        ) { s in
            let ada = try await s.makeContact("Ada", "ada@example.org", phone: "+1 555 0100 123")
            return await See.attempt({ try await s.store.updateContact(id: ada.id, ContactChanges(name: "Ada King")) }) { See.contact($0) }
        },
        Witnessed(
            Mutant(
                "update-saves-name-first", mistake: "update saves the name, then validates and saves email and phone",
                aimedAt: ["CONTACT-UPDATE-002"]
            ) { inner, _ in
                PartialContactUpdateStore(inner: inner)
            }
        ) { s in
            let ada = try await s.makeContact("Ada", "ada@example.org")
            let update = await See.attempt({
                try await s.store.updateContact(id: ada.id, ContactChanges(name: "Ada King", email: "not-an-email"))
            })
            return "\(update); \(await See.attempt({ try await s.store.contact(id: ada.id) }) { See.contact($0) })"
        },
        Witnessed(
            Mutant(
                "update-blank-phone-kept", mistake: "update treats a blank phone like a missing one and keeps the old phone",
                aimedAt: ["CONTACT-UPDATE-003"]
            ) { inner, _ in
                BlankPhoneKeptStore(inner: inner)
            }
        ) { s in
            let ada = try await s.makeContact("Ada", "ada@example.org", phone: "+1 555 0100 123")
            return await See.attempt({ try await s.store.updateContact(id: ada.id, ContactChanges(phone: "  ")) }) { See.contact($0) }
        },
        Witnessed(
            Mutant(
                "update-resets-createdAt", mistake: "update rebuilds the row with createdAt set to now", aimedAt: ["CONTACT-UPDATE-001"]
            ) { _, clock in
                UpdateResetsCreatedStore(inner: RebuildingStore(clock: clock))
            }
        ) { s in
            let ada = try await s.makeContact("Ada", "ada@example.org")
            s.clock.advance(seconds: 60)
            return await See.attempt({ try await s.store.updateContact(id: ada.id, ContactChanges(name: "Ada King")) }) { See.contact($0) }
        },
        Witnessed(
            Mutant(
                "contact-delete-by-name", mistake: "deletes every contact with the name of the one asked for",
                aimedAt: ["CONTACT-DELETE-001"]
            ) { inner, _ in
                DeleteContactByNameStore(inner: inner)
            }
        ) { s in
            let first = try await s.makeContact("Sam", "sam.one@example.org")
            _ = try await s.makeContact("Sam", "sam.two@example.org")
            try await s.store.deleteContact(id: first.id)
            return await See.attempt({ try await s.store.contacts(ContactQuery()) }) { See.list($0.map(\.email)) }
        },
        Witnessed(
            Mutant(
                "contact-offset-ignored", mistake: "forgets to pass the offset on: every contact page starts at the first",
                aimedAt: ["CONTACT-READ-004"]
            ) { inner, _ in
                ContactOffsetIgnoredStore(inner: inner)
            }
        ) { s in
            _ = try await s.makeContact("Ada", "ada@example.org")
            _ = try await s.makeContact("Bob", "bob@example.org")
            return await s.names(ContactQuery(limit: 1, offset: 1))
        },
    ]
}
