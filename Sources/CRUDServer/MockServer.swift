import CRUDSpec
import Foundation
import ParseWire
import ThreadExecutors

/// A Parse-style REST server over plain sockets, for lessons, tests and `crudkit serve`.
///
/// HTTP/1.1 with keep-alive and Content-Length bodies; one thread per connection (at most
/// ``Configuration/maxConnections`` at once); timeouts for idle and slow clients; faults
/// on purpose (latency, 503s, dropped connections) from a seeded random source so a run
/// can be repeated.
///
/// ```swift
/// let server = MockServer(store: MemoryStore(), configuration: .init(port: 0))
/// let url = try server.start()   // http://127.0.0.1:PORT/parse
/// defer { server.stop() }
/// ```
public final class MockServer: @unchecked Sendable {
    /// How the server listens, authenticates, times out and misbehaves.
    public struct Configuration: Sendable {
        /// The address to listen on; `127.0.0.1` keeps the server to this machine.
        public var host: String
        /// 0 picks a free port.
        public var port: UInt16
        /// The `X-Parse-Application-Id` every API request must carry.
        public var applicationID: String
        /// Client keys, as Parse Server has them: none set, no key is needed; any set, a
        /// request must carry at least one of them in its own header.
        public var restKey: String?
        /// The key a request may carry in `X-Parse-Client-Key` (see ``restKey``).
        public var clientKey: String?
        /// The key a request may carry in `X-Parse-Javascript-Key` (see ``restKey``).
        public var javascriptKey: String?
        /// Added delay before each API answer.
        public var latency: Duration
        /// Share of API requests answered 503 without being run (0 to 1).
        public var failRate: Double
        /// Share of API requests run and then dropped: the connection closes without an answer.
        public var dropRate: Double
        /// Seed of the fault decisions; the same seed gives the same sequence of faults.
        public var seed: UInt64
        /// How long a kept-alive connection may wait for its next request.
        public var idleTimeout: Duration
        /// The most connections served at once; one more is answered 503 and closed.
        public var maxConnections: Int
        /// The most results one find returns, whatever its `limit` asks (Parse Server's
        /// `maxLimit` option, which hosted servers set); nil for no cap.
        public var maxLimit: Int?

        /// A configuration; the defaults are a well-behaved server on `127.0.0.1:8080` for the
        /// application id `crudkit`, with no keys, no faults and no cap on results.
        public init(
            host: String = "127.0.0.1", port: UInt16 = 8080, applicationID: String = "crudkit", restKey: String? = nil,
            clientKey: String? = nil, javascriptKey: String? = nil,
            latency: Duration = .zero, failRate: Double = 0, dropRate: Double = 0, seed: UInt64 = 1, idleTimeout: Duration = .seconds(15),
            maxConnections: Int = 256, maxLimit: Int? = nil
        ) {
            self.host = host
            self.port = port
            self.applicationID = applicationID
            self.restKey = restKey
            self.clientKey = clientKey
            self.javascriptKey = javascriptKey
            self.latency = latency
            self.failRate = failRate
            self.dropRate = dropRate
            self.seed = seed
            self.idleTimeout = idleTimeout
            self.maxConnections = maxConnections
            self.maxLimit = maxLimit.map { max(0, $0) }
        }
    }

    /// The configuration the server was made with.
    public let configuration: Configuration
    private let api: ParseAPI
    private let log: (@Sendable (String) -> Void)?
    private let state = NSCondition()
    private var listener: Int32 = -1
    /// Written to by ``stop()`` to wake the accept loop; nil before start.
    private var wakeWriter: Int32?
    private var acceptLoopRunning = false
    private var connections: Set<Int32> = []
    private var boundPort: UInt16 = 0
    private var faults: SeededRandom
    private let origin: OriginBox

    /// A server for `store`; `log` receives one line per request (nil: silent).
    public init(store: any CRUDSpec, configuration: Configuration, log: (@Sendable (String) -> Void)? = nil) {
        self.configuration = configuration
        let origin = OriginBox()
        self.api = ParseAPI(store: store, configuration: configuration) { origin.value }
        self.origin = origin
        self.log = log
        self.faults = SeededRandom(seed: configuration.seed)
    }

    /// The port the server listens on, once started.
    public var port: UInt16 { state.withLock { boundPort } }

    /// The API's base URL, once started: `http://HOST:PORT/parse`.
    public var baseURL: URL {
        URL(string: "http://\(configuration.host):\(port)/parse") ?? URL(fileURLWithPath: "/")
    }

