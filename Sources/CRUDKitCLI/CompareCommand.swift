import CRUDBackends
import CRUDConformance
import CRUDHTTP
import CRUDMutants
import CRUDSpec
import Foundation

/// `crudkit compare`: the whole suite on every chosen backend, side by side.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "compare", summary: "Run the conformance suite on every backend and print the side-by-side matrix.",
        usage: """
            crudkit compare [--backends LIST] [--rules PREFIX] [--format text|markdown|json|html]
                                   [--timeout SECONDS] [--jobs N]
                   crudkit compare --backends http://HOST:PORT/parse --wipe-remote [--remote-durable]
                                   [--app-id ID] [--rest-key KEY] [--client-key KEY] [...]
                   crudkit compare --mutants [--backends NAMES] [--format text|markdown|json]
            """,
        discussion: """
            Rules are rows, backends are columns; each cell is pass, FAIL or n/a (the rule needs
            something the backend does not declare, with the reason below the matrix).

            Any server that speaks the kit's Parse dialect can be a column too: a real Parse
            Server, a hosted one, or another crudkit serve. Name it by its URL in --backends. The
            suite deletes every Task and Contact on that server before and after each check, so
            it runs only with --wipe-remote, and its checks run one at a time. The server keeps its
            own time, so rules that set the time are n/a there, and the reopen rules are n/a
            unless --remote-durable says the server keeps what it stored.
            """,
        exitStatuses: [
            (.success, "every applicable rule passed on every backend"), (.failure, "a backend broke a rule"),
            (.usage, "the command line is wrong"),
            (.serviceUnavailable, "a server named by URL cannot be reached, refused the keys, or failed"),
        ])

    @Option(
        "backends", value: "LIST",
        help: "Comma-separated backends (default: all: \(BuiltInBackends.names.joined(separator: ", "))),\nand URLs of Parse servers.")
    var backends: String?
    @Option("rules", value: "PREFIX", help: "Only rules whose ID starts with PREFIX, for example TASK-READ.") var rules: String?
    @Option(
        "format", value: "FORMAT", help: "text (default), markdown, json, or html (the matrix as one page;\nnot with --mutants).",
        parser: .reportFormat)
    var format = "text"
    @Option("timeout", value: "SECONDS", help: "How long one check may run before it fails (default: 120).", parser: .positiveSeconds)
    var timeout: Duration?
    @Option("jobs", value: "N", help: "How many checks run at once (default: 8).", parser: .positiveWholeNumber) var jobs: Int?
    @Flag(
        "mutants",
        help: """
            Run the suite on every deliberately broken backend instead, and print
            the mutation score of each catalogue: how many of them a rule aimed
            at them catches. With --backends, only the mutants of those names.
            """)
    var mutants: Bool
    @Flag("wipe-remote", help: "Allow the suite to delete every Task and Contact on the servers named\nby URL. Required with a URL.")
    var wipeRemote: Bool
    @Flag(
        "remote-durable", help: "Those servers keep what they stored across a new connection: run the\nreopen rules on them.")
    var remoteDurable: Bool
    var keys = ParseKeysOption()

    /// What one run checks: the backends, the servers among them, the rules and the runner.
    struct Plan {
        var backends: [Backend]
        /// The servers named by URL, checked before the suite starts.
        var remotes: [HTTPStore.Configuration] = []
        var rules: [Rule]
        var runner = ConformanceRunner()
    }

    /// The plan these arguments ask for, with the backends chosen from `catalogue`.
    func plan(catalogue: [Backend], environment: [String: String]) throws(UsageError) -> Plan {
        if mutants, format == "html" {
            throw UsageError("--format html draws the matrix of a run; with --mutants, use text, markdown or json.")
        }
        let catalogue = mutants ? Mutant.all.map(\.backend) : catalogue
        var plan = Plan(backends: catalogue, rules: Rules.all)
        if let backends {
            plan.backends = []
            for entry in try BackendList.parse(backends, among: catalogue, servers: true) {
                switch entry {
                case .backend(let backend):
                    plan.backends.append(backend)
                case .server(let url, let name):
                    guard !mutants else {
                        throw UsageError("--mutants runs the kit's own broken backends; a server URL has no place there.")
                    }
                    // Two names for one server would run two checks on it at once, each
                    // deleting what the other made.
                    if let same = plan.remotes.first(where: { Self.sameServer($0.baseURL, url) }) {
                        throw UsageError("\(name) and \(same.baseURL.absoluteString) are the same server; name it once.")
                    }
                    let configuration = keys.configuration(baseURL: url, environment: environment)
                    plan.remotes.append(configuration)
                    plan.backends.append(RemoteParseBackend.backend(configuration, durable: remoteDurable))
                }
            }
        }
        if !plan.remotes.isEmpty, !wipeRemote {
            throw UsageError(
                "The suite deletes every Task and Contact on \(plan.remotes.map(\.baseURL.absoluteString).joined(separator: " and ")) "
                    + "before and after each check. Add --wipe-remote to allow it, and point it only at a server that holds nothing else.")
        }
        if plan.remotes.isEmpty, wipeRemote || remoteDurable {
            throw UsageError("--wipe-remote and --remote-durable are for servers named by URL in --backends, and none is.")
        }
        if let prefix = rules {
            plan.rules = Rules.all.filter { $0.id.hasPrefix(prefix.uppercased()) }
            guard !plan.rules.isEmpty else { throw .unknown("rule prefix", prefix, among: Rules.areas.map(\.id)) }
        }
        if let timeout { plan.runner.timeout = timeout }
        if let jobs { plan.runner.maxConcurrentChecks = jobs }
        return plan
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let plan = try plan(catalogue: context.backends, environment: context.environment)
        let console = context.console
        let runner = plan.runner
        if mutants {
            let report = await MutationReport.run(runner: runner, names: Set(plan.backends.map(\.name)), console: console)
            switch format {
            case "json": console.out(try Render.json(report))
            case "markdown": console.out(report.markdown())
            default: console.out(report.text())
            }
            return report.caught == report.total ? .success : .failure
        }
        for remote in plan.remotes {
            if let problem = await Self.problem(reaching: remote) {
                console.err("crudkit compare: \(remote.baseURL.absoluteString) cannot be checked: \(problem)\n")
                return .serviceUnavailable
            }
        }
        console.err("Checking \(plan.rules.count) rules on \(plan.backends.map(\.name).joined(separator: ", "))…\n")
        let results = await runner.run(plan.rules, on: plan.backends)
        let report = ComparisonReport(rules: plan.rules, backends: plan.backends, results: results)
        switch format {
        case "json": console.out(try report.json())
        case "markdown": console.out(report.markdown())
        case "html": console.out(report.html())
        default: console.out(report.text())
        }
        return report.allPassed ? .success : .failure
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
