// An exercise host whose Exercise 1 misbehaves as its first argument says: the submissions a
// student gaming the grader would write. Every other part is the kit's reference.
import CRUDSpec
import ExerciseKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Exercise 1, written to cheat or to break the grader.
struct HostileTitleRules: TitleRules {
    /// The argument of the `sleep` a spawning submission starts: unique, so a test finds it.
    static let sleeperArgument = "7771"
    let mode: String

    func validatedTitle(_ raw: String) throws -> String {
        switch mode {
        case "forge":
            // A full-marks report on standard output, a forged answer on the channel's likely
            // descriptor, then a clean exit in the middle of the call.
            print(#"{"format":"crudkit-grade","version":1,"total":230,"maxTotal":230,"compiled":true,"exercises":[]}"#)
            let forged = #"{"number":1,"answer":{"value":{"text":{"_0":"forged"}}}}"# + "\n"
            for fd in Int32(3)...40 { _ = forged.withCString { write(fd, $0, strlen($0)) } }
            exit(0)
        case "trap":
            fatalError("todo")
        case "spin":
            var counter = 0
            while true { counter &+= 1 }
        case "sleep":
            sleep(600)
            return raw
        case "allocate":
            var hoard: [[UInt8]] = []
            while true { hoard.append([UInt8](repeating: 1, count: 64 << 20)) }
        case "spawn", "spawn-exit":
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sleep")
            process.arguments = [HostileTitleRules.sleeperArgument]
            try? process.run()
            if mode == "spawn-exit" { exit(0) }
            return try Validation.title(raw)
        case "clog":
            // Answers this call, then reads its calls from a pipe nobody writes to, so the
            // grader's next call finds the real input pipe full.
            var other: [Int32] = [0, 0]
            _ = pipe(&other)
            _ = dup(0)
            _ = dup2(other[0], 0)
            return raw
        case "flood":
            let line = String(repeating: "x", count: 1_023) + "\n"
            for _ in 0..<(64 << 10) { FileHandle.standardOutput.write(Data(line.utf8)) }  // 64 MiB
            return try Validation.title(raw)
        case "garbage":
            // The channel is one of the host's descriptors; write to every likely one.
            for fd in Int32(3)...40 { _ = "this is not an answer\n".withCString { write(fd, $0, strlen($0)) } }
            sleep(600)
            return raw
        case "escape":
            // `raw` is "PATH PORT": write a file at PATH, outside the host's folders, and
            // connect to PORT on this machine; say what happened to each.
            let words = raw.split(separator: " ").map(String.init)
            guard words.count == 2, let port = UInt16(words[1]) else { return "bad argument" }
            let wrote = FileManager.default.createFile(atPath: words[0], contents: Data("escaped".utf8)) ? "written" : "refused"
            return "file \(wrote), network \(tryConnecting(toPort: port))"
        case "reach-postgres":
            // `raw` is "HOST PORT" of a PostgreSQL server's socket, as libpq names it: reaching
            // the kit's own cluster would let SQL run programs outside the sandbox.
            let words = raw.split(separator: " ").map(String.init)
            guard words.count == 2 else { return "bad argument" }
            return "postgres \(tryConnecting(toSocket: words[0] + "/.s.PGSQL." + words[1]))"
        case "cwd":
            // Where it works, and a file written there, which must be discarded with the host.
            _ = FileManager.default.createFile(atPath: "left-behind.txt", contents: Data("x".utf8))
            return FileManager.default.currentDirectoryPath
        default:
            return try Validation.title(raw)
        }
    }
}

/// Connects to `port` on 127.0.0.1: "connected", or why not.
func tryConnecting(toPort port: UInt16) -> String {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return tryConnecting(family: AF_INET, to: address, length: socklen_t(MemoryLayout<sockaddr_in>.size))
}

/// Connects to the Unix socket at `path`, an abstract one when it starts with `@`:
/// "connected", or why not.
func tryConnecting(toSocket path: String) -> String {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    var bytes = Array(path.utf8)
    if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }  // the abstract namespace
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return "path too long" }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (index, byte) in bytes.enumerated() { raw[index] = byte }
    }
    let length = MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == 0 ? 0 : 1)
    return tryConnecting(family: AF_UNIX, to: address, length: socklen_t(length))
}

/// Opens a stream socket of `family` and connects it to `address`: "connected", or why not.
func tryConnecting<Address>(family: Int32, to address: Address, length: socklen_t) -> String {
    #if canImport(Glibc)
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let fd = socket(family, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { return "no socket" }
    defer { close(fd) }
    var address = address
    let status = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
    }
    return status == 0 ? "connected" : String(cString: strerror(errno))
}

/// Exercise 14, answered by looking at the store instead of checking what it does: by the
/// name of its type (`peek-type`), or by what reflection shows of it (`peek-mirror`).
struct PeekingChecks: OwnChecks {
    let mode: String

    func run(on store: any CRUDSpec) async throws {
        let looksBroken: Bool
        if mode == "peek-type" {
            looksBroken = "\(type(of: store))" != "ExerciseStore"
        } else {
            let seen = String(reflecting: store) + Mirror(reflecting: store).children.map { "\($0.label ?? "") \($0.value)" }.joined()
            looksBroken = seen.lowercased().contains("bug")
        }
        if looksBroken { throw CRUDError.invalidQuery(reason: "this store looks broken") }
    }
}

let mode = CommandLine.arguments.dropFirst().first ?? ""
var parts = ExerciseParts.reference
parts.titleRules = HostileTitleRules(mode: mode)
if mode.hasPrefix("peek") { parts.ownChecks = PeekingChecks(mode: mode) }
exit(await ExerciseHostMain.run(parts: parts))
