import FrameGrid
import TerminalOutput
import Workloads

/// What the harness's probes cost: the same frames rendered with the probes
/// (clock reads and allocation snapshots around each phase, samples stored)
/// and without, in alternating blocks of one run, compared by the median
/// wall time per block.
public enum ProbeOverhead {
    public struct Result: Sendable {
        /// Median wall time per frame, ns, with and without probes.
        public let withProbes: Double
        public let withoutProbes: Double
        /// Blocks measured each way.
        public let blocks: Int
        public let framesPerBlock: Int
        /// (with - without) / without.
        public var overhead: Double { withProbes / withoutProbes - 1 }
    }

    /// How `frames` frames each way (`--frames`) are split into interleaved
    /// blocks: 40 blocks when there are enough frames (2000 gives 40 of 50),
    /// never fewer than 2 (the first pair warms up), and at least one frame per block.
    public static func blocks(forFrames frames: Int) -> (blocks: Int, framesPerBlock: Int) {
        let blocks = max(2, min(40, frames))
        return (blocks, max(1, frames / blocks))
    }

    /// Measures `blocks` blocks of `framesPerBlock` frames each way, interleaved
    /// (with probes, without, with, ...); the first pair warms up.
    public static func measure(_ settings: RunSettings, blocks: Int = 40, framesPerBlock: Int = 50) throws -> Result {
        let lane = try FramebenchLane(
            workload: settings.makeWorkload(),
            capabilities: LaneRun.capabilities(settings.term), settings: settings)
        var probed: [Double] = []
        var bare: [Double] = []
        var frame = 0
        for block in 0..<(2 * blocks) {
            let withProbes = block % 2 == 0
            let start = MonotonicClock.now()
            for _ in 0..<framesPerBlock {
                if withProbes { try lane.frame(frame, measured: true) } else { try lane.bareFrame(frame) }
                frame += 1
            }
            let perFrame = Double(MonotonicClock.now() - start) / Double(framesPerBlock)
            if block >= 2 {  // the first pair warms up
                if withProbes { probed.append(perFrame) } else { bare.append(perFrame) }
            }
        }
        return Result(
            withProbes: Summary(probed).p50, withoutProbes: Summary(bare).p50, blocks: probed.count,
            framesPerBlock: framesPerBlock)
    }
}
