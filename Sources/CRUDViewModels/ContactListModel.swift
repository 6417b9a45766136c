import CRUDSpec
import Foundation
import Observation
import ScreenLogic

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
@Observable
public final class ContactListModel: DeleteConfirming {
    /// The store every operation goes to.
    public let store: any CRUDSpec

    public var searchText = ""

    /// The contacts of the last load, in the store's order.
    public private(set) var contacts: [Contact] = []
    /// Whether the store held any contact at the last load, whatever the search.
    public private(set) var storeHasContacts = false
    public private(set) var isLoading = false
    public private(set) var hasLoaded = false
    public internal(set) var errorMessage: String?
    public var pendingDelete: Confirmation? { deleteQuestion }
    public var deletingIDs: Set<UUID> { deleteFlow.deleting }
    var deleteFlow = DeleteFlowState()
    let listLogic: any TaskListLogic = StandardTaskListLogic()
    let recordKind = "contact"

    private var loadGeneration = 0

    /// A model over `store`, empty until ``load()``.
    public init(store: any CRUDSpec) {
        self.store = store
    }

    /// The query the list shows.
    public var query: ContactQuery {
        ContactQuery(search: searchText)
    }

    public var rows: [ContactRow] {
        contacts.map { ContactRow(contact: $0, isDeleting: deletingIDs.contains($0.id)) }
    }

    public var emptyState: EmptyState? {
        // The store's count is only known as "any or none".
        let kind = try? listLogic.emptyState(loadedCount: contacts.count, totalCount: storeHasContacts ? 1 : 0, hasLoaded: hasLoaded)
        return kind?.emptyState
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

    public func dismissError() {
        errorMessage = nil
    }

    public func requestDelete(id: UUID) {
        askToDelete(id: id)
    }

    public func cancelDelete() {
        sendDelete(.declined)
    }

    @discardableResult
    public func confirmDelete() async -> Bool {
        await deletePending()
    }

    func deleteName(for id: UUID) -> String? {
        contacts.first { $0.id == id }?.name
    }

    func deleteFromStore(id: UUID) async throws {
        try await store.deleteContact(id: id)
    }

    func forget(_ id: UUID) {
        contacts.removeAll { $0.id == id }
    }

    /// The search field: label "Search contacts", value the text typed.
    public var searchAccessibility: AccessibilityInfo {
        AccessibilityInfo(label: "Search contacts", value: searchText)
    }
}
