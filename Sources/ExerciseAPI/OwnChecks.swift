import Foundation

/// Exercise 14: checks of your own, for create, read, update and delete.
public protocol OwnChecks: Sendable {
    /// Checks `store`, a fresh, empty store. Throw any error when it does something wrong;
    /// return normally when everything was right.
    func run(on store: any CRUDSpec) async throws
}
