import CRUDSpec
import Foundation
import Observation

/// The logic of a contact list screen over any store: a search field, the list, delete
/// after a confirmation, loading and error states, and empty states.
///
/// It behaves as ``TaskListModel`` does: rows come from the store, reloaded after each
/// delete the store confirms; a row stays until then; errors show the store's plain
/// message until ``dismissError()`` or the next success; changing ``searchText`` does not
/// reload by itself, ``load()`` does.
///
/// ```swift
/// let contacts = ContactListModel(store: store)
/// contacts.searchText = "ada"
/// await contacts.load()
/// ```
@MainActor @Observable
public final class ContactListModel {
    /// The store every operation goes to.
    public let store: any CRUDSpec

    /// The search text as typed; the store trims it, and blank means no search.
    public var searchText = ""

    /// The contacts of the last load, in the store's order.
    public private(set) var contacts: [Contact] = []
    /// Whether the store held any contact at the last load, whatever the search.
    public private(set) var storeHasContacts = false
    /// Whether a load is running.
    public private(set) var isLoading = false
    /// Whether a load has finished.
    public private(set) var hasLoaded = false
    /// The last failure's plain message, until ``dismissError()`` or the next success.
    public private(set) var errorMessage: String?
    /// The delete waiting for the user's answer.
    public private(set) var pendingDelete: Confirmation?
    /// The contacts the store has been asked to delete and has not answered for yet.
    public private(set) var deletingIDs: Set<UUID> = []

    private var loadGeneration = 0

    /// A model over `store`, empty until ``load()``.
    public init(store: any CRUDSpec) {
        self.store = store
    }

    /// The query the list shows.
    public var query: ContactQuery {
        ContactQuery(search: searchText)
    }

    /// The rows.
    public var rows: [ContactRow] {
        contacts.map { ContactRow(contact: $0, isDeleting: deletingIDs.contains($0.id)) }
    }

    /// Why the list is empty, once loaded; `nil` when it has rows or has not loaded.
    public var emptyState: EmptyState? {
        guard hasLoaded, contacts.isEmpty else { return nil }
        return storeHasContacts ? .noMatches : .noRecordsYet
    }

    /// Reads the list from the store, and whether the store holds any contact at all.
    /// When loads overlap, the last one started wins.
    public func load() async {
        loadGeneration += 1
        let generation = loadGeneration
        let query = query
        isLoading = true
        do {
            let contacts = try await store.contacts(query)
            // The protocol has no contact count: one record says whether there is any.
            let any = query.effectiveSearch == nil ? !contacts.isEmpty : !(try await store.contacts(ContactQuery(limit: 1))).isEmpty
            guard generation == loadGeneration else { return }
            self.contacts = contacts
            storeHasContacts = any
            hasLoaded = true
            errorMessage = nil
        } catch {
            guard generation == loadGeneration else { return }
            errorMessage = ErrorText.message(error)
        }
        isLoading = false
    }

    /// Hides the error message.
    public func dismissError() {
        errorMessage = nil
    }

    /// Asks before deleting the contact `id`: sets ``pendingDelete`` to a question naming
    /// it. An id not in the list is ignored.
    public func requestDelete(id: UUID) {
        guard let contact = contacts.first(where: { $0.id == id }) else { return }
        pendingDelete = .delete("contact", id: id, name: contact.name)
    }

    /// Answers the pending question with no: nothing is deleted.
    public func cancelDelete() {
        pendingDelete = nil
    }

    /// Answers the pending question with yes: asks the store to delete the contact; the
    /// row stays, marked as deleting, until the store answers, then the list is reloaded.
    /// A contact already gone counts as deleted. Returns whether it is gone.
    @discardableResult
    public func confirmDelete() async -> Bool {
        guard let id = pendingDelete?.recordID else { return false }
        pendingDelete = nil
        deletingIDs.insert(id)
        defer { deletingIDs.remove(id) }
        do {
            try await store.deleteContact(id: id)
        } catch CRUDError.notFound {
            // Someone else deleted it first: the outcome the user asked for.
        } catch {
            errorMessage = ErrorText.message(error)
            return false
        }
        contacts.removeAll { $0.id == id }
        errorMessage = nil
        await load()
        return true
    }

    /// The search field: label "Search contacts", value the text typed.
    public var searchAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Search contacts", value: searchText)
    }
}
