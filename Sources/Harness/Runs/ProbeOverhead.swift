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

    /// Measures over `settings.frames` frames (at least four blocks), split into blocks of `framesPerBlock`.
    public static func measure(_ settings: RunSettings, framesPerBlock: Int = 50) throws -> Result {
        let lane = try FramebenchLane(
            workload: WorkloadFactory.make(settings.workload, settings: settings.workloadSettings),
            capabilities: PeerRun.capabilities(settings.term), settings: settings)
        let blocks = max(4, settings.frames / framesPerBlock)
        var probed: [Double] = []
        var bare: [Double] = []
        var frame = 0
        for block in 0..<blocks {
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
