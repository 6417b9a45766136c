import CRUDServer
import CRUDSpec
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `crudkit serve`: the Parse-style mock server, until Ctrl-C or SIGTERM.
struct ServeCommand {
    static let name = "serve"
    static let summary = "Run the Parse-style REST mock server over any store, until Ctrl-C."
    static let options = [
        "host", "port", "store", "app-id", "rest-key", "client-key", "javascript-key", "quiet", "latency", "fail-rate", "drop-rate", "seed",
        "max-limit",
        "help",
    ]

    static var help: String {
        """
        USAGE: crudkit serve [--host 127.0.0.1] [--port 8080] [--store memory|json:PATH|sqlite:PATH]
                             [--app-id ID] [--rest-key KEY] [--client-key KEY] [--javascript-key KEY] [--quiet]
                             [--latency MS] [--fail-rate P] [--drop-rate P] [--seed N] [--max-limit N]

        \(summary)
        Prints the URL it listens on, then one line per request (method, path, status,
        milliseconds) on standard error unless --quiet. Try it with curl:

          curl -X POST -H 'X-Parse-Application-Id: crudkit' \\
               -H 'Content-Type: application/json' -d '{"title": "Buy milk"}' http://127.0.0.1:8080/parse/classes/Task

        OPTIONS:
          --host HOST       IPv4 address to listen on (default: 127.0.0.1).
          --port PORT       Port (default: 8080; 0 picks a free one).
          --store STORE     memory (default), json:PATH or sqlite:PATH.
          --app-id ID       The X-Parse-Application-Id to require (default: crudkit).
          --rest-key KEY    A REST key (X-Parse-REST-API-Key). With no key options, only the
                            application id is needed, as in Parse Server; with one or more,
                            a request must carry one of them in its own header.
          --client-key KEY  A client key (X-Parse-Client-Key), as the ParseSwift SDK sends.
          --javascript-key KEY
                            A JavaScript key (X-Parse-Javascript-Key).
          --quiet           No request log.
          --latency MS      Wait this long before answering each API request.
          --fail-rate P     Answer this share of API requests (0 to 1) with 503, without running them.
          --drop-rate P     Run this share of API requests, then close the connection without answering.
          --seed N          Seed of the faults, to repeat a run (default: 1).
          --max-limit N     Return at most N results per find, whatever its limit asks, as Parse
                            Server's maxLimit option (set by many hosted servers) does.
          --help            Show this help.

        EXIT STATUS:
          0   stopped by Ctrl-C or SIGTERM
          64  the command line is wrong
          74  the store or the port cannot be used
        """
    }

    let configuration: MockServer.Configuration
    let store: StoreOption
    let quiet: Bool

    init(arguments words: [String]) throws(UsageError) {
        var arguments = Arguments(words)
        var configuration = MockServer.Configuration()
        configuration.host = try arguments.option("host") ?? configuration.host
        if let text = try arguments.option("port") {
            guard let port = UInt16(text) else { throw UsageError("--port needs a number from 0 to 65535, not '\(text)'.") }
            configuration.port = port
        }
        configuration.applicationID = try arguments.option("app-id") ?? configuration.applicationID
        configuration.restKey = try arguments.option("rest-key")
        configuration.clientKey = try arguments.option("client-key")
        configuration.javascriptKey = try arguments.option("javascript-key")
        if let text = try arguments.option("latency") {
            guard let milliseconds = Int(text), milliseconds >= 0 else {
                throw UsageError("--latency needs milliseconds ≥ 0, not '\(text)'.")
            }
            configuration.latency = .milliseconds(milliseconds)
        }
        for (name, keyPath) in [("fail-rate", \MockServer.Configuration.failRate), ("drop-rate", \.dropRate)] {
            if let text = try arguments.option(name) {
                guard let rate = Double(text), (0...1).contains(rate) else {
                    throw UsageError("--\(name) needs a share from 0 to 1, not '\(text)'.")
                }
                configuration[keyPath: keyPath] = rate
            }
        }
        if let text = try arguments.option("max-limit") {
            guard let limit = Int(text), limit > 0 else { throw UsageError("--max-limit needs a whole number > 0, not '\(text)'.") }
            configuration.maxLimit = limit
        }
        if let text = try arguments.option("seed") {
            guard let seed = UInt64(text) else { throw UsageError("--seed needs a whole number ≥ 0, not '\(text)'.") }
            configuration.seed = seed
        }
        store = try arguments.option("store").map { text throws(UsageError) in try StoreOption(text) } ?? .memory
        quiet = arguments.flag("quiet")
        self.configuration = configuration
        try arguments.finish(knownOptions: Self.options)
    }

    func run(console: any Console) async throws -> ExitCode {
        let backing: any CRUDSpec
        do {
            backing = try store.open()
        } catch {
            console.err("error: \(error.message)\n")
            return .unavailable
        }
        var log: (@Sendable (String) -> Void)?
        if !quiet { log = { line in console.err(line + "\n") } }
        let server = MockServer(store: backing, configuration: configuration, log: log)
        let url: URL
        do {
            url = try server.start()
        } catch {
            console.err("error: \(error)\n")
            try? await backing.close()
            return .unavailable
        }
        console.out("Serving the Parse-style API at \(url.absoluteString)\n")
        let keys = [
            ("X-Parse-REST-API-Key", configuration.restKey), ("X-Parse-Client-Key", configuration.clientKey),
            ("X-Parse-Javascript-Key", configuration.javascriptKey),
        ].compactMap { header, value in value.map { "\(header): \($0)" } }
        let keyNote = keys.isEmpty ? "" : " and one of " + keys.joined(separator: ", ")
        console.out("Headers: X-Parse-Application-Id: \(configuration.applicationID)\(keyNote)\n")
        console.out("Press Ctrl-C to stop.\n")
        let signalName = await Self.waitForStopSignal()
        await server.shutdown()
        try? await backing.close()
        console.err("Stopped (\(signalName)).\n")
        return .success
    }

    /// Waits for SIGINT or SIGTERM, which no longer end the process by themselves.
    private static func waitForStopSignal() async -> String {
        await withCheckedContinuation { continuation in
            let once = SignalOnce(continuation)
            for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { once.fire(name) }
                source.resume()
                once.keep(source)
            }
        }
    }
}

/// Resumes the wait once, whichever signal comes first, and keeps the sources alive.
private final class SignalOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<String, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<String, Never>) {
        self.continuation = continuation
    }

    func keep(_ source: any DispatchSourceSignal) {
        lock.withLock { sources.append(source) }
    }

    func fire(_ name: String) {
        let pending = lock.withLock { () -> CheckedContinuation<String, Never>? in
            defer { continuation = nil }
            return continuation
        }
        pending?.resume(returning: name)
    }
}
