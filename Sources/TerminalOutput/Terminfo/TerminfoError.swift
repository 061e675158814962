/// Why a terminfo entry could not be loaded.
public enum TerminfoError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The terminfo database has no entry of this name.
    case unknownTerminal(String)
    /// ncurses found no terminfo database at all while looking for this name.
    case databaseNotFound(String)
    /// Any other refusal by `setupterm` (e.g. a hardcopy terminal), with its status.
    case setupFailed(String, status: Int32)

    public var description: String {
        switch self {
        case .unknownTerminal(let name):
            return "unknown terminal type '\(name)': no terminfo entry of that name"
        case .databaseNotFound(let name):
            return "cannot load terminal type '\(name)': no terminfo database found"
        case .setupFailed(let name, let status):
            return "cannot load terminal type '\(name)': setupterm failed (status \(status))"
        }
    }
}
