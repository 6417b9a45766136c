import CRUDServer
import CRUDSpec
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `crudkit serve`: the Parse-style mock server, until Ctrl-C or SIGTERM.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "serve", summary: "Run the Parse-style REST mock server over any store, until Ctrl-C.",
        discussion: """
            Prints the URL it listens on, then one line per request (method, path, status,
            milliseconds) on standard error unless --quiet. Try it with curl:

              curl -X POST -H 'X-Parse-Application-Id: crudkit' \\
                   -H 'Content-Type: application/json' -d '{"title": "Buy milk"}' http://127.0.0.1:8080/parse/classes/Task
            """,
        exitStatuses: [
            (.success, "stopped by Ctrl-C or SIGTERM"), (.usage, "the command line is wrong"),
            (.unavailable, "the store or the port cannot be used"),
        ])

    @Option("host", value: "HOST", help: "IPv4 address to listen on (default: 127.0.0.1).") var host: String?
    @Option("port", value: "PORT", help: "Port (default: 8080; 0 picks a free one).", parser: .port) var port: UInt16?
    @Option(
        "store", value: "STORE",
        help: "memory (default), json:PATH, journal:PATH, sqlite:PATH or\npostgres://USER@HOST/DATABASE (several servers may share one).",
        parser: .store)
    var store: StoreOption = .memory
    @Option("app-id", value: "ID", help: "The X-Parse-Application-Id to require (default: crudkit).") var applicationID: String?
    @Option(
        "rest-key", value: "KEY",
        help: """
            A REST key (X-Parse-REST-API-Key). With no key options, only the
            application id is needed, as in Parse Server; with one or more,
            a request must carry one of them in its own header.
            """)
    var restKey: String?
    @Option("client-key", value: "KEY", help: "A client key (X-Parse-Client-Key), as the ParseSwift SDK sends.") var clientKey: String?
    @Option("javascript-key", value: "KEY", help: "A JavaScript key (X-Parse-Javascript-Key).") var javascriptKey: String?
    @Flag("quiet", help: "No request log.") var quiet: Bool
    @Option("latency", value: "MS", help: "Wait this long before answering each API request.", parser: .milliseconds)
    var latency: Duration?
    @Option("fail-rate", value: "P", help: "Answer this share of API requests (0 to 1) with 503, without running them.", parser: .share)
    var failRate: Double?
    @Option(
        "drop-rate", value: "P", help: "Run this share of API requests, then close the connection without answering.", parser: .share)
    var dropRate: Double?
    @Option("seed", value: "N", help: "Seed of the faults, to repeat a run (default: 1).", parser: .seed) var seed: UInt64?
    @Option(
        "max-limit", value: "N",
        help:
            "Return at most N results per find, whatever its limit asks, as Parse\nServer's maxLimit option (set by many hosted servers) does.",
        parser: .positiveWholeNumber)
    var maxLimit: Int?

    /// The server's configuration: its defaults, with what the options set.
    var serverConfiguration: MockServer.Configuration {
        var configuration = MockServer.Configuration()
        if let host { configuration.host = host }
        if let port { configuration.port = port }
        if let applicationID { configuration.applicationID = applicationID }
        configuration.restKey = restKey
        configuration.clientKey = clientKey
        configuration.javascriptKey = javascriptKey
        if let latency { configuration.latency = latency }
        if let failRate { configuration.failRate = failRate }
        if let dropRate { configuration.dropRate = dropRate }
        if let seed { configuration.seed = seed }
        if let maxLimit { configuration.maxLimit = maxLimit }
        return configuration
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let console = context.console
        let configuration = serverConfiguration
        let backing: any CRUDSpec
        let lockWait = try StoreOption.lockWait(environment: context.environment)
        do {
            backing = try await store.open(lockWait: lockWait) { notice in console.err("warning: \(notice)\n") }
        } catch let error as CRUDError {
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
