import Foundation
import ProcessLifetime

#if canImport(Glibc)
import Glibc
#endif

/// Temporary files and scratch folders that a signal must not leave behind.
///
/// A thin front of ProcessLifetime's registry, the one table of what
/// framebench must clean up (its children are in it too): while a path is
/// registered, SIGINT, SIGTERM and SIGHUP remove it (after ending the
/// children) and framebench exits 128 + the signal, saying what was cut
/// short. The table is fixed and the handler only makes async-signal-safe
/// calls. Handlers are installed only where the signal still has its default
/// action: live mode's own handlers, and signals a shell set to be ignored
/// (`nohup`), stay as they are.
public enum TemporaryFiles {
    /// Installs the handlers (where the signals have their default action);
    /// `activity` names what this process does, for the message. The
    /// executable calls it first thing; registering a path calls it too.
    public static func install(activity: String = "") {
        framebench_lifetime_install(activity)
    }

    /// Registers `path` (a file); the returned slot unregisters it.
    static func register(_ path: String) -> Int? {
        register(path, kind: Int32(FRAMEBENCH_LIFETIME_FILE), label: "")
    }

    /// Registers a scratch folder, removed with everything in it on a signal.
    static func registerFolder(_ path: String, label: String) -> Int? {
        register(path, kind: Int32(FRAMEBENCH_LIFETIME_TREE), label: label)
    }

    /// The name of a scratch folder `prefix` makes: it carries our pid, so a
    /// later framebench can tell a folder whose maker is gone (killed
    /// outright, SIGKILL: no handler ran) from one in use.
    static func scratchName(_ prefix: String) -> String {
        "\(prefix)-pid\(getpid())-\(UUID().uuidString)"
    }

    /// Removes the scratch folders named by `scratchName(prefix)` in
    /// `directory` whose maker no longer runs. Best effort: a folder that
    /// cannot be removed stays.
    static func removeAbandoned(_ prefix: String, in directory: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix("\(prefix)-pid") {
            let digits = name.dropFirst(prefix.count + 4).prefix { $0.isNumber }
            guard let pid = pid_t(digits), pid > 0, pid != getpid(),
                name.dropFirst(prefix.count + 4 + digits.count).hasPrefix("-")
            else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                _ = framebench_lifetime_remove_tree(directory.appendingPathComponent(name).path)
            }
        }
    }

    /// Registers a folder made for this run's output, removed on a signal if still empty.
    static func registerOutputFolder(_ path: String) -> Int? {
        register(path, kind: Int32(FRAMEBENCH_LIFETIME_EMPTY_FOLDER), label: "empty output folder")
    }

    private static func register(_ path: String, kind: Int32, label: String) -> Int? {
        install()
        let slot = framebench_lifetime_register_path(path, kind, label)
        return slot >= 0 ? Int(slot) : nil  // table full: still written, only not cleaned up on a signal
    }

    static func unregister(_ slot: Int?) {
        guard let slot else { return }
        framebench_lifetime_unregister(Int32(slot))
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back, so steps that
    /// belong together (renaming two files into place) finish before one of
    /// them ends the process.
    static func withSignalsHeld<T>(_ body: () throws -> T) rethrows -> T {
        var held = sigset_t()
        var previous = sigset_t()
        sigemptyset(&held)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&held, signal) }
        sigprocmask(SIG_BLOCK, &held, &previous)
        defer { sigprocmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
