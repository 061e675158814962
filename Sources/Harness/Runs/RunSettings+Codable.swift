import FrameGrid
import TerminalOutput
import Foundation
import Workloads

/// Run settings as one JSON value, the way a parent hands them to a child
/// process (`ChildSettingsFile`): every setting that decides what is drawn
/// and how it is measured, so the child runs what the parent meant without
/// parsing a command line again. Not written: the catalog (code, not data:
/// the decoder is given one), the view profiler (an in-process probe) and
/// the encoder options no run setting reaches (colour depth, line feeds,
/// grapheme clusters: their defaults).
extension RunSettings: Codable {
    /// The `userInfo` key of the `WorkloadCatalog` the decoded settings draw from.
    public static let catalogKey = CodingUserInfoKey(rawValue: "framebench.workload-catalog")!

    enum CodingKeys: String, CodingKey {
        case workload, name, frames, cols, rows, seed, script, backend, term, repeats
        case feedItems = "feed_items"
        case feedFile = "feed_file"
        case warmUpFrames = "warm_up_frames"
        case synchronizedOutput = "synchronized_output"
        case scrollRegions = "scroll_regions"
        case eraseAndRepeat = "erase_and_repeat"
        case frameBudgetNanoseconds = "frame_budget_ns"
        case countsInstructions = "counts_instructions"
        case countsOnlyOurLane = "counts_only_our_lane"
        case injectPhase = "inject_phase"
        case injectAllocations = "inject_allocations"
        case injectDelayNanoseconds = "inject_delay_ns"
        case injectSlowdown = "inject_slowdown"
        case injectWork = "inject_work"
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(workload, forKey: .workload)
        try container.encode(name, forKey: .name)
        try container.encode(frames, forKey: .frames)
        try container.encode(size.cols, forKey: .cols)
        try container.encode(size.rows, forKey: .rows)
        try container.encode(workloadSettings.seed, forKey: .seed)
        try container.encode(workloadSettings.feedItems, forKey: .feedItems)
        try container.encodeIfPresent(workloadSettings.feedFile, forKey: .feedFile)
        try container.encode(script, forKey: .script)
        try container.encode(backend, forKey: .backend)
        try container.encode(term, forKey: .term)
        try container.encode(warmUpFrames, forKey: .warmUpFrames)
        try container.encode(repeats, forKey: .repeats)
        try container.encode(encoderOptions.synchronizedOutput, forKey: .synchronizedOutput)
        try container.encode(encoderOptions.usesScrollRegions, forKey: .scrollRegions)
        try container.encode(encoderOptions.usesEraseAndRepeat, forKey: .eraseAndRepeat)
        try container.encode(frameBudgetNanoseconds, forKey: .frameBudgetNanoseconds)
        try container.encode(countsInstructions, forKey: .countsInstructions)
        try container.encode(countsOnlyOurLane, forKey: .countsOnlyOurLane)
        try container.encode(injection.phase, forKey: .injectPhase)
        try container.encode(injection.allocationsPerFrame, forKey: .injectAllocations)
        try container.encode(injection.delayNanoseconds, forKey: .injectDelayNanoseconds)
        try container.encode(injection.slowdown, forKey: .injectSlowdown)
        try container.encode(injection.workIterations, forKey: .injectWork)
    }

    /// - Throws: `DecodingError` for a missing or mistyped setting, or when
    ///   the decoder was given no catalog under `catalogKey`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let catalog = decoder.userInfo[RunSettings.catalogKey] as? WorkloadCatalog else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "run settings decode against a workload catalog; none was given"))
        }
        let workloadSettings = WorkloadSettings(
            size: Size(cols: try container.decode(Int.self, forKey: .cols), rows: try container.decode(Int.self, forKey: .rows)),
            seed: try container.decode(UInt64.self, forKey: .seed), feedItems: try container.decode(Int.self, forKey: .feedItems),
            feedFile: try container.decodeIfPresent(String.self, forKey: .feedFile),
            script: try container.decode(String.self, forKey: .script))
        var encoderOptions = EncoderOptions()
        encoderOptions.synchronizedOutput = try container.decode(Bool.self, forKey: .synchronizedOutput)
        encoderOptions.usesScrollRegions = try container.decode(Bool.self, forKey: .scrollRegions)
        encoderOptions.usesEraseAndRepeat = try container.decode(Bool.self, forKey: .eraseAndRepeat)
        self.init(
            workload: try container.decode(String.self, forKey: .workload), frames: try container.decode(Int.self, forKey: .frames),
            workloadSettings: workloadSettings, backend: try container.decode(Backend.self, forKey: .backend),
            term: try container.decode(String.self, forKey: .term), encoderOptions: encoderOptions,
            warmUpFrames: try container.decode(Int.self, forKey: .warmUpFrames), catalog: catalog)
        name = try container.decode(String.self, forKey: .name)
        repeats = try container.decode(Int.self, forKey: .repeats)
        frameBudgetNanoseconds = try container.decode(Double.self, forKey: .frameBudgetNanoseconds)
        countsInstructions = try container.decode(Bool.self, forKey: .countsInstructions)
        countsOnlyOurLane = try container.decode(Bool.self, forKey: .countsOnlyOurLane)
        injection = RegressionInjection(
            phase: try container.decode(FramePhase.self, forKey: .injectPhase),
            allocationsPerFrame: try container.decode(Int.self, forKey: .injectAllocations),
            delayNanoseconds: try container.decode(Int.self, forKey: .injectDelayNanoseconds),
            slowdown: try container.decode(Double.self, forKey: .injectSlowdown),
            workIterations: try container.decode(Int.self, forKey: .injectWork))
    }
}
