import CRUDConformance
import CRUDMemory
import CRUDViewModels
import Foundation
import Testing

@MainActor
@Suite("The contact list and form models")
struct ContactModelTests {
    let clock = ManualClock()

    @Test("The list searches, tells its two empty states apart from the store, and deletes after asking")
    func list() async throws {
        let store = GatedStore(MemoryStore(clock: clock))
        let list = ContactListModel(store: store)
        await list.load()
        #expect(list.emptyState == .noRecordsYet)
        #expect(list.emptyState?.contactMessage == "No contacts yet. Add one to get started.")
        let ada = try await store.createContact(name: "Ada Lovelace", email: "ada@example.org", phone: nil)
        let alan = try await store.createContact(name: "Alan Turing", email: "alan@example.org", phone: "+44 20 7946 0000")
        list.searchText = "zz"
        await list.load()
        #expect(list.emptyState == .noMatches)
        #expect(list.emptyState?.contactMessage == "No contacts match this search.")
        list.searchText = "LOVE"
        await list.load()
        #expect(list.rows.map(\.id) == [ada.id])
        list.searchText = ""
        await list.load()
        #expect(list.rows.map(\.id) == [ada.id, alan.id])

        list.requestDelete(id: alan.id)
        #expect(list.pendingDelete?.message == "Delete \"Alan Turing\"? This cannot be undone.")
        #expect(list.pendingDelete?.title == "Delete contact?")
        list.cancelDelete()
        #expect(try await store.contacts(ContactQuery()).count == 2)

        list.requestDelete(id: alan.id)
        let deleting = Task { await list.confirmDelete() }
        await store.deleteArrived()
        #expect(list.rows.map(\.id) == [ada.id, alan.id], "the row went before the store answered")
        #expect(list.rows.last?.isDeleting == true)
        store.open()
        #expect(await deleting.value)
        #expect(list.rows.map(\.id) == [ada.id])
        #expect(try await store.contacts(ContactQuery()).map(\.id) == [ada.id])
    }

    @Test("Two contact lists on one store agree after a refresh, and a form's save shows in both")
    func twoListsAgree() async throws {
        let store = MemoryStore(clock: clock)
        let first = ContactListModel(store: store)
        let second = ContactListModel(store: store)
        let form = ContactFormModel(store: store)
        form.name = "Ada Lovelace"
        form.email = "ada@example.org"
        #expect(await form.save())
        await first.load()
        await second.load()
        #expect(first.rows == second.rows)
        #expect(first.rows.map(\.contact) == (try await store.contacts(ContactQuery())))
        let ada = try #require(first.rows.first?.contact)
        first.requestDelete(id: ada.id)
        await first.confirmDelete()
        #expect(second.rows.map(\.id) == [ada.id], "the second list has not refreshed yet")
        await second.load()
        #expect(second.rows.isEmpty && second.emptyState == .noRecordsYet)
        #expect(first.rows == second.rows)
    }

    @Test("A failed contact delete keeps the row and says why")
    func failedDelete() async throws {
        let store = FailingStore(MemoryStore(clock: clock))
        let ada = try await store.createContact(name: "Ada Lovelace", email: "ada@example.org", phone: nil)
        let list = ContactListModel(store: store)
        await list.load()
        list.requestDelete(id: ada.id)
        store.failNext(1, with: .network)
        #expect(await list.confirmDelete() == false)
        #expect(store.injectedFailures == 1)
        #expect(list.errorMessage == "The server could not be reached: the connection was lost.")
        #expect(list.rows.map(\.id) == [ada.id])
        #expect(try await store.contact(id: ada.id) == ada)
    }

