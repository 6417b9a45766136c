import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port that is bound but not listening, held until ``release()``: a connection
/// to it is refused, and no other server of the test run can take it meanwhile.
///
/// The address of a server that has stopped is no such thing: its port goes back to the
/// system, and another test's server, started a moment later, can get it and answer.
public final class RefusingAddress: @unchecked Sendable {
    private let descriptor: Int32
    /// The port, bound to 127.0.0.1.
    public let port: UInt16

    public init() throws {
        #if os(Linux)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SpawnError(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(fd)
            throw SpawnError(description: "bind: \(String(cString: strerror(errno)))")
        }
        descriptor = fd
        port = UInt16(bigEndian: actual.sin_port)
    }

    /// `http://127.0.0.1:PORT/parse`.
    public var url: URL {
        URL(string: "http://127.0.0.1:\(port)/parse") ?? URL(fileURLWithPath: "/")
    }

    /// Gives the port back.
    public func release() {
        close(descriptor)
    }
}
