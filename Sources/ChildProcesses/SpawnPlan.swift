import CProcessControl

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `posix_spawn` is told for one child: its file actions and attributes, and the pipes
/// made for it (the child's ends, closed here once it has started; this process's ends).
struct SpawnPlan {
    #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
    #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
    #endif
    private(set) var inputEnd: Int32?
    private(set) var outputEnd: Int32?
    private(set) var errorEnd: Int32?
    private var childEnds: [Int32] = []

    init(_ options: ChildProcess.Options) throws {
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        do {
            try addStreams(options)
            try addDirectory(options.directory)
        } catch {
            closeChildEnds()
            closeParentEnds()
            release()
            throw error
        }
        // Nothing else of this process crosses into the child: not a file, not another
        // child's pipe. (The pipes are close-on-exec too, where closing from 3 is not supported.)
        if crudkit_spawn_close_from(&actions, 3) != 0 {
            for fd in childEnds + [inputEnd, outputEnd, errorEnd].compactMap({ $0 }) where fd > 2 {
                posix_spawn_file_actions_addclose(&actions, fd)
            }
        }
        setAttributes(options)
    }

    private mutating func addStreams(_ options: ChildProcess.Options) throws {
        switch options.input {
        case .nullDevice: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .inherited: break
        case .pipe:
            let (read, write) = try makePipe()
            (inputEnd, childEnds) = (write, childEnds + [read])
            posix_spawn_file_actions_adddup2(&actions, read, 0)
        }
        switch options.output {
        case .nullDevice: posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        case .inherited: break
        case .pipe:
            let (read, write) = try makePipe()
            (outputEnd, childEnds) = (read, childEnds + [write])
            posix_spawn_file_actions_adddup2(&actions, write, 1)
        }
        switch options.errors {
        case .nullDevice: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .inherited: break
        case .output: posix_spawn_file_actions_adddup2(&actions, 1, 2)
        case .pipe:
            let (read, write) = try makePipe()
            (errorEnd, childEnds) = (read, childEnds + [write])
            posix_spawn_file_actions_adddup2(&actions, write, 2)
        }
    }

    private mutating func addDirectory(_ directory: String?) throws {
        guard let directory else { return }
        let status = crudkit_spawn_change_directory(&actions, directory)
        guard status == 0 else {
            let reason = status > 0 ? String(cString: strerror(status)) : "this system cannot start a program in another folder"
            throw SpawnError(description: "could not start a program in \(directory): \(reason)")
        }
    }

    private mutating func setAttributes(_ options: ChildProcess.Options) {
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if options.newProcessGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        // The spawning thread may block signals (a Dispatch worker does); the child must not.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in options.defaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(flags))
    }

    /// A pipe, both ends close-on-exec so no other child this process starts inherits them.
    private mutating func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SpawnError(description: "could not make a pipe: \(String(cString: strerror(errno)))") }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Closes the child's ends of the pipes: after the spawn, only the child holds them.
    mutating func closeChildEnds() {
        for fd in childEnds { _ = close(fd) }
        childEnds = []
    }

    /// Closes this process's ends, when the child could not be started.
    mutating func closeParentEnds() {
        for fd in [inputEnd, outputEnd, errorEnd].compactMap({ $0 }) { _ = close(fd) }
        (inputEnd, outputEnd, errorEnd) = (nil, nil, nil)
    }

    /// Frees the file actions and attributes.
    mutating func release() {
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
    }
}
