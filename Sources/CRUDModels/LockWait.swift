/// How long a store waits for another program's hold on its storage (a second `crudkit`
/// command a moment earlier, an app with the file open) before it gives up with
/// ``CRUDError/storeLocked(path:)``.
public enum LockWait {
    /// Ten seconds: long enough for any one operation of another command to finish, short
    /// enough that a store left open elsewhere is reported rather than waited on forever.
    public static let standard: Duration = .seconds(10)
}
