/// One value that describes a contact list, always ordered as ``RecordOrder/contacts(_:)`` says.
///
/// ```swift
/// let adas = try await store.contacts(ContactQuery(search: "ada", limit: 10))
/// ```
public struct ContactQuery: Codable, Sendable, Hashable {
    /// A literal term that names must contain, ignoring case and diacritics.
    /// `nil`, empty or blank means no search.
    public var search: String?
    /// At most this many contacts; `nil` means no limit, `0` returns nothing. Negative is invalid.
    public var limit: Int?
    /// Skip this many contacts of the ordered result first. Negative is invalid.
    public var offset: Int

    /// Makes a query. `ContactQuery()` lists every contact.
    public init(search: String? = nil, limit: Int? = nil, offset: Int = 0) {
        self.search = search
        self.limit = limit
        self.offset = offset
    }

    /// The search term a backend should use: trimmed, or `nil` when there is no search.
    public var effectiveSearch: String? { Validation.searchTerm(search) }

    /// Throws ``CRUDError/invalidQuery(reason:)`` when the limit or the offset is negative.
    public func validate() throws(CRUDError) {
        try Validation.page(limit: limit, offset: offset)
    }
}

/// The changes of one contact update: `nil` leaves a field as it is.
///
/// A blank `phone` removes the phone number, as a blank phone means none on create.
public struct ContactChanges: Codable, Sendable, Hashable {
    /// The new name, or `nil` to keep the current one.
    public var name: String?
    /// The new email, or `nil` to keep the current one.
    public var email: String?
    /// The new phone, `""` to remove it, or `nil` to keep the current one.
    public var phone: String?

    /// Makes a set of changes; pass only the fields that change.
    public init(name: String? = nil, email: String? = nil, phone: String? = nil) {
        self.name = name
        self.email = email
        self.phone = phone
    }
}
