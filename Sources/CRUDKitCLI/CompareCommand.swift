import CRUDBackends
import CRUDConformance
import CRUDHTTP
import CRUDMutants
import CRUDSpec
import Foundation

/// `crudkit compare`: the whole suite on every chosen backend, side by side.
struct CompareCommand {
    static let name = "compare"
    static let summary = "Run the conformance suite on every backend and print the side-by-side matrix."
    static let options =
        ["backends", "format", "rules", "timeout", "jobs", "mutants", "wipe-remote", "remote-durable", "help"] + ParseKeysOption.options

    static var help: String {
        """
        USAGE: crudkit compare [--backends LIST] [--rules PREFIX] [--format text|markdown|json]
                               [--timeout SECONDS] [--jobs N]
               crudkit compare --backends http://HOST:PORT/parse --wipe-remote [--remote-durable]
                               [--app-id ID] [--rest-key KEY] [--client-key KEY] [...]
               crudkit compare --mutants [--backends NAMES] [--format text|markdown|json]

        \(summary)
        Rules are rows, backends are columns; each cell is pass, FAIL or n/a (the rule needs
        something the backend does not declare, with the reason below the matrix).

        Any server that speaks the kit's Parse dialect can be a column too: a real Parse
        Server, a hosted one, or another crudkit serve. Name it by its URL in --backends. The
        suite deletes every Task and Contact on that server before and after each check, so
        it runs only with --wipe-remote, and its checks run one at a time. The server keeps its
        own time, so rules that set the time are n/a there, and the reopen rules are n/a
        unless --remote-durable says the server keeps what it stored.

        OPTIONS:
          --backends LIST   Comma-separated backends (default: all: \(BuiltInBackends.names.joined(separator: ", "))),
                            and URLs of Parse servers.
          --rules PREFIX    Only rules whose ID starts with PREFIX, for example TASK-READ.
          --format FORMAT   text (default), markdown or json.
          --timeout SECONDS How long one check may run before it fails (default: 120).
          --jobs N          How many checks run at once (default: 8).
          --mutants         Run the suite on every deliberately broken backend instead, and print
                            the mutation score of each catalogue: how many of them a rule aimed
                            at them catches. With --backends, only the mutants of those names.
          --wipe-remote     Allow the suite to delete every Task and Contact on the servers named
                            by URL. Required with a URL.
          --remote-durable  Those servers keep what they stored across a new connection: run the
                            reopen rules on them.
        \(ParseKeysOption.help)
          --help            Show this help.

        EXIT STATUS:
          0   every applicable rule passed on every backend
          1   a backend broke a rule
          64  the command line is wrong
          69  a server named by URL cannot be reached, refused the keys, or failed
        """
    }

    let backends: [Backend]
    /// The servers named by URL, checked before the suite starts.
    let remotes: [HTTPStore.Configuration]
    let rules: [Rule]
    let format: String
    let runner: ConformanceRunner
    let mutants: Bool

