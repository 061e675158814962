import CPseudoTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// A child process on a pseudo-terminal: started with a cleaned
/// environment, always reaped (with its resource usage) and its pty closed.
final class PseudoTerminalChild {
    let pid: pid_t
    private(set) var master: Int32
    private(set) var exit: ProgramExit?
    private(set) var usage = rusage()

    /// The environment a program gets: PATH, HOME, USER, TMPDIR and LANG
    /// from ours (LANG defaults to C.UTF-8), TERM as given, nothing else,
    /// so the shell's variables (COLUMNS, LINES, COLORTERM...) cannot change
    /// what the program draws.
    static func environment(term: String, extra: [String: String]) -> [String: String] {
        var environment: [String: String] = ["TERM": term, "LANG": "C.UTF-8"]
        for name in ["PATH", "HOME", "USER", "TMPDIR", "LANG"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        if environment["PATH"] == nil { environment["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        environment.merge(extra) { $1 }
        return environment
    }

    /// The executable for `name`: as given when it has a `/`, else the first on PATH.
    static func resolve(_ name: String, path: String) throws(ProgramError) -> String {
        if name.contains("/") {
            guard access(name, X_OK) == 0 else { throw .commandNotFound(name) }
            return name
        }
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        throw .commandNotFound(name)
    }

    init(command: [String], cols: Int, rows: Int, environment: [String: String]) throws(ProgramError) {
        guard let name = command.first else { throw .emptyCommand }
        let path = try Self.resolve(name, path: environment["PATH"] ?? "")
        let arguments = command.map { strdup($0) } + [nil]
        let variables = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var master: Int32 = -1
        var pid: pid_t = 0
        let code = framebench_pty_spawn(path, arguments, variables, UInt16(cols), UInt16(rows), &master, &pid)
        guard code == 0 else { throw .cannotStart(command: name, errno: code) }
        self.master = master
        self.pid = pid
    }

    deinit {
        terminate()
    }

    /// Whether the child has exited (reaps it if so).
    @discardableResult
    func poll() -> Bool {
        guard exit == nil else { return true }
        var status: Int32 = 0
        let result = wait4(pid, &status, WNOHANG, &usage)
        if result == pid { exit = Self.decode(status) }
        return exit != nil
    }

    /// Hangs up (closes the pty, as a closed terminal window does: SIGHUP),
    /// waits up to `grace` ns, then SIGKILL; always reaps the child.
    func terminate(grace: UInt64 = 1_000_000_000) {
        if master >= 0 {
            close(master)
            master = -1
        }
        guard !poll() else { return }
        kill(pid, SIGHUP)
        kill(pid, SIGCONT)
        let deadline = monotonicNanoseconds() + grace
        while monotonicNanoseconds() < deadline {
            if poll() { return }
            usleep(5_000)
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while true {
            let result = wait4(pid, &status, 0, &usage)
            if result == pid {
                exit = Self.decode(status)
                return
            }
            if result < 0 && errno != EINTR { return }
        }
    }

    func resize(cols: Int, rows: Int) throws(ProgramError) {
        let code = framebench_pty_resize(master, UInt16(cols), UInt16(rows))
        guard code == 0 else { throw .io("resizing the pty", errno: code) }
    }

    private static func decode(_ status: Int32) -> ProgramExit {
        let signal = status & 0x7F
        return signal == 0 ? .status((status >> 8) & 0xFF) : .signal(signal)
    }
}

/// Nanoseconds on the monotonic clock.
public func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
