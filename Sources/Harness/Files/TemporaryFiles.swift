#if canImport(Glibc)
import Glibc
#endif

/// Temporary files that a signal must not leave behind.
///
/// While a file is registered, SIGINT, SIGTERM and SIGHUP remove it and then
/// end the process as the signal would have. The paths are kept as C strings
/// in a fixed table so the handler only calls `unlink`, `signal` and `raise`,
/// which are async-signal-safe. Handlers are installed only where the signal
/// still has its default action: live mode's own handlers, and signals a
/// shell set to be ignored (`nohup`), stay as they are.
enum TemporaryFiles {
    private static let capacity = 8
    nonisolated(unsafe) private static let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()
    nonisolated(unsafe) private static var installed = false

    /// Registers `path`; the returned slot unregisters it.
    static func register(_ path: String) -> Int? {
        installHandlers()
        for slot in 0..<capacity where table[slot] == nil {
            table[slot] = strdup(path)
            return slot
        }
        return nil  // more than `capacity` at once: still written, only not cleaned up on a signal
    }

    static func unregister(_ slot: Int?) {
        guard let slot, let path = table[slot] else { return }
        table[slot] = nil
        free(path)
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

    private static func installHandlers() {
        guard !installed else { return }
        installed = true
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            sigaction(number, nil, &current)
            guard current.__sigaction_handler.sa_handler == nil else { continue }  // nil is SIG_DFL
            var action = sigaction()
            action.__sigaction_handler.sa_handler = onSignal
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }

    private static let onSignal: @convention(c) (Int32) -> Void = { number in
        for slot in 0..<TemporaryFiles.capacity {
            if let path = TemporaryFiles.table[slot] { unlink(path) }
        }
        signal(number, SIG_DFL)
        raise(number)  // delivered when the handler returns: the process ends as the signal meant
    }
}
