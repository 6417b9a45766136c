import Foundation

/// The changes of an update, already validated: `nil` keeps a field; a `phone` of
/// `.some(nil)` removes the phone.
public struct ValidatedContactChanges: Sendable, Equatable {
    public var name: String?
    public var email: String?
    public var phone: String??

    public init(name: String? = nil, email: String? = nil, phone: String?? = nil) {
        self.name = name
        self.email = email
        self.phone = phone
    }
}
