import FrameGrid
import Foundation
import TerminalOutput
import Workloads

/// Run settings as one JSON value, the way a parent hands them to a child
/// process (`ChildSettings`): every setting that decides what is drawn and
/// how it is measured, so the child runs what the parent meant without
/// parsing a command line again. Not written: the catalog (code, not data:
/// the decoder is given one), the view profiler (an in-process probe) and
/// the encoder options no run setting reaches (colour depth, line feeds,
/// grapheme clusters: their defaults).
extension RunSettings: Codable {
    /// The `userInfo` key of the `WorkloadCatalog` the decoded settings draw from.
    public static let catalogKey = CodingUserInfoKey(rawValue: "framebench.workload-catalog")!

    /// The settings as written: plain values only (a parent and its child
    /// are one build, so the names need no stable spelling of their own).
    private struct Value: Codable {
        var workload, name, script, term: String
        var frames, cols, rows, feedItems, warmUpFrames, repeats: Int
        var seed: UInt64
        var feedFile: String?
        var backend: Backend
        var synchronizedOutput, scrollRegions, eraseAndRepeat, countsInstructions, countsOnlyOurLane: Bool
        var frameBudgetNanoseconds: Double
        var injectPhase: FramePhase
        var injectAllocations, injectDelayNanoseconds, injectWork: Int
        var injectSlowdown: Double
    }

    public func encode(to encoder: Encoder) throws {
        let value = Value(
            workload: workload, name: name, script: script, term: term, frames: frames, cols: size.cols, rows: size.rows,
            feedItems: workloadSettings.feedItems, warmUpFrames: warmUpFrames, repeats: repeats, seed: workloadSettings.seed,
            feedFile: workloadSettings.feedFile, backend: backend, synchronizedOutput: encoderOptions.synchronizedOutput,
            scrollRegions: encoderOptions.usesScrollRegions, eraseAndRepeat: encoderOptions.usesEraseAndRepeat,
            countsInstructions: countsInstructions, countsOnlyOurLane: countsOnlyOurLane,
            frameBudgetNanoseconds: frameBudgetNanoseconds, injectPhase: injection.phase,
            injectAllocations: injection.allocationsPerFrame, injectDelayNanoseconds: injection.delayNanoseconds,
            injectWork: injection.workIterations, injectSlowdown: injection.slowdown)
        try value.encode(to: encoder)
    }

    /// - Throws: `DecodingError` for a missing or mistyped setting, or when
    ///   the decoder was given no catalog under `catalogKey`.
    public init(from decoder: Decoder) throws {
        guard let catalog = decoder.userInfo[RunSettings.catalogKey] as? WorkloadCatalog else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "run settings decode against a workload catalog; none was given"))
        }
        let value = try Value(from: decoder)
        var encoderOptions = EncoderOptions()
        encoderOptions.synchronizedOutput = value.synchronizedOutput
        encoderOptions.usesScrollRegions = value.scrollRegions
        encoderOptions.usesEraseAndRepeat = value.eraseAndRepeat
        self.init(
            workload: value.workload, frames: value.frames,
            workloadSettings: WorkloadSettings(
                size: Size(cols: value.cols, rows: value.rows), seed: value.seed, feedItems: value.feedItems,
                feedFile: value.feedFile, script: value.script),
            backend: value.backend, term: value.term, encoderOptions: encoderOptions, warmUpFrames: value.warmUpFrames,
            catalog: catalog)
        name = value.name
        repeats = value.repeats
        frameBudgetNanoseconds = value.frameBudgetNanoseconds
        countsInstructions = value.countsInstructions
        countsOnlyOurLane = value.countsOnlyOurLane
        injection = RegressionInjection(
            phase: value.injectPhase, allocationsPerFrame: value.injectAllocations,
            delayNanoseconds: value.injectDelayNanoseconds, slowdown: value.injectSlowdown, workIterations: value.injectWork)
    }
}
