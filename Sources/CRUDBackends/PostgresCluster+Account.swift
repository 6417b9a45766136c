import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PostgresCluster {
    /// The operating-system user the server's programs run as. `initdb` and `postgres` refuse
    /// to run as root, and CI runs as root: then they run as `postgres` (or `nobody`) through
    /// `runuser` (or `su`). Our process still connects over the socket as the cluster's
    /// superuser, with its password, whatever its own user.
    struct Account: Sendable {
        /// The user's name, or nil for this process's own user.
        let name: String?
        let uid: uid_t
        let gid: gid_t
        /// The program that switches to the user: `runuser` or `su`.
        let switcher: String?

        /// This process's user, unless it is root: then `postgres` if that user exists, else `nobody`.
        static func forServer() throws(PostgresUnavailable) -> Account {
            guard geteuid() == 0 else { return Account(name: nil, uid: geteuid(), gid: getegid(), switcher: nil) }
            let folders = ["/usr/sbin", "/sbin", "/usr/bin", "/bin"]
            let switcher = ["runuser", "su"].lazy.flatMap { name in folders.map { $0 + "/" + name } }
                .first(where: FileManager.default.isExecutableFile(atPath:))
            guard let switcher else {
                throw PostgresUnavailable(
                    description: "PostgreSQL: this process runs as root, where initdb refuses to run, and neither runuser nor su was found "
                        + "to run it as another user; run as an ordinary user or set CRUDKIT_POSTGRES_URL.")
            }
            for name in ["postgres", "nobody"] {
                if let entry = getpwnam(name) {
                    return Account(name: name, uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid, switcher: switcher)
                }
            }
            throw PostgresUnavailable(
                description: "PostgreSQL: this process runs as root, where initdb refuses to run, and there is no 'postgres' or 'nobody' "
                    + "user to run it as; run as an ordinary user or set CRUDKIT_POSTGRES_URL.")
        }

        /// Gives the user `folder`, so the server can write its files and socket there.
        func own(_ folder: String) throws(PostgresUnavailable) {
            guard name != nil else { return }
            guard chown(folder, uid, gid) == 0 else {
                throw PostgresUnavailable(
                    description: "PostgreSQL: could not give \(folder) to \(name ?? ""): \(String(cString: strerror(errno)))")
            }
        }

        /// The command line that runs `arguments` as this user.
        func command(_ arguments: [String]) -> [String] {
            guard let name, let switcher else { return arguments }
            if switcher.hasSuffix("runuser") { return [switcher, "-u", name, "--"] + arguments }
            // su takes one shell command: each argument single-quoted.
            let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            return [switcher, "-s", "/bin/sh", name, "-c", quoted]
        }
    }
}
