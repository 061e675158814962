/// Why a program could not be measured at all. (A program that exits
/// early, hangs or floods is measured: those are `ProgramOutcome`s.)
public enum ProgramError: Error, Equatable, CustomStringConvertible {
    case emptyCommand
    case commandNotFound(String)
    /// A path (with a `/`) that is missing, not a regular file, or not executable.
    case commandNotExecutable(String, reason: String)
    case cannotStart(command: String, errno: Int32)
    case badSize(cols: Int, rows: Int)
    case badSetting(String)
    case io(String, errno: Int32)

    public var description: String {
        switch self {
        case .emptyCommand: return "no command to run (give it after --)"
        case .commandNotFound(let name): return "command '\(name)' not found on PATH"
        case .commandNotExecutable(let path, let reason): return "command '\(path)' \(reason)"
        case .cannotStart(let command, let code): return "cannot start '\(command)': \(errnoText(code))"
        case .badSize(let cols, let rows): return "terminal size \(cols)x\(rows) is out of range (1...1000 each)"
        case .badSetting(let message): return message
        case .io(let what, let code): return "\(what) failed: \(errnoText(code))"
        }
    }
}

#if canImport(Glibc)
    import Glibc
#endif

func errnoText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
