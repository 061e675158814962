import CPseudoTerminal
import ProcessLifetime

#if canImport(Glibc)
    import Glibc
#endif

/// A child process on a pseudo-terminal: started with a cleaned
/// environment, always reaped (with its resource usage) and its pty closed.
///
/// The program leads its own session and process group (forkpty), and ending
/// it ends the group: SIGHUP (and SIGCONT, so a stopped group hears it), then
/// SIGKILL after a grace period, so a background job or a child that ignores
/// SIGHUP does not run on under init. Until it is reaped the program is in
/// ProcessLifetime's registry (framebench's SIGINT, SIGTERM and SIGHUP end
/// its group), and a guard process in its group kills the group if
/// framebench itself is killed.
final class PseudoTerminalChild {
    let pid: pid_t
    private(set) var master: Int32
    private(set) var exit: ProgramExit?
    private(set) var usage = rusage()
    /// The write end of the guard's pipe: closing it kills what is left of the group.
    private var lifeline: Int32
    /// The registration in ProcessLifetime's table (-1: none).
    private var slot: Int32

    /// What the program is doing now, from the harness's side.
    enum State: Equatable {
        case running
        /// Stopped by a signal (SIGSTOP, SIGTSTP...): it reads nothing until continued.
        case stopped(signal: Int32)
        case exited(ProgramExit)
    }

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
            var info = stat()
            guard stat(name, &info) == 0 else { throw .commandNotExecutable(name, reason: "does not exist") }
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                throw .commandNotExecutable(name, reason: "is not a regular file")
            }
            guard access(name, X_OK) == 0 else { throw .commandNotExecutable(name, reason: "is not executable") }
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
        var lifeline: Int32 = -1
        var slot: Int32 = -1
        let label = "program \(command.joined(separator: " ").prefix(160))"
        let code = framebench_pty_spawn(
            path, arguments, variables, label, UInt16(cols), UInt16(rows), &master, &pid, &lifeline, &slot)
        guard code == 0 else { throw .cannotStart(command: name, errno: code) }
        self.master = master
        self.pid = pid
        self.lifeline = lifeline
        self.slot = slot
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
        if result == pid { reaped(status) }
        return exit != nil
    }

    /// Whether the program runs, stopped itself or exited (reaped then),
    /// without waiting. A program can exit while something it started still
    /// holds the pty (no end-of-file on the master), or stop itself: then
    /// the only bytes left are the terminal's echo of our keys, and the
    /// runner must say so instead of timing them as frames.
    func state() -> State {
        if let exit { return .exited(exit) }
        var status: Int32 = 0
        let result = wait4(pid, &status, WNOHANG | WUNTRACED, &usage)
        guard result == pid else { return .running }
        if status & 0xFF == 0x7F { return .stopped(signal: (status >> 8) & 0xFF) }
        reaped(status)
        return exit.map { .exited($0) } ?? .running
    }

    /// Hangs up (closes the pty, as a closed terminal window does, and
    /// sends SIGHUP and SIGCONT to the program's group), waits up to `grace`
    /// ns for the program, then SIGKILL to the group; always reaps the
    /// program and kills what is left of its group (members that ignore
    /// SIGHUP, or outlived the program).
    func terminate(grace: UInt64 = 1_000_000_000) {
        if master >= 0 {
            close(master)
            master = -1
        }
        defer { endGroup() }
        guard !poll() else { return }
        kill(-pid, SIGHUP)
        kill(-pid, SIGCONT)
        let deadline = monotonicNanoseconds() + grace
        while monotonicNanoseconds() < deadline {
            if poll() { return }
            usleep(5_000)
        }
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while true {
            let result = wait4(pid, &status, 0, &usage)
            if result == pid {
                reaped(status)
                return
            }
            if result < 0 && errno != EINTR { return }
        }
    }

    /// The group's stragglers get SIGKILL (the guard's pipe closed does the
    /// same, and ends the guard); the registration goes.
    private func endGroup() {
        // Once only: later the group's number may belong to someone else.
        guard lifeline >= 0 else { return }
        kill(-pid, SIGKILL)
        close(lifeline)
        lifeline = -1
        framebench_lifetime_unregister(slot)
        slot = -1
    }

    private func reaped(_ status: Int32) {
        exit = Self.decode(status)
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
