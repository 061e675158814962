import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Refuses, before anything runs, two outputs of one command that would
/// land on the same file or one inside the other's folder: the second write
/// would replace the first (`run --out same.json --trace same.json` kept
/// only the trace; `record --out rec --trace rec/stream.bin` turned the
/// recording into a trace and still said "recorded").
///
/// Paths are compared as the writes would resolve them: relative to the
/// current folder, `..` and symbolic links resolved (the last component
/// too: `AtomicFile` writes through a link to its target). Standard output
/// (`-`) and devices such as /dev/null are written in place, never renamed,
/// so two outputs to them do not destroy each other and are not compared.
public enum OutputOverlap {
    /// One output of a command.
    public struct Output: Sendable {
        /// How the user named it: `--out`, `--trace`, `baseline save --name`.
        public var option: String
        public var path: String
        /// A folder the command fills (`record --out DIR`), not one file.
        public var isFolder: Bool

        public init(option: String, path: String, isFolder: Bool = false) {
            self.option = option
            self.path = path
            self.isFolder = isFolder
        }
    }

    /// - Throws: `UsageError` naming both options and paths for the first overlap.
    public static func check(_ outputs: [Output]) throws {
        let resolved = outputs.compactMap { output -> (Output, String)? in
            guard !output.path.isEmpty, output.path != "-", let path = resolve(output.path) else { return nil }
            return (output, path)
        }
        for (index, (first, firstPath)) in resolved.enumerated() {
            for (second, secondPath) in resolved[(index + 1)...] {
                if firstPath == secondPath {
                    throw UsageError(
                        "\(first.option) \(first.path) and \(second.option) \(second.path) name the same \(first.isFolder || second.isFolder ? "place" : "file"): one would overwrite the other; give each its own")
                }
                for (outer, outerPath, inner, innerPath) in [
                    (first, firstPath, second, secondPath), (second, secondPath, first, firstPath),
                ] where outer.isFolder && innerPath.hasPrefix(outerPath + "/") {
                    throw UsageError(
                        "\(inner.option) \(inner.path) is inside \(outer.option) \(outer.path), the folder that option fills: one would overwrite the other; put it elsewhere")
                }
            }
        }
    }

    /// The absolute path a write to `path` reaches, with every existing
    /// link resolved; nil for a device, FIFO, socket or open-descriptor link
    /// (written in place).
    static func resolve(_ path: String) -> String? {
        var path = path
        // The last component through its links, dangling ones too (`AtomicFile` writes to the link's target).
        switch try? AtomicFile.target(path) {
        case .direct?: return nil
        case .regular(let target, _)?: path = target
        case nil: break  // a folder, or a path it cannot examine: compared as given
        }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        // The longest existing prefix is resolved by realpath; what follows does not exist yet.
        var components = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var missing: [String] = []
        while true {
            let prefix = "/" + components.joined(separator: "/")
            if let real = realpath(prefix, nil) {
                defer { free(real) }
                var result = String(cString: real)
                for component in missing {
                    switch component {
                    case ".": continue
                    case "..": result = (result as NSString).deletingLastPathComponent
                    default: result += (result.hasSuffix("/") ? "" : "/") + component
                    }
                }
                var status = stat()
                if missing.isEmpty, stat(result, &status) == 0 {
                    let kind = status.st_mode & S_IFMT
                    if kind != S_IFREG && kind != S_IFDIR { return nil }
                }
                if result.hasPrefix("/proc/") || result.hasPrefix("/dev/") { return nil }
                return result
            }
            guard let last = components.popLast() else { return absolute }
            missing.insert(last, at: 0)
        }
    }
}
