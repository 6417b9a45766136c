import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything this process starts ends with it, however it ends: a normal exit, a trap, or a
/// SIGKILL that runs no code of ours.
///
/// The first time this process starts a child, it also starts a watchdog: a small shell that
/// reads a pipe whose only writer is this process, and never gets a byte. When this process
/// ends, the kernel closes the pipe, the watchdog's read ends, and it ends what is written in
/// this process's *ledger*, a file in `$TMPDIR/crudkit-lifelines`:
/// - every ``ChildProcess`` still running (SIGKILL, to its process group when it leads one),
///   unless it was started with ``ChildProcess/Options/outlivesThisProcess``;
/// - every tmux server named by ``holdTmuxServer(socket:)`` (`tmux -L … kill-server`).
///
/// Whatever is recorded ends, and only that: a process is known by its id *and* its start
/// time, so an id the system gave to another process since is left alone. Never by name. (A
/// process group is ended by its id when this process dies, at once; the sweep of a later
/// process ends it only while its leader still runs.)
///
/// A watchdog can die too (a whole process group killed at once). So the next process to
/// start one first sweeps the folder: the ledger of a process that no longer runs, whose
/// watchdog no longer runs either, is carried out the same way and removed.
public enum Lifeline {
    /// Records that this process started the tmux server on `socket` (`tmux -L socket`): it is
    /// killed when this process ends, unless ``releaseTmuxServer(socket:)`` says it was
    /// ended. Call it *before* starting the server, so no moment is left uncovered.
    ///
    /// Only names of letters, digits, `.`, `_` and `-` are recorded (the ledger is read word by
    /// word): another name is not held.
    public static func holdTmuxServer(socket: String) {
        guard isPlainName(socket) else { return }
        ledger?.add(key: "tmux:\(socket)", line: "tmux \(socket)")
    }

    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
            }
    }

    /// The tmux server on `socket` was ended by its owner.
    public static func releaseTmuxServer(socket: String) {
        ledger?.remove(key: "tmux:\(socket)")
    }

    /// Starts the watchdog, if it is not running yet: before the first child is spawned, so
    /// that no moment of it is uncovered.
    static func prepare() {
        _ = ledger
    }

    /// Records a child that was just started (see ``ChildProcess``); the key that releases it.
    static func hold(child pid: pid_t, leadsGroup: Bool) -> String? {
        guard let ledger else { return nil }
        let start = ProcessStart.of(pid) ?? "-"
        // Keyed by start time too: a later child that got the same id is another entry.
        let key = "pid:\(pid):\(start)"
        ledger.add(key: key, line: "\(leadsGroup ? "group" : "process") \(pid) \(start)")
        return key
    }

    /// The child recorded under `key` was reaped: it is no longer this process's to end.
    static func release(_ key: String) {
        ledger?.remove(key: key)
    }

    /// The folder of the ledgers, one per process that started children: this user's own
    /// (`crudkit-lifelines-UID`, which only its owner can read or write).
    public static var folder: String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/crudkit-lifelines-\(getuid())"
    }

    /// This process's ledger and watchdog, started with the first child; nil where neither
    /// could be made (the children then end as they would have without it).
    private static let ledger: Ledger? = Ledger.start()

    /// The watchdog's script. `watch LEDGER`: wait until standard input ends, then carry out
    /// the ledger. `sweep FOLDER`: carry out the ledgers whose owner and watchdog are both gone.
    /// A process is ended only if its start time still matches (where /proc tells it).
    static let script = #"""
        trap '' HUP INT TERM QUIT PIPE
        start_of() {
          stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
          rest=${stat##*) }
          set -- $rest
          shift 19
          echo "$1"
        }
        runs() {
          if [ -d /proc ]; then
            [ -n "$2" ] && [ "$2" != "-" ] && [ "$(start_of "$1")" = "$2" ]
          else
            [ "$late" != 1 ] && kill -0 "$1" 2>/dev/null
          fi
        }
        carry_out() {
          while read -r kind id start; do
            case $kind in
              process) if runs "$id" "$start"; then kill -s KILL "$id" 2>/dev/null; fi ;;
              group) if runs "$id" "$start" || [ "$late" != 1 ]; then kill -s KILL -- "-$id" 2>/dev/null; fi ;;
              tmux) tmux -L "$id" kill-server >/dev/null 2>&1 ;;
            esac
          done < "$1"
          rm -f "$1"
        }
        case $1 in
          watch)
            late=0
            while read -r _; do :; done
            [ -f "$2" ] && carry_out "$2"
            ;;
          sweep)
            late=1
            for ledger in "$2"/*.ledger; do
              [ -f "$ledger" ] || continue
              name=${ledger##*/}
              name=${name%.ledger}
              owner=${name%%-*}
              owner_start=${name#*-}
              if [ -d /proc ]; then
                runs "$owner" "$owner_start" && continue
              else
                kill -0 "$owner" 2>/dev/null && continue
              fi
              watchdog=$(sed -n 's/^watchdog //p' "$ledger")
              [ -n "$watchdog" ] && runs $watchdog && continue
              carry_out "$ledger"
              rm -f "$ledger.new"
            done
            ;;
        esac
        """#

    /// This process's ledger: the lines of what it holds, written whole at every change
    /// (a new file renamed over the old), so the watchdog never reads half a line.
    final class Ledger: @unchecked Sendable {
        let path: String
        private let lock = NSLock()
        // Guarded by `lock`: each held thing's line, by its key (the watchdog's own line is `header`).
        private var lines: [String: String] = [:]
        private let header: String
        /// Kept open, never written: our end of the watchdog's standard input.
        private let watchdog: ChildProcess

        private init(path: String, header: String, watchdog: ChildProcess) {
            self.path = path
            self.header = header
            self.watchdog = watchdog
        }

        static func start() -> Ledger? {
            let folder = Lifeline.folder
            // This user's alone: a folder another user made (or a link to one) is not used.
            _ = mkdir(folder, 0o700)
            var status = stat()
            guard lstat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, status.st_uid == getuid() else { return nil }
            sweep(folder)
            // Without /proc (macOS) the sweep asks whether the owner's id still runs.
            let path = "\(folder)/\(getpid())-\(ProcessStart.of(getpid()) ?? "0").ledger"
            let options = ChildProcess.Options(
                input: .pipe, output: .nullDevice, errors: .nullDevice, newProcessGroup: true, outlivesThisProcess: true)
            guard let watchdog = try? ChildProcess("/bin/sh", ["-c", script, "crudkit-lifeline", "watch", path], options: options)
            else { return nil }
            let ledger = Ledger(path: path, header: "watchdog \(watchdog.pid) \(ProcessStart.of(watchdog.pid) ?? "-")", watchdog: watchdog)
            ledger.lock.withLock { ledger.write() }
            return ledger
        }

        /// Carries out, in the background, the ledgers of processes that ended with no
        /// watchdog to do it.
        private static func sweep(_ folder: String) {
            guard
                let sweeper = try? ChildProcess(
                    "/bin/sh", ["-c", script, "crudkit-lifeline", "sweep", folder],
                    options: .init(
                        output: .nullDevice, errors: .nullDevice, outlivesThisProcess: true))
            else { return }
            Thread { sweeper.wait() }.start()
        }

        func add(key: String, line: String) {
            lock.withLock {
                lines[key] = line
                write()
            }
        }

        func remove(key: String) {
            lock.withLock {
                guard lines.removeValue(forKey: key) != nil else { return }
                write()
            }
        }

        /// Under `lock`.
        private func write() {
            let text = ([header] + lines.values.sorted()).joined(separator: "\n") + "\n"
            let temporary = path + ".new"
            guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else { return }
            _ = rename(temporary, path)
        }
    }
}

/// When a process started, as the system counts it: a process id and this together name one
/// process, never a later one that got the same id.
enum ProcessStart {
    /// The start time of `pid` (field 22 of /proc/PID/stat, in clock ticks since boot), or nil
    /// when it does not run or the system does not say (no /proc).
    static func of(_ pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // The name in parentheses may hold spaces and parentheses itself: count from after it.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : nil
    }
}
