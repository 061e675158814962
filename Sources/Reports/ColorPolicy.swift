import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Whether a report may colour its output: only on a terminal, never when
/// `NO_COLOR` is set to a non-empty value (no-color.org: an empty value does
/// not count), and never for `TERM=dumb`, which takes no escapes at all.
public enum ColorPolicy {
    /// The rule, given the facts: testable without a terminal.
    public static func allowsColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        guard isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// The rule for file descriptor `descriptor` in this process's environment.
    public static func allowsColor(on descriptor: Int32) -> Bool {
        allowsColor(isTerminal: isatty(descriptor) != 0, environment: ProcessInfo.processInfo.environment)
    }

    /// Whether any escape sequence (colour, a progress line's erase) may go
    /// to a terminal: not for `TERM=dumb`.
    public static func allowsEscapes(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["TERM"] != "dumb"
    }
}
