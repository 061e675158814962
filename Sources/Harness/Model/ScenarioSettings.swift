/// The settings a scenario ran with.
///
/// Two kinds: the ones that decide which frames are drawn (scenario, script,
/// frames, size, feed, feed file, seed, terminal, encoder options, warm-up), and the
/// ones that only decide how they are measured (`repeats`). Deterministic
/// metrics compare whenever the frames are the same; timings need both the
/// same frames and the same machine and build.
public struct ScenarioSettings: Codable, Equatable, Sendable {
    public var scenario: String
    /// The input script that drove the scenario.
    public var script: String
    public var frames: Int
    public var cols: Int
    public var rows: Int
    public var feedItems: Int
    public var seed: UInt64
    public var term: String
    public var warmUpFrames: Int
    public var repeats: Int
    public var synchronizedOutput: Bool
    public var scrollRegions: Bool
    public var eraseAndRepeat: Bool
    /// The file the feed's items came from; nil: generated items (and every
    /// results file written before feed files were recorded).
    public var feedFile: FeedFileIdentity? = nil

    enum CodingKeys: String, CodingKey {
        case scenario, script, frames, cols, rows, seed, term, repeats
        case feedItems = "feed_items"
        case feedFile = "feed_file"
        case warmUpFrames = "warm_up_frames"
        case synchronizedOutput = "synchronized_output"
        case scrollRegions = "scroll_regions"
        case eraseAndRepeat = "erase_and_repeat"
    }

    /// The first setting (by name) that makes the frames differ, for reasons
    /// in reports; nil when both draw the same frames (everything but how
    /// often they ran is the same).
    public func firstFrameDifference(from other: ScenarioSettings) -> String? {
        if feedFile?.identity != other.feedFile?.identity {
            return "feed file \(FeedFileIdentity.describe(feedFile, beside: other.feedFile)) vs \(FeedFileIdentity.describe(other.feedFile, beside: feedFile))"
        }
        let pairs: [(String, String, String)] = [
            ("scenario", scenario, other.scenario), ("script", script, other.script),
            ("frames", "\(frames)", "\(other.frames)"), ("size", "\(cols)x\(rows)", "\(other.cols)x\(other.rows)"),
            ("feed", "\(feedItems)", "\(other.feedItems)"), ("seed", "\(seed)", "\(other.seed)"),
            ("term", term, other.term), ("warm-up", "\(warmUpFrames)", "\(other.warmUpFrames)"),
            ("sync", "\(synchronizedOutput)", "\(other.synchronizedOutput)"),
            ("scroll regions", "\(scrollRegions)", "\(other.scrollRegions)"),
            ("erase and repeat", "\(eraseAndRepeat)", "\(other.eraseAndRepeat)"),
        ]
        return pairs.first { $0.1 != $0.2 }.map { "\($0.0) \($0.1) vs \($0.2)" }
    }
}