    /// Starts listening and returns the API's base URL.
    @discardableResult
    public func start() throws -> URL {
        let (descriptor, port) = try Socket.listen(host: configuration.host, port: configuration.port)
        let wake: (read: Int32, write: Int32)
        do {
            wake = try Socket.wakePipe()
        } catch {
            Socket.closeDescriptor(descriptor)
            throw error
        }
        Socket.setBlocking(descriptor, false)
        state.withLock {
            listener = descriptor
            boundPort = port
            wakeWriter = wake.write
            acceptLoopRunning = true
        }
        origin.value = "http://\(configuration.host):\(port)"
        let thread = Thread { [self] in acceptLoop(descriptor, wake: wake.read) }
        thread.name = "crudkit-server-accept"
        thread.start()
        return baseURL
    }

    /// Stops accepting, closes every open connection, and waits for their threads to end.
    public func stop() {
        state.lock()
        let descriptor = listener
        let wake = wakeWriter
        listener = -1
        wakeWriter = nil
        for connection in connections { Socket.shutdownDescriptor(connection) }
        state.unlock()
        guard descriptor >= 0, let wake else { return }
        // The accept loop closes the listener itself when it wakes, so no accept can run on
        // a descriptor number that another socket has taken meanwhile.
        Socket.wake(wake)
        state.lock()
        while acceptLoopRunning || !connections.isEmpty { state.wait() }
        state.unlock()
        Socket.closeDescriptor(wake)
    }

    /// ``stop()`` for async code: the wait runs on a thread of its own, so it cannot hold
    /// one of Swift's few cooperative threads while a connection needs one to finish.
    public func shutdown() async {
        await offThePool { self.stop() }
    }

    private func acceptLoop(_ descriptor: Int32, wake: Int32) {
        defer {
            Socket.closeDescriptor(descriptor)
            Socket.closeDescriptor(wake)
            state.withLock {
                acceptLoopRunning = false
                state.broadcast()
            }
        }
        while true {
            guard Socket.waitForConnection(descriptor, orWake: wake), state.withLock({ listener }) >= 0 else { return }
            let connection = Socket.acceptConnection(descriptor)
            guard connection >= 0 else {
                // None waiting after all (EAGAIN), or out of descriptors: wait a little
                // rather than spin on the error.
                if errno != EAGAIN, errno != EWOULDBLOCK { Thread.sleep(forTimeInterval: 0.01) }
                continue
            }
            let admitted = state.withLock {
                guard listener >= 0, connections.count < configuration.maxConnections else { return false }
                connections.insert(connection)
                return true
            }
            guard admitted else {
                Socket.setTimeouts(connection, .seconds(1))
                _ = Socket.send(
                    connection, HTTPResponse.error(503, code: ParseCode.internalError, "too many connections").serialized(keepAlive: false))
                Socket.closeDescriptor(connection)
                continue
            }
            let thread = Thread { [self] in serve(connection) }
            thread.name = "crudkit-server-connection"
            thread.start()
        }
    }

    private enum Fault { case none, fail, drop }

    private func nextFault() -> Fault {
        guard configuration.failRate > 0 || configuration.dropRate > 0 else { return .none }
        let roll = state.withLock { Double(faults.next() >> 11) / Double(1 << 53) }
        if roll < configuration.failRate { return .fail }
        if roll < configuration.failRate + configuration.dropRate { return .drop }
        return .none
    }

    private func serve(_ connection: Int32) {
        defer {
            // Out of the set before it is closed, so stop() never shuts down a number that
            // a new connection has taken.
            state.withLock { _ = connections.remove(connection) }
            Socket.closeDescriptor(connection)
            state.withLock { state.broadcast() }
        }
        Socket.setTimeouts(connection, configuration.idleTimeout)
        var reader = RequestReader(descriptor: connection)
        while true {
            let request: HTTPRequest
            do {
                request = try reader.next()
            } catch {
                if let response = error.response {
                    _ = Socket.send(connection, response.serialized(keepAlive: false))
                    log?("- (malformed request) \(response.status)")
                }
                return
            }
            let start = ContinuousClock.now
            var response: HTTPResponse
            var fault = Fault.none
            if ParseAPI.handles(request.path) || request.method == "OPTIONS" {
                fault = nextFault()
                if configuration.latency > .zero { Thread.sleep(forTimeInterval: configuration.latency.seconds) }
                switch fault {
                case .fail: response = .error(503, code: ParseCode.internalError, "service unavailable (injected fault)")
                case .none, .drop: response = api.respond(to: request)
                }
            } else {
                response = .error(404, code: ParseCode.objectNotFound, "no such route: \(request.method) \(request.path)")
            }
            let milliseconds = Int((ContinuousClock.now - start).seconds * 1_000)
            if fault == .drop {
                log?("\(request.method) \(request.path) dropped \(milliseconds)ms")
                return
            }
            log?("\(request.method) \(request.path) \(response.status) \(milliseconds)ms")
            let keepAlive = request.keepAlive && !response.closeConnection
            guard Socket.send(connection, response.serialized(keepAlive: keepAlive)), keepAlive else { return }
        }
    }

}

/// `http://HOST:PORT` of a started server, for absolute `Location` headers.
private final class OriginBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""
    var value: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
