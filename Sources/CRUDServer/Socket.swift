import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX socket calls the server needs, with the platform differences in one place.
enum Socket {
    #if os(Linux)
        static let stream = Int32(SOCK_STREAM.rawValue)
        static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        static let stream = SOCK_STREAM
        static let sendFlags: Int32 = 0
    #endif

    /// A listening TCP socket on `host:port` (port 0 picks a free one). Returns the
    /// descriptor and the port it is bound to.
    static func listen(host: String, port: UInt16) throws -> (descriptor: Int32, port: UInt16) {
        let fd = socket(AF_INET, stream, 0)
        guard fd >= 0 else { throw SocketError("cannot create a socket") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if !os(Linux)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(fd)
            throw SocketError("'\(host)' is not an IPv4 address")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, systemListen(fd, 128) == 0 else {
            close(fd)
            throw SocketError("cannot listen on \(host):\(port) (is the port in use?)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: actual.sin_port))
    }

    /// Sets how long a read or a write may block before it fails.
    static func setTimeouts(_ fd: Int32, _ timeout: Duration) {
        var time = timeval()
        time.tv_sec = .init(timeout.components.seconds)
        time.tv_usec = .init(timeout.components.attoseconds / 1_000_000_000_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        #if !os(Linux)
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Writes all of `bytes`; false if the peer went away or the write timed out.
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                systemSend(fd, buffer.baseAddress.map { $0 + offset }, bytes.count - offset, sendFlags)
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Appends what is available (up to 16 KiB) to `buffer`; returns how many bytes came:
    /// 0 at end of stream, nil on error or timeout.
    static func receive(_ fd: Int32, appendingTo buffer: inout [UInt8]) -> Int? {
        // Into scratch space, then copied once: growing the array by a chunk of zeros first
        // costs an element-by-element loop in debug builds, most of a test run's server time.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16_384) { chunk in
            while true {
                let count = recv(fd, chunk.baseAddress, chunk.count, 0)
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { return nil }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<count]))
                return count
            }
        }
    }

    static func closeDescriptor(_ fd: Int32) {
        close(fd)
    }

    /// Wakes a blocked `accept` and stops further use of the socket.
    static func shutdownDescriptor(_ fd: Int32) {
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Accepts a waiting connection on a non-blocking listener: -1 when none is waiting
    /// (another thread took it, or the client gave up). The connection itself blocks, as
    /// the server's reads and writes expect (BSD would pass the listener's flag on).
    static func acceptConnection(_ fd: Int32) -> Int32 {
        let connection = accept(fd, nil, nil)
        if connection >= 0 { setBlocking(connection, true) }
        return connection
    }

    /// Makes reads, writes and accepts on `fd` wait (true) or fail at once with EAGAIN (false).
    static func setBlocking(_ fd: Int32, _ blocking: Bool) {
        let flags = fcntl(fd, F_GETFL, 0)
        guard flags >= 0 else { return }
        _ = fcntl(fd, F_SETFL, blocking ? flags & ~O_NONBLOCK : flags | O_NONBLOCK)
    }

    /// A pipe whose write end wakes ``waitForConnection(_:orWake:)``: the way to stop an
    /// accept loop without closing its listener under it (a closed descriptor's number is
    /// soon reused, and a late `accept` would take another server's connection).
    static func wakePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SocketError("cannot create a pipe") }
        return (ends[0], ends[1])
    }

    /// Writes one byte to a wake pipe.
    static func wake(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    /// Waits until a connection is waiting on `listener` (true) or `wake` is readable (false).
    static func waitForConnection(_ listener: Int32, orWake wake: Int32) -> Bool {
        var watched = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&watched, nfds_t(watched.count), -1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return false }
            if watched[1].revents != 0 { return false }
            if watched[0].revents & Int16(POLLIN) != 0 { return true }
            // An error on the listener itself: nothing more will come.
            return false
        }
    }
}

/// A socket failure while starting the server, in words for the person starting it.
struct SocketError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@inline(__always)
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    listen(fd, backlog)
}

@inline(__always)
private func systemSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(fd, buffer, count, flags)
}
