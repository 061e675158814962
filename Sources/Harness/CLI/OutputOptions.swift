import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `--format`, `--out` and `--quiet`, shared by the reporting commands.
struct OutputOptions {
    enum Format: String { case text, json, markdown, junit }

    var format: Format
    var path: String?
    var quiet: Bool

    static let valued: Set<String> = ["format", "out"]
    static let switches: Set<String> = ["quiet"]

    init(_ parsed: ParsedArguments) throws {
        let name = parsed.string("format") ?? "text"
        guard let format = Format(rawValue: name) else {
            throw UsageError("--format must be text, json, markdown or junit, not '\(name)'")
        }
        self.format = format
        path = parsed.string("out")
        quiet = parsed.flag("quiet")
        if let path, FileManager.default.fileExists(atPath: path) {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            if isDirectory.boolValue { throw UsageError("--out \(path) is a directory") }
        }
    }

    /// Colour only on a terminal, and never when NO_COLOR is set.
    var colors: Bool {
        path == nil && isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// Prints `text`, or writes it to `--out` atomically.
    func emit(_ text: String) throws {
        if let path {
            try AtomicFile.write(Data((text + "\n").utf8), to: URL(fileURLWithPath: path))
        } else if !quiet || format != .text {
            print(text)
        }
    }

    /// A progress bar on stderr when it is a terminal.
    static func progressBar() -> ((Int, Int, String) -> Void)? {
        guard isatty(STDERR_FILENO) != 0 else { return nil }
        return { done, total, name in
            let width = 30
            let filled = total == 0 ? width : done * width / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let line = done == total ? "\r\u{1B}[K" : "\r\u{1B}[K\(bar) \(done)/\(total) \(name)"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
}