    init(arguments words: [String], catalogue: [Backend], environment: [String: String] = [:]) throws(UsageError) {
        var arguments = Arguments(words)
        format = try arguments.choice("format", among: ["text", "markdown", "json"], default: "text")
        mutants = arguments.flag("mutants")
        let wipeRemote = arguments.flag("wipe-remote")
        let remoteDurable = arguments.flag("remote-durable")
        let keys = try ParseKeysOption(&arguments)
        let catalogue = mutants ? Mutant.all.map(\.backend) : catalogue
        let names = catalogue.map(\.name)
        var remotes: [HTTPStore.Configuration] = []
        if let list = try arguments.option("backends") {
            var chosen: [Backend] = []
            for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
                guard !chosen.contains(where: { $0.name == name }) else { continue }
                if let url = Self.serverURL(name) {
                    guard !mutants else {
                        throw UsageError("--mutants runs the kit's own broken backends; a server URL has no place there.")
                    }
                    // Two names for one server would run two checks on it at once, each
                    // deleting what the other made.
                    if let same = remotes.first(where: { Self.sameServer($0.baseURL, url) }) {
                        throw UsageError("\(name) and \(same.baseURL.absoluteString) are the same server; name it once.")
                    }
                    let configuration = keys.configuration(baseURL: url, environment: environment)
                    remotes.append(configuration)
                    chosen.append(RemoteParseBackend.backend(configuration, durable: remoteDurable))
                    continue
                }
                guard let backend = catalogue.first(where: { $0.name == name }) else {
                    throw .unknown("backend", name, among: names)
                }
                chosen.append(backend)
            }
            guard !chosen.isEmpty else { throw UsageError("--backends needs at least one backend name.") }
            backends = chosen
        } else {
            backends = catalogue
        }
        if !remotes.isEmpty, !wipeRemote {
            throw UsageError(
                "The suite deletes every Task and Contact on \(remotes.map(\.baseURL.absoluteString).joined(separator: " and ")) "
                    + "before and after each check. Add --wipe-remote to allow it, and point it only at a server that holds nothing else.")
        }
        if remotes.isEmpty, wipeRemote || remoteDurable {
            throw UsageError("--wipe-remote and --remote-durable are for servers named by URL in --backends, and none is.")
        }
        self.remotes = remotes
        if let prefix = try arguments.option("rules") {
            rules = Rules.all.filter { $0.id.hasPrefix(prefix.uppercased()) }
            guard !rules.isEmpty else { throw .unknown("rule prefix", prefix, among: Rules.areas.map(\.id)) }
        } else {
            rules = Rules.all
        }
        var runner = ConformanceRunner()
        if let value = try arguments.option("timeout") {
            guard let seconds = Double(value), seconds > 0 else {
                throw UsageError("--timeout needs a positive number of seconds, not '\(value)'.")
            }
            runner.timeout = .milliseconds(Int64(seconds * 1_000))
        }
        if let value = try arguments.option("jobs") {
            guard let jobs = Int(value), jobs > 0 else { throw UsageError("--jobs needs a positive whole number, not '\(value)'.") }
            runner.maxConcurrentChecks = jobs
        }
        self.runner = runner
        try arguments.finish(knownOptions: Self.options)
    }

    func run(console: any Console) async throws -> ExitCode {
        if mutants {
            let report = await MutationReport.run(runner: runner, names: Set(backends.map(\.name)), console: console)
            switch format {
            case "json": console.out(try Render.json(report))
            case "markdown": console.out(report.markdown())
            default: console.out(report.text())
            }
            return report.caught == report.total ? .success : .failure
        }
        for remote in remotes {
            if let problem = await Self.problem(reaching: remote) {
                console.err("crudkit compare: \(remote.baseURL.absoluteString) cannot be checked: \(problem)\n")
                return .serviceUnavailable
            }
        }
        console.err("Checking \(rules.count) rules on \(backends.map(\.name).joined(separator: ", "))…\n")
        let results = await runner.run(rules, on: backends)
        let report = ComparisonReport(rules: rules, backends: backends, results: results)
        switch format {
        case "json": console.out(try report.json())
        case "markdown": console.out(report.markdown())
        default: console.out(report.text())
        }
        return report.allPassed ? .success : .failure
    }

    /// The URL of a server, when a `--backends` entry is one.
    private static func serverURL(_ text: String) -> URL? {
        let scheme = text.prefix(8).lowercased()
        guard scheme.hasPrefix("http://") || scheme.hasPrefix("https://"), let url = URL(string: text), url.host != nil else { return nil }
        return url
    }

    /// Whether two URLs name one API: the same scheme, host and port (the default one when
    /// none is given), and the same path but for a final slash. Another name for the same
    /// machine (`localhost` and `127.0.0.1`) is not seen.
    private static func sameServer(_ lhs: URL, _ rhs: URL) -> Bool {
        func key(_ url: URL) -> String {
            let scheme = url.scheme?.lowercased() ?? "http"
            let port = url.port ?? (scheme == "https" ? 443 : 80)
            var path = url.path
            while path.hasSuffix("/") { path.removeLast() }
            return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)\(path)"
        }
        return key(lhs) == key(rhs)
    }

    /// Why the suite cannot use the server, found with one count of its tasks before the
    /// first check: otherwise every rule would fail with the same error.
    private static func problem(reaching configuration: HTTPStore.Configuration) async -> String? {
        var configuration = configuration
        configuration.maxAttempts = 2
        let store = HTTPStore(configuration: configuration)
        let problem: String?
        do {
            _ = try await store.countTasks(TaskQuery())
            problem = nil
        } catch let error as CRUDError {
            problem =
                error == .unauthorized
                ? "\(error.message) Give its application id and key with --app-id and --rest-key or --client-key."
                : error.message
        } catch {
            problem = "\(error)"
        }
        try? await store.close()
        return problem
    }
}
