/// How long a store waits for another program's hold on its storage (a second `crudkit`
/// command a moment earlier, an app with the file open) before it gives up with
/// ``CRUDError/storeLocked(path:)``.
public enum LockWait {
    /// Ten seconds: long enough for any one operation of another command to finish, short
    /// enough that a store left open elsewhere is reported rather than waited on forever.
    public static let standard: Duration = .seconds(10)

    /// Told, in the opener's task, when the opener finds its storage held by another and
    /// starts to wait: the conformance rule of waiting openers (SHARED-004) sets it to know
    /// the opener is waiting, instead of guessing from how long it has not returned.
    @TaskLocal public static var heldObserver: (@Sendable () -> Void)?

    /// Says that this opener found its storage held and is about to wait (or give up, when
    /// its wait is zero). A store that waits for a lock calls it once per open, before its
    /// first pause.
    public static func foundHeld() {
        heldObserver?()
    }
}
