import Foundation
import TerminalOutput
import Workloads

/// The terminal names this machine's terminfo database holds: the known
/// list a suite's `term` is checked against, so a typo gets "did you mean"
/// when the file is read, as a misspelt key, suite, scene or script does,
/// rather than "unknown terminal type" from the run that needs it.
///
/// The names are the entries of the folders ncurses searches, in its order:
/// `$TERMINFO`, `~/.terminfo`, `$TERMINFO_DIRS`, then the system folders;
/// each entry is filed in a folder named for its first character (or that
/// character's hexadecimal code), so the names are the files two levels down.
enum TerminfoNames {
    /// The folders ncurses looks in, given `environment`.
    static func folders(_ environment: [String: String]) -> [String] {
        var folders: [String] = []
        if let terminfo = environment["TERMINFO"], !terminfo.isEmpty { folders.append(terminfo) }
        if let home = environment["HOME"], !home.isEmpty { folders.append(home + "/.terminfo") }
        folders += (environment["TERMINFO_DIRS"] ?? "").split(separator: ":").map(String.init)
        return folders + ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
    }

    /// Every entry's name, sorted, once each. Read only for a message: some
    /// 2,900 names with ncurses-term, a directory listing per first character.
    static func all(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var names = Set<String>()
        let files = FileManager.default
        for folder in folders(environment) {
            guard let initials = try? files.contentsOfDirectory(atPath: folder) else { continue }
            for initial in initials {
                guard let entries = try? files.contentsOfDirectory(atPath: folder + "/" + initial) else { continue }
                names.formUnion(entries)
            }
        }
        return names.sorted()
    }

    /// Refuses `term` when the terminfo database has no entry of that name,
    /// the message naming where it was given (`what`) and the closest name
    /// the database has. Any other failure to load (no database at all) is
    /// left to the run, which reports it as it always has.
    /// - Throws: `UsageError`.
    static func check(_ term: String, what: String) throws {
        do {
            _ = try TerminalCapabilities.load(term: term)
        } catch let error as TerminfoError {
            guard case .unknownTerminal = error else { return }
            throw UsageError(
                "\(what) '\(term)' is not a terminal this machine's terminfo database has\(Suggestion.clause(for: term, in: all()))")
        }
    }
}
