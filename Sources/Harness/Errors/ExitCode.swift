/// What `framebench`'s exit status says. `FrameBenchCommand.exitCode(for:)`
/// is the one place an error becomes one; a signal that ends framebench
/// gives 128 + the signal, as a shell reports it.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Done; for `check` and `compare`, every budget holds and nothing regressed.
    case success = 0
    /// A budget or regression check failed, a run failed (a program that
    /// hung or exited early), or output could not be written.
    case failed = 1
    /// Bad usage or input, which the user can fix: the message names it.
    case usage = 2
    /// framebench itself failed: a child process of its own crashed or
    /// answered unreadably, or a tool it runs failed (`InternalFailure`).
    case internalFailure = 3
}
