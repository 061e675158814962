import Foundation

/// The feed file a run read its items from, as results record it: the path
/// as it was given, for people, and a digest of the file's bytes, which is
/// what decides whether two runs drew the same frames (one path can hold
/// other lines tomorrow; two paths can hold the same).
public struct FeedFileIdentity: Codable, Equatable, Sendable {
    public var path: String
    /// FNV-1a of the bytes (`ContentDigest`), 16 hex digits; nil when the
    /// file could not be read when the results were made.
    public var digest: String?

    public init(path: String, digest: String?) {
        self.path = path
        self.digest = digest
    }

    /// The file at `path` now, digest included when it can be read.
    public init(reading path: String) {
        let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        self.init(path: path, digest: data.map { FeedFileIdentity.hex(ContentDigest.of($0)) })
    }

    /// What two records must share to stand for the same items: the digest, or the path when unread.
    var identity: String { digest.map { "digest \($0)" } ?? "path \(path)" }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// `file` for a reason beside `other`: its path, with the digest when the paths are the same.
    static func describe(_ file: FeedFileIdentity?, beside other: FeedFileIdentity?) -> String {
        guard let file else { return "none" }
        guard file.path == other?.path else { return file.path }
        return "\(file.path) (\(file.digest.map { "digest \($0)" } ?? "unread"))"
    }
}

extension ScenarioSettings {
    /// The settings of a run of `settings`, the feed file read for its digest.
    public init(_ settings: RunSettings) {
        self.init(
            scenario: settings.workload, script: settings.script, frames: settings.frames, cols: settings.size.cols,
            rows: settings.size.rows, feedItems: settings.workloadSettings.feedItems,
            seed: settings.workloadSettings.seed, term: settings.term, warmUpFrames: settings.warmUpFrames,
            repeats: settings.repeats, synchronizedOutput: settings.encoderOptions.synchronizedOutput,
            scrollRegions: settings.encoderOptions.usesScrollRegions,
            eraseAndRepeat: settings.encoderOptions.usesEraseAndRepeat,
            feedFile: settings.workloadSettings.feedFile.map { FeedFileIdentity(reading: $0) })
    }
}
