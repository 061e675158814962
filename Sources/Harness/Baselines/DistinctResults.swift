import Foundation

/// Results files that must each be a different run: the files of one side
/// of a comparison, the rounds of a merge. The same file given twice, by
/// another name (`./a.json`, a link) or as a byte-for-byte copy, is one run
/// counted as several: `compare a,a,a,a,a b,b,b,b,b` judged one run a side
/// as five and gated "worse" at p = 0.008.
public enum DistinctResults {
    /// Throws a `UsageError` naming both paths when two of `files` are the
    /// same file or hold the same bytes; `what` says where they were given.
    public static func check(_ files: [(path: String, digest: UInt64)], what: String) throws {
        var seen: [String: String] = [:]  // resolved path -> path as given
        var digests: [UInt64: String] = [:]
        for (path, digest) in files {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
            if let earlier = seen[resolved] {
                throw UsageError("\(what): \(path) is the same file as \(earlier); each file must be a different run")
            }
            if let earlier = digests[digest] {
                throw UsageError("\(what): \(path) holds the same bytes as \(earlier) (a copy of one run); each file must be a different run")
            }
            seen[resolved] = path
            digests[digest] = path
        }
    }
}
