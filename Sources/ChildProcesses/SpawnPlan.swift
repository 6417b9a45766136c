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
        case .nullDevice: addNullDevice(0)
        case .inherited: break
        case .pipe: inputEnd = try addPipe(0)
        }
        switch options.output {
        case .nullDevice: addNullDevice(1)
        case .inherited: break
        case .pipe: outputEnd = try addPipe(1)
        }
        switch options.errors {
        case .nullDevice: addNullDevice(2)
        case .inherited: break
        case .output: posix_spawn_file_actions_adddup2(&actions, 1, 2)
        case .pipe: errorEnd = try addPipe(2)
        }
    }

    /// The child's descriptor `target` (0, 1 or 2) on /dev/null.
    private mutating func addNullDevice(_ target: Int32) {
        posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
    }

    /// The child's descriptor `target` on a new pipe: it reads its input from one, writes its
    /// output and errors into one. Returns this process's end.
    private mutating func addPipe(_ target: Int32) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SpawnError(description: "could not make a pipe: \(String(cString: strerror(errno)))") }
        // Both ends close-on-exec, so no other child this process starts inherits them.
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let (childEnd, parentEnd) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
        childEnds.append(childEnd)
        posix_spawn_file_actions_adddup2(&actions, childEnd, target)
        return parentEnd
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
