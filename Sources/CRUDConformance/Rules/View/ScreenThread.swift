import ThreadExecutors

/// Where one VIEW check runs its view models: a thread of its own, made for the check and
/// ended after it.
///
/// A model asks its screen logic synchronously, and when grading Exercises 16 and 17 that
/// logic is a submission answered by an exercise host: each call waits for another process,
/// for as long as the host's call limit when the submission spins. On the main actor or the
/// cooperative pool that wait would hold up every other check and test of the process; here
/// it holds this check's thread only. The models' async methods run where they are called,
/// so the whole check stays on that thread but for the store's own actor.
enum ScreenThread {
    static func run<T>(_ check: () async throws -> T) async throws -> T {
        if #available(macOS 15.0, *) {
            return try await ThreadExecutor.onOwnThread(named: "crudkit-screen", check)
        }
        return try await check()
    }
}
