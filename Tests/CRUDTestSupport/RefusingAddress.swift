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
        (descriptor, port) = try LoopbackSocket.make()
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
