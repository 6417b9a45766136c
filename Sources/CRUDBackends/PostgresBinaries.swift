import ChildProcesses
import Foundation

/// The folder that holds the PostgreSQL server's programs (`initdb`, `pg_ctl`, `postgres`,
/// `createdb`, `psql`): where the kit starts a throwaway cluster from.
///
/// ```swift
/// switch PostgresBinaries.locate() {
/// case .success(let binaries): print(binaries.tool("initdb"))
/// case .failure(let unavailable): print(unavailable)  // says how to install them
/// }
/// ```
public struct PostgresBinaries: Sendable, Equatable {
    /// The folder, with symbolic links resolved (so `createdb` is looked up beside the real `initdb`).
    public let folder: String

    /// Binaries in `folder`, which must hold `initdb` and `pg_ctl`.
    public init(folder: String) { self.folder = folder }

    /// The path of the program `name` in ``folder``.
    public func tool(_ name: String) -> String { folder + "/" + name }

    /// Where to look besides `PATH`: the places packagers put the programs. Each can be
    /// changed, so a test can make a machine without them.
    public struct Places: Sendable {
        /// Folders holding one folder per major version, each with a `bin` (Debian and Ubuntu:
        /// `/usr/lib/postgresql/15/bin`, not on `PATH`).
        public var versionFolders: [String]
        /// Folders holding Homebrew's `postgresql@16` and the like, each with a `bin`.
        public var homebrewFolders: [String]
        /// Folders tried last, as they are (Postgres.app's newest version).
        public var lastResorts: [String]

        /// The places above on Debian, Ubuntu, Homebrew (Apple silicon and Intel) and Postgres.app.
        public static let standard = Places(
            versionFolders: ["/usr/lib/postgresql"], homebrewFolders: ["/opt/homebrew/opt", "/usr/local/opt"],
            lastResorts: ["/Applications/Postgres.app/Contents/Versions/latest/bin"])

        /// Places as given.
        public init(versionFolders: [String], homebrewFolders: [String], lastResorts: [String]) {
            self.versionFolders = versionFolders
            self.homebrewFolders = homebrewFolders
            self.lastResorts = lastResorts
        }
    }

    /// Finds the programs: `initdb` on `PATH` (of `environment`), else `pg_config --bindir`, else
    /// the newest version of ``Places/versionFolders``, else the newest Homebrew
    /// `postgresql@N`, else ``Places/lastResorts``. A folder counts only when it holds both
    /// `initdb` and `pg_ctl`. When none does, the failure says how to install them.
    @available(*, noasync, message: "it waits for a child process; call it with offThePool")
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment, places: Places = .standard
    ) -> Result<PostgresBinaries, PostgresUnavailable> {
        let path = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        var candidates = path.map { folder in realFolder(of: folder + "/initdb") }
        if let pgConfig = path.map({ $0 + "/pg_config" }).first(where: FileManager.default.isExecutableFile(atPath:)) {
            candidates.append(bindir(reportedBy: pgConfig))
        }
        candidates += places.versionFolders.flatMap { parent in newestFirst(in: parent, prefix: "").map { parent + "/" + $0 + "/bin" } }
        candidates += places.homebrewFolders.flatMap { parent in
            newestFirst(in: parent, prefix: "postgresql@").map { parent + "/" + $0 + "/bin" }
        }
        candidates += places.lastResorts
        let found = candidates.compactMap { $0 }.first { folder in
            ["initdb", "pg_ctl"].allSatisfy { FileManager.default.isExecutableFile(atPath: folder + "/" + $0) }
        }
        guard let found else { return .failure(.missingBinaries) }
        return .success(PostgresBinaries(folder: realFolder(of: found + "/initdb") ?? found))
    }

    /// The folder of the file at `path` once every symbolic link is followed; nil when no file is there.
    private static func realFolder(of path: String) -> String? {
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent().path
    }

    /// What `pg_config --bindir` prints, or nil when it fails.
    private static func bindir(reportedBy pgConfig: String) -> String? {
        guard let child = try? ChildProcess(pgConfig, ["--bindir"], options: .init(errors: .nullDevice)) else { return nil }
        let (ending, out, _) = child.finish()
        let folder = out.trimmingCharacters(in: .whitespacesAndNewlines)
        return ending == .exited(0) && !folder.isEmpty ? folder : nil
    }

    /// The entries of `parent` named `prefix` and a version ("15", "9.6"), newest first.
    static func newestFirst(in parent: String, prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        let versioned: [(name: String, version: [Int])] = names.compactMap { name in
            guard name.hasPrefix(prefix) else { return nil }
            let parts = name.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
            return (name, parts.compactMap { $0 })
        }
        return versioned.sorted { $0.version.lexicographicallyPrecedes($1.version) }.reversed().map(\.name)
    }
}

/// Why the kit has no PostgreSQL server to check: no `CRUDKIT_POSTGRES_URL`, and no server
/// programs to start one with, or a start that failed. Its description says what to do.
public struct PostgresUnavailable: Error, CustomStringConvertible, Sendable, Equatable {
    /// The reason, with what to do about it.
    public let description: String

    /// A reason as given.
    public init(description: String) { self.description = description }

    /// No `CRUDKIT_POSTGRES_URL` and no `initdb` and `pg_ctl` anywhere the kit looks.
    public static let missingBinaries = PostgresUnavailable(
        description: """
            PostgreSQL: CRUDKIT_POSTGRES_URL is not set and the server programs (initdb, pg_ctl) were not found \
            on PATH, through pg_config --bindir, in /usr/lib/postgresql/*/bin, Homebrew's postgresql@* or Postgres.app. \
            Install them (Debian/Ubuntu: apt-get install postgresql; macOS: brew install postgresql@16, or Postgres.app \
            from https://postgresapp.com) so the kit starts a throwaway server itself, or set CRUDKIT_POSTGRES_URL to a \
            libpq connection string or postgres:// URL of a server to use.
            """)
}
