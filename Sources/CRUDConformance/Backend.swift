import CRUDSpec
import Foundation

/// A backend as the suite sees it: a name, its capabilities and a factory of fresh storage.
///
/// The suite never shares a store between checks: each check makes its own storage,
/// opens a store on it (and, for durability rules, closes and reopens it), then disposes
/// of it, even when the check fails.
///
/// ```swift
/// let mine = Backend(name: "mine") { TemporaryStorage { clock in MyStore(clock: clock) } }
/// ```
public struct Backend: Sendable, Identifiable, CustomStringConvertible {
    /// A short name for reports, such as `memory` or `sqlite`.
    public let name: String
    /// What the backend declares it can do. Rules that need more are not applicable.
    public let capabilities: Set<Capability>
    /// At most this many checks on this backend run at once, whatever the runner allows:
    /// 1 for a backend whose checks share one server and must not see each other's records.
    public let maxConcurrentChecks: Int?
    /// Makes fresh, empty storage: a new temporary file, a new server, or nothing at all.
    public let makeStorage: @Sendable () async throws -> any BackendStorage

    /// Where a backend's stores take their dates from.
    public enum TimeSource: Sendable {
        /// The clock passed to ``BackendStorage/open(clock:)``, as every store of the kit
        /// does: the backend declares ``Capability/injectedClock``.
        case injectedClock
        /// A clock of its own, such as a remote server's: rules that set the time are not
        /// applicable.
        case ownClock
    }

    /// Describes a backend. Its stores are assumed to take their dates from the clock they
    /// are opened with unless `time` is ``TimeSource/ownClock``.
    public init(
        name: String, capabilities: Set<Capability> = [], time: TimeSource = .injectedClock, maxConcurrentChecks: Int? = nil,
        makeStorage: @escaping @Sendable () async throws -> any BackendStorage
    ) {
        self.name = name
        self.capabilities = time == .injectedClock ? capabilities.union([.injectedClock]) : capabilities.subtracting([.injectedClock])
        self.maxConcurrentChecks = maxConcurrentChecks.map { max(1, $0) }
        self.makeStorage = makeStorage
    }

    /// A backend whose stores keep nothing between opens, such as an in-memory one.
    public static func ephemeral(
        name: String, open: @escaping @Sendable (any CRUDClock) async throws -> any CRUDSpec
    ) -> Backend {
        Backend(name: name) { TemporaryStorage(open: open) }
    }

    /// The name: backends are told apart by it.
    public var id: String { name }
    /// The name.
    public var description: String { name }
}

/// Storage for one check: it opens stores on itself and cleans up after itself.
public protocol BackendStorage: Sendable {
    /// Opens a store on this storage. Called once for a fresh store and again after the
    /// previous store was closed, to check what survives a reopen.
    func open(clock: any CRUDClock) async throws -> any CRUDSpec

    /// Opens one more store on this storage while the first is still open, as a second
    /// process or connection would: for the rules of ``Capability/sharedStorage`` and
    /// ``Capability/exclusiveOpen``. The default opens one as ``open(clock:)`` does; storage
    /// whose open restarts something (a server) must give a new client of what runs instead.
    func openAnother(clock: any CRUDClock) async throws -> any CRUDSpec

    /// Removes whatever the storage made: files, folders, servers. Called once at the end.
    func dispose() async
}

extension BackendStorage {
    /// Opens one more store as ``open(clock:)`` does.
    public func openAnother(clock: any CRUDClock) async throws -> any CRUDSpec {
        try await open(clock: clock)
    }
}

/// Storage that is nothing but a way to open a store, with nothing to clean up.
public struct TemporaryStorage: BackendStorage {
    private let opener: @Sendable (any CRUDClock) async throws -> any CRUDSpec

    /// Storage whose stores are made by `open`.
    public init(open: @escaping @Sendable (any CRUDClock) async throws -> any CRUDSpec) {
        opener = open
    }

    public func open(clock: any CRUDClock) async throws -> any CRUDSpec {
        try await opener(clock)
    }

    public func dispose() async {}
}

/// Storage in a fresh temporary folder of its own, removed on dispose: for file-based
/// stores. Checks running in parallel never share a file.
///
/// ```swift
/// let json = Backend(name: "json", capabilities: [.durability]) {
///     try TemporaryFolderStorage(name: "json") { folder, clock in try JSONFileStore(path: folder + "/store.json", clock: clock) }
/// }
/// ```
public struct TemporaryFolderStorage: BackendStorage {
    /// The folder's absolute path.
    public let folder: String
    private let opener: @Sendable (String, any CRUDClock) async throws -> any CRUDSpec

    /// Makes a new, empty folder under `parent`, or the system's temporary folder.
    public init(
        name: String, in parent: String? = nil,
        open: @escaping @Sendable (_ folder: String, _ clock: any CRUDClock) async throws -> any CRUDSpec
    ) throws {
        let base = parent.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
        let url = base.appendingPathComponent("crudkit-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folder = url.path
        opener = open
    }

    public func open(clock: any CRUDClock) async throws -> any CRUDSpec {
        try await opener(folder, clock)
    }

    public func dispose() async {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
