import CRUDSpec
import Foundation

/// What a check works with: an open store on fresh storage, a clock it controls, and
/// the helpers that turn a broken expectation into a ``CheckFailure``.
///
/// ```swift
/// let task = try await context.attempt("createTask(title: \"a\")") {
///     try await context.store.createTask(title: "a", notes: nil)
/// }
/// try context.expectEqual(task.isCompleted, false, "isCompleted of a new task")
/// ```
public final class CheckContext: @unchecked Sendable {
    /// The backend's name, for messages.
    public var backendName: String { backend.name }
    /// The backend under check: rules that need storage of their own (the model-based
    /// rule, which replays and shrinks sequences) make it from here.
    public let backend: Backend
    /// The clock every store of this check is opened with. It stands still unless moved.
    /// Only a backend that declares ``Capability/injectedClock`` reads it.
    let suiteClock: ManualClock
    private let storage: any BackendStorage
    // Guarded by `lock`: reopen swaps the store while other tasks of the check may read it.
    private let lock = NSLock()
    private var current: (any CRUDSpec)?
    /// The stores ``openAnother()`` opened, closed at the end of the check.
    private var others: [any CRUDSpec] = []
    private var serial = 0

    init(backend: Backend, storage: any BackendStorage, clock: ManualClock) {
        self.backend = backend
        self.storage = storage
        self.suiteClock = clock
    }

    /// The store that is open now.
    public var store: any CRUDSpec {
        get throws {
            guard let store = lock.withLock({ current }) else {
                throw CheckFailure(step: "using the store", expected: "an open store", actual: "the store is closed")
            }
            return store
        }
    }

    /// Opens the first store; called by the runner.
    func open() async throws {
        let store = try await attempt("opening a fresh store") { try await storage.open(clock: suiteClock) }
        lock.withLock { current = store }
    }

    /// Closes the open store and opens a new one on the same storage, as an app that quits
    /// and starts again would. Returns the new store, which ``store`` also gives from now on.
    @discardableResult
    public func reopen() async throws -> any CRUDSpec {
        try await closeStore()
        let store = try await attempt("opening the store again after closing it") {
            try await storage.open(clock: suiteClock)
        }
        lock.withLock { current = store }
        return store
    }

    /// Opens one more store on the check's storage while ``store`` stays open, as a second
    /// process or connection would (``BackendStorage/openAnother(clock:)``). Its errors are
    /// thrown as they are, for rules that expect one. The end of the check closes it.
    public func openAnother() async throws -> any CRUDSpec {
        let store = try await storage.openAnother(clock: suiteClock)
        lock.withLock { others.append(store) }
        return store
    }

    /// Closes the open store, if any, without opening another: ``store`` throws until
    /// ``reopen()``. The stores of ``openAnother()`` stay open.
    public func closeStore() async throws {
        guard
            let store = lock.withLock({ () -> (any CRUDSpec)? in
                defer { current = nil }
                return current
            })
        else { return }
        try await attempt("close()") { try await store.close() }
    }

    /// Closes the stores of ``openAnother()`` and then the open store; called by the runner
    /// at the end of a check.
    func close() async throws {
        let extra = lock.withLock {
            defer { others = [] }
            return others
        }
        for other in extra { try? await other.close() }
        try await closeStore()
    }

    /// A number no earlier call of this check returned: for values that must differ, such
    /// as the emails of contacts a check creates in a loop.
    func nextSerial() -> Int {
        lock.withLock {
            serial += 1
            return serial
        }
    }

    func dispose() async {
        await storage.dispose()
    }

    // MARK: Expectations

    /// Runs `operation`, turning any error it throws into a failure that says the step
    /// was expected to succeed.
    public func attempt<T>(_ step: String, _ operation: () async throws -> T) async throws -> T {
        do {
            return try await operation()
        } catch let failure as CheckFailure {
            throw failure
        } catch {
            throw CheckFailure(step: step, expected: "success", actual: "threw \(Show.error(error))", thrown: error as? CRUDError)
        }
    }

