import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket bound to 127.0.0.1 at a port the system picks: the one way the test support
/// makes one, for a server (listening) or for an address that refuses (bound only).
public enum LoopbackSocket {
    /// Why no socket could be made, with the system's reason.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A new socket bound to 127.0.0.1, listening with `backlog` when given; its descriptor
    /// and port.
    public static func make(listening backlog: Int32? = nil) throws -> (descriptor: Int32, port: UInt16) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && (backlog.map { listen(descriptor, $0) == 0 } ?? true)
                    && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard ready else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "cannot \(backlog == nil ? "bind" : "listen on") 127.0.0.1: \(reason)")
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }
}