    @Test("The form shows a message per field as the user types, in the store's words")
    func fieldMessages() {
        let form = ContactFormModel(store: MemoryStore(clock: clock))
        #expect(form.nameMessage == nil && form.emailMessage == nil && form.phoneMessage == nil)
        form.email = "ada"
        #expect(form.emailMessage == "Email address must look like name@example.com.")
        #expect(form.nameMessage == nil, "the name was not touched")
        form.phone = "12"
        #expect(form.phoneMessage == "Phone number must have 7 to 15 digits, and only spaces, +, -, (, ) and . besides.")
        form.name = " "
        #expect(form.nameMessage == "Contact name cannot be empty.")
        form.name = "Ada"
        form.email = "Ada@Example.org"
        form.phone = ""
        #expect(form.nameMessage == nil && form.emailMessage == nil && form.phoneMessage == nil)
        #expect(form.canSave)
    }

    @Test("A duplicate email lands on the email field, not as a general error, until the email is edited")
    func duplicateEmail() async throws {
        let store = MemoryStore(clock: clock)
        _ = try await store.createContact(name: "Ada Lovelace", email: "ada@example.org", phone: nil)
        let form = ContactFormModel(store: store)
        form.name = "Another Ada"
        form.email = "ADA@example.org"
        #expect(await form.save() == false)
        #expect(form.emailMessage == "Another contact already has this email address.")
        #expect(form.errorMessage == nil)
        #expect(form.nameMessage == nil)
        #expect(!form.canSave, "the same email would be refused again")
        #expect(form.outcome == nil)
        form.email = "ada2@example.org"
        #expect(form.emailMessage == nil && form.canSave)
        #expect(await form.save())
        #expect(try await store.contacts(ContactQuery()).count == 2)
    }

    @Test("Editing updates only the changed fields in one write; an emptied phone removes it")
    func edit() async throws {
        let store = MemoryStore(clock: clock)
        let ada = try await store.createContact(name: "Ada Lovelace", email: "ada@example.org", phone: "+44 20 7946 0000")
        let form = ContactFormModel(store: store, contact: ada)
        #expect(!form.isNew && !form.hasChanges)
        form.phone = ""
        #expect(form.hasChanges)
        #expect(await form.save())
        let stored = try await store.contact(id: ada.id)
        #expect(stored.phone == nil && stored.name == ada.name && stored.email == ada.email)
        #expect(form.outcome == .saved(stored))
    }

    @Test("A failed save keeps the draft and changes nothing; cancel asks first when there are changes")
    func failedSaveAndCancel() async throws {
        let store = FailingStore(MemoryStore(clock: clock))
        let ada = try await store.createContact(name: "Ada Lovelace", email: "ada@example.org", phone: nil)
        let form = ContactFormModel(store: store, contact: ada)
        form.name = "Ada King"
        store.failNext(1)
        #expect(await form.save() == false)
        #expect(store.injectedFailures == 1)
        #expect(form.name == "Ada King")
        #expect(form.errorMessage == CRUDError.storeUnavailable(path: "failing-store").message)
        #expect(try await store.contact(id: ada.id) == ada)
        #expect(form.cancel() == false)
        #expect(form.pendingDiscard?.title == "Discard changes?")
        form.confirmDiscard()
        #expect(form.outcome == .discarded)
        #expect(try await store.contact(id: ada.id) == ada)

        let untouched = ContactFormModel(store: store, contact: ada)
        #expect(untouched.cancel() && untouched.outcome == .discarded)
    }

    @Test("A contact deleted meanwhile gives a clear message and is never created again")
    func deletedMeanwhile() async throws {
        let store = MemoryStore(clock: clock)
        let ada = try await store.createContact(name: "Ada Lovelace", email: "ada@example.org", phone: nil)
        let form = ContactFormModel(store: store, contact: ada)
        form.name = "Ada King"
        try await store.deleteContact(id: ada.id)
        #expect(await form.save() == false)
        #expect(form.isDeletedMeanwhile)
        #expect(
            form.errorMessage
                == "This contact was deleted, perhaps in another window. It was not saved again; copy anything you need from here.")
        #expect(try await store.contacts(ContactQuery()).isEmpty)
    }
}
