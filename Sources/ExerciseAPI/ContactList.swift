import Foundation

/// The contacts of an exercise store: a plain array in creation order, oldest first.
public struct ContactList: Sendable, Equatable, Codable {
    public var contacts: [Contact]

    public init(contacts: [Contact] = []) {
        self.contacts = contacts
    }
}
