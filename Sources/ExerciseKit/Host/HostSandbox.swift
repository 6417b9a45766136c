import CProcessControl
import Foundation

/// Whether an exercise host runs in a sandbox, as the host says in the first line it sends,
/// before any student code has run.
public struct SandboxReport: Codable, Sendable, Equatable, CustomStringConvertible {
    /// In a sandbox: no network, and every file read-only except the host's own folders.
    public var isOn: Bool
    /// Why not, when not.
    public var reason: String?

    public var description: String {
        isOn
            ? "the exercise host ran in a sandbox: no network, and nothing writable but its own folders"
            : "the exercise host ran without a sandbox (\(reason ?? "no reason given")): student code could use the network "
                + "and write wherever you can"
    }
}

/// The exercise host's sandbox (Linux namespaces, see `crudkit_enter_sandbox`): entered
/// before the host's main starts, so before any student code runs, with the folders the
/// grader names as the only writable ones.
public enum HostSandbox {
    /// The folders the host may write, one per line: its scratch folder and the folder the
    /// grader keeps the stores of file-based exercises in.
    static let writableVariable = "CRUDKIT_HOST_WRITABLE"
    /// `off` runs the host without a sandbox.
    static let switchVariable = "CRUDKIT_HOST_SANDBOX"

    /// Whether this system can make the sandbox, or why not.
    public static func availability() -> (isAvailable: Bool, reason: String) {
        var reason = [CChar](repeating: 0, count: 512)
        let available = crudkit_sandbox_available(&reason, UInt(reason.count)) == 1
        return (available, String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The sandbox this host entered before its main started (see `crudkit_sandbox_status`);
    /// `mustStop` when setting it up failed half way.
    static func entered() -> (report: SandboxReport, mustStop: Bool) {
        var reason = [CChar](repeating: 0, count: 512)
        let status = crudkit_sandbox_status(&reason, UInt(reason.count))
        let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case 0: return (SandboxReport(isOn: true), false)
        case 1: return (SandboxReport(isOn: false, reason: "the grader named no folders for it (\(writableVariable))"), false)
        case -1: return (SandboxReport(isOn: false, reason: text), false)
        default: return (SandboxReport(isOn: false, reason: text), true)
        }
    }
}
