/// Why counting instructions under callgrind failed. Each case is something
/// a user can fix (install a tool) or inspect (the child's stderr, the file).
public enum CallgrindError: Error, Equatable, CustomStringConvertible {
    /// `valgrind` is not on `PATH`.
    case valgrindMissing
    /// Neither `strip` nor `llvm-strip` is on `PATH`.
    case stripMissing
    /// `strip --strip-debug` failed on the executable.
    case stripFailed(executable: String, status: Int32, stderrTail: String)
    /// The child under valgrind exited with a nonzero status or a signal.
    case childFailed(status: Int32, stderrTail: String)
    /// The child exited but left no callgrind out file.
    case outputMissing(path: String)
    /// The callgrind out file does not read as the callgrind format.
    case outputCorrupt(path: String, reason: String)
    /// The executable to count could not be read or copied.
    case executableUnreadable(path: String, reason: String)
    /// A tool (valgrind, strip) could not be started.
    case launchFailed(tool: String, reason: String)
    /// A scratch or cache directory could not be written.
    case scratchUnwritable(path: String, reason: String)
    /// The callgrind out file could not be moved to where `keepOutput` asked.
    case keepOutputFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .valgrindMissing:
            "valgrind not found: install it (apt-get install valgrind)"
        case .stripMissing:
            "strip not found (needed to drop the debug info valgrind cannot read): install binutils (apt-get install binutils)"
        case .stripFailed(let executable, let status, let tail):
            "strip --strip-debug \(executable) failed with status \(status)\(Self.tail(tail))"
        case .childFailed(let status, let tail):
            "the counted child under callgrind failed with status \(status)\(Self.tail(tail))"
        case .outputMissing(let path):
            "callgrind wrote no output file at \(path)"
        case .outputCorrupt(let path, let reason):
            "callgrind output \(path) is not in the callgrind format: \(reason)"
        case .executableUnreadable(let path, let reason):
            "cannot copy the executable \(path) to count it: \(reason)"
        case .launchFailed(let tool, let reason):
            "cannot start \(tool): \(reason)"
        case .scratchUnwritable(let path, let reason):
            "cannot write temporary files in \(path): \(reason)"
        case .keepOutputFailed(let path, let reason):
            "cannot keep the callgrind output at \(path): \(reason)"
        }
    }

    private static func tail(_ text: String) -> String {
        text.isEmpty ? "" : "; its stderr ends with:\n\(text)"
    }
}