    /// Requires `operation` to throw a `CRUDError` that `expected` accepts.
    public func expectError<T>(
        _ step: String, _ expected: ErrorExpectation, _ operation: () async throws -> T
    ) async throws {
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await operation())
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let value):
            throw CheckFailure(step: step, expected: "throws \(expected.summary)", actual: "succeeded with \(Show.value(value))")
        case .failure(let error as CRUDError) where expected.accepts(error):
            return
        case .failure(let error):
            throw CheckFailure(
                step: step, expected: "throws \(expected.summary)", actual: "threw \(Show.error(error))", thrown: error as? CRUDError)
        }
    }

    /// Requires `actual == expected`.
    public func expectEqual<T: Equatable>(_ actual: T, _ expected: T, _ what: String) throws {
        guard actual == expected else {
            throw CheckFailure(step: what, expected: Show.value(expected), actual: Show.value(actual))
        }
    }

    /// Requires `condition`, describing what was expected and what was seen otherwise.
    public func expect(
        _ condition: Bool, _ what: String, expected: @autoclosure () -> String, actual: @autoclosure () -> String
    ) throws {
        guard condition else { throw CheckFailure(step: what, expected: expected(), actual: actual()) }
    }

    /// Requires two dates to be the same to the millisecond.
    public func expectSameInstant(_ actual: Date, _ expected: Date, _ what: String) throws {
        guard Timestamp.milliseconds(actual) == Timestamp.milliseconds(expected) else {
            throw CheckFailure(step: what, expected: Show.date(expected), actual: Show.date(actual))
        }
    }

    /// Requires a list of tasks to be exactly these titles in this order.
    public func expectTitles(_ tasks: [TaskItem], _ expected: [String], _ what: String) throws {
        try expectTexts(tasks.map(\.title), expected, what)
    }

    /// Requires a list of texts to be exactly these, scalar for scalar, in this order:
    /// String's == would accept a canonically equivalent but different sequence.
    public func expectTexts(_ actual: [String], _ expected: [String], _ what: String) throws {
        guard actual.map(\.unicodeScalars).elementsEqual(expected.map(\.unicodeScalars), by: { $0.elementsEqual($1) }) else {
            throw CheckFailure(step: what, expected: Show.value(expected), actual: Show.value(actual))
        }
    }

    /// Requires a list of records to be exactly these ids in this order.
    public func expectIDs<Record: Identifiable>(_ records: [Record], _ expected: [Record], _ what: String)
        throws where Record.ID == UUID
    {
        guard records.map(\.id) == expected.map(\.id) else {
            throw CheckFailure(step: what, expected: Show.ids(expected.map(\.id)), actual: Show.ids(records.map(\.id)))
        }
    }
}

/// Which error a step must throw.
public struct ErrorExpectation: Sendable {
    /// How the expectation reads in a failure, for example `validation.empty on title`.
    public let summary: String
    /// Whether `error` meets it.
    public let accepts: @Sendable (CRUDError) -> Bool

    /// A validation error on `field` for `reason`, at `position` when given.
    public static func validation(_ field: Field, _ reason: ValidationReason, position: Int? = nil) -> Self {
        let at = position.map { " at position \($0)" } ?? ""
        return Self(summary: "validation.\(reason.code) on \(field.rawValue)\(at)") { error in
            guard case .validation(let failure) = error else { return false }
            return failure.field == field && failure.reason == reason && (position == nil || failure.position == position)
        }
    }

    /// A validation error on `field`, whatever the reason.
    public static func validation(_ field: Field) -> Self {
        Self(summary: "a validation error on \(field.rawValue)") { error in
            guard case .validation(let failure) = error else { return false }
            return failure.field == field
        }
    }

    /// `notFound` for `id`.
    public static func notFound(_ id: UUID) -> Self {
        Self(summary: "notFound(\(Show.id(id)))") { $0 == .notFound(id: id) }
    }

    /// `storeLocked`, whatever the path.
    public static let storeLocked = Self(summary: "storeLocked") { error in
        if case .storeLocked = error { return true }
        return false
    }

    /// `duplicate` on `field`.
    public static func duplicate(_ field: Field) -> Self {
        Self(summary: "duplicate(\(field.rawValue))") { $0 == .duplicate(field: field) }
    }

    /// `invalidQuery`, whatever its reason.
    public static let invalidQuery = Self(summary: "invalidQuery") { error in
        if case .invalidQuery = error { return true }
        return false
    }
}
