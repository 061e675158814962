/// Per-frame measurements of one backend over a run, after warm-up: one
/// column per `Metric`, in bounded memory.
///
/// Up to `exactFrameLimit` frames every value is kept, and every statistic
/// is exact. A column that would pass it is folded into a
/// `FrameDistribution` (log buckets, exact count, min, max, mean and
/// deviation; percentiles within 0.39%) and counts on there, its frames
/// freed: a run of any length stays within about 20 MB a lane. The frame
/// budget's figures stay exact past the limit through a running
/// `FrameBudget.Tally`, and preemptions through a count.
public struct FrameSamples: Sendable {
    /// Frames kept one by one per run. Why 100,000: p99.9 then rests on 100
    /// frames; a lane's columns take 22 x 8 bytes a frame (17 MB), and a
    /// run's per-frame record in a results file about 10 MB, which files of
    /// a few runs keep well under `JSONFile.sizeLimit()`. At 1,000,000
    /// frames a run took over 1 GB (the record, its JSON, the child's
    /// hand-over) and its file some 100 MB.
    public static let exactFrameLimit = 100_000

    /// `exactFrameLimit`, but for tests, which show the folding on fewer frames.
    var frameLimit = FrameSamples.exactFrameLimit

    private var columns: [[Double]] = Array(repeating: [], count: Metric.allCases.count)
    /// Per column: empty while its frames are kept, else every frame so far.
    private var distributions: [FrameDistribution] = Array(repeating: FrameDistribution(), count: Metric.allCases.count)

    /// Per measured frame: the process's involuntary context switches
    /// (`getrusage`'s `ru_nivcsw`) while it ran, so a frame the machine took
    /// the processor from can be told from a slow frame of ours. Not a
    /// `Metric`: it is the machine's, never compared or budgeted. Empty once
    /// the run passed `exactFrameLimit` (then `preemptionCounts` holds them).
    public internal(set) var preemptions: [Double] = []
    /// Frames preempted, of frames whose preemptions were counted, once past the limit.
    public private(set) var preemptionCounts: (preempted: Int, frames: Int)?

    /// The measured frames (by their place among them) in which the
    /// terminal's size changed: each repaints the whole screen at a new
    /// size, so the tail's targets (`TailTargets`) leave them out and the
    /// report shows them apart. A few a run; kept past `exactFrameLimit`.
    public internal(set) var resizedFrames: [Int] = []

    /// The whole frames against the run's frame budget, frame by frame
    /// (nil when no budget was given: recordings).
    public private(set) var budgetTally: FrameBudget.Tally?

    /// Past `exactFrameLimit`: the tail `TailTargets` judge, split as the
    /// frames come (see `TailTally`); nil while the frames are kept.
    public private(set) var tailTally: TailTally?
    /// The frame about to be recorded: whether the machine preempted it
    /// (nil: not counted) and whether it resized the terminal (`noteFrame`).
    private var pending: (preempted: Bool?, resized: Bool) = (nil, false)

    public init() {}

    public subscript(metric: Metric) -> [Double] {
        get { columns[metric.index] }
        set { columns[metric.index] = newValue }
    }

    /// The metric's frames as a distribution when there were too many to
    /// keep one by one; nil while they are kept (`self[metric]`).
    public func distribution(of metric: Metric) -> FrameDistribution? {
        distributions[metric.index].count > 0 ? distributions[metric.index] : nil
    }

    /// Whether any metric's frames are kept as a distribution only.
    public var isSummarized: Bool { distributions.contains { $0.count > 0 } }

    /// The metric's summary, from its frames or its distribution.
    public func summary(of metric: Metric) -> Summary? {
        if let distribution = distribution(of: metric) { return Summary(distribution) }
        return columns[metric.index].isEmpty ? nil : Summary(columns[metric.index])
    }

    /// `summary(of:)`, or zeros when the metric was not measured.
    public func summaryOrZeros(of metric: Metric) -> Summary { summary(of: metric) ?? Summary([]) }

    @inline(__always)
    mutating func append(_ value: Double, to metric: Metric) {
        let index = metric.index
        if distributions[index].count == 0 {
            if columns[index].count < frameLimit {
                columns[index].append(value)
                if index == Metric.frameTime.index { budgetTally?.add(value) }
                return
            }
            fold(index)
        }
        distributions[index].add(value)
        if index == Metric.frameTime.index {
            budgetTally?.add(value)
            tailTally?.add(value, preempted: pending.preempted, resized: pending.resized)
            pending = (nil, false)
        }
    }

    @inline(__always)
    mutating func append(_ value: UInt64, to metric: Metric) {
        append(Double(value), to: metric)
    }

    /// A frame's involuntary context switches (see `preemptions`).
    @inline(__always)
    mutating func appendPreemptions(_ switches: Int) {
        if preemptionCounts == nil, preemptions.count < frameLimit {
            preemptions.append(Double(switches))
            return
        }
        foldPreemptions()
        preemptionCounts!.frames += 1
        if switches > 0 { preemptionCounts!.preempted += 1 }
    }

    /// What the machine and the scene did in the frame about to be
    /// recorded: the involuntary context switches while it ran (see
    /// `preemptions`) and whether it showed the terminal at another size.
    /// Before its times, so that past the limit the tail is split as it comes.
    mutating func noteFrame(switches: Int, resized: Bool) {
        appendPreemptions(switches)
        if resized { resizedFrames.append(frames) }
        pending = (switches > 0, resized)
    }

    /// Moves column `index`'s frames into its distribution, once, and frees them.
    @inline(never)
    private mutating func fold(_ index: Int) {
        if index == Metric.frameTime.index && tailTally == nil { tailTally = keptTail() }
        var distribution = distributions[index]
        for value in columns[index] { distribution.add(value) }
        distributions[index] = distribution
        columns[index] = []
    }

    @inline(never)
    private mutating func foldPreemptions() {
        guard preemptionCounts == nil else { return }
        // The frames' preemptions go: the tail is split from them first.
        if tailTally == nil && distribution(of: .frameTime) == nil { tailTally = keptTail() }
        preemptionCounts = (preemptions.filter { $0 > 0 }.count, preemptions.count)
        preemptions = []
    }

    /// Our lane's frame from its clock reads: the whole frame, the render
    /// stage (diff+encode) and each phase (update, layout, diff, encode, write).
    @inline(__always)
    mutating func recordTimes(start: UInt64, updated: UInt64, drawn: UInt64, diffed: UInt64, encoded: UInt64, end: UInt64) {
        append(end - start, to: .frameTime)
        append(encoded - drawn, to: .renderTime)
        append(updated - start, to: .updateTime)
        append(drawn - updated, to: .layoutTime)
        append(diffed - drawn, to: .diffTime)
        append(encoded - diffed, to: .encodeTime)
        append(end - encoded, to: .writeTime)
    }

    /// The ncurses lane's frame from its clock reads: the whole frame, the
    /// render stage (wnoutrefresh+doupdate) and update, layout and transfer.
    @inline(__always)
    mutating func recordTimes(start: UInt64, updated: UInt64, drawn: UInt64, transferred: UInt64, end: UInt64) {
        append(end - start, to: .frameTime)
        append(end - transferred, to: .renderTime)
        append(updated - start, to: .updateTime)
        append(drawn - updated, to: .layoutTime)
        append(transferred - drawn, to: .transferTime)
    }

    /// A phase's allocation count and bytes for one frame.
    @inline(__always)
    mutating func record(_ phase: FramePhase, _ allocated: (allocations: UInt64, bytes: UInt64)) {
        let metrics = Metric.allocations(of: phase)
        append(allocated.allocations, to: metrics.count)
        append(allocated.bytes, to: metrics.bytes)
    }

    /// Room for `count` frames (at most the limit), and the budget to tally frames against.
    mutating func reserve(_ count: Int, budget: Double? = nil) {
        let kept = Swift.min(count, frameLimit)
        for index in columns.indices { columns[index].reserveCapacity(kept) }
        preemptions.reserveCapacity(kept)
        budgetTally = budget.map { FrameBudget.Tally(budget: $0) }
    }

    /// The frame times of frames no involuntary context switch fell in
    /// (all of them when preemptions were not counted), and how many did;
    /// nil once the frames are summarized (`preemptionCounts` then).
    public func frameTimesNotPreempted() -> (times: [Double], preempted: Int)? {
        frameTimesApart(settingResizesApart: false).map { ($0.times, $0.preempted) }
    }

    /// The frame times of the tail `TailTargets` judge: frames neither
    /// resized nor preempted; and apart, the resized frames' times and the
    /// count of the others preempted. Nil once the frames are summarized.
    /// (`settingResizesApart` false: resized frames count as any other.)
    public func frameTimesApart(
        settingResizesApart: Bool = true
    ) -> (times: [Double], resized: [Double], preempted: Int)? {
        guard distribution(of: .frameTime) == nil else { return nil }
        let times = self[.frameTime]
        var resized = [Bool](repeating: false, count: times.count)
        if settingResizesApart {
            for frame in resizedFrames where frame >= 0 && frame < times.count { resized[frame] = true }
        }
        let counted = preemptions.count == times.count
        var kept: [Double] = []
        kept.reserveCapacity(times.count)
        var resizedTimes: [Double] = []
        var preempted = 0
        for (frame, time) in times.enumerated() {
            if resized[frame] {
                resizedTimes.append(time)
            } else if counted && preemptions[frame] > 0 {
                preempted += 1
            } else {
                kept.append(time)
            }
        }
        return (kept, resizedTimes, preempted)
    }

    /// The kept frames' tail, split (what `tailTally` starts from past the limit).
    private func keptTail() -> TailTally {
        guard let (times, resized, preempted) = frameTimesApart() else { return tailTally ?? TailTally() }
        return TailTally(
            steady: FrameDistribution(times), resized: resized, preempted: preempted,
            preemptionsCounted: preemptions.count == frames && frames > 0)
    }

    /// The tail `TailTargets` judge: from the frames while they are kept,
    /// else from `tailTally` (its percentiles from a distribution). Nil
    /// when no frame was measured.
    public func tail() -> TailTally.Split? {
        if distribution(of: .frameTime) == nil {
            guard let (times, resized, preempted) = frameTimesApart(), frames > 0 else { return nil }
            let counted = preemptions.count == frames
            return TailTally.Split(
                steady: Summary(times), steadyFrames: times.count, resized: resized,
                preempted: counted ? preempted : nil, fromDistribution: false)
        }
        return tailTally?.split
    }

    /// Appends another run's frames (repeats of one scenario pool their
    /// frames), folding columns that would pass the limit.
    mutating func append(contentsOf other: FrameSamples) {
        let offset = frames
        if distribution(of: .frameTime) != nil || other.distribution(of: .frameTime) != nil
            || frames + other.frames > frameLimit
        {
            // Summarized from here: the tails pool as tallies.
            var pooled = distribution(of: .frameTime) == nil ? keptTail() : tailTally ?? TailTally()
            pooled.merge(other.distribution(of: .frameTime) == nil ? other.keptTail() : other.tailTally ?? TailTally())
            tailTally = pooled
        }
        resizedFrames += other.resizedFrames.map { $0 + offset }
        for index in columns.indices {
            let fits = distributions[index].count == 0 && other.distributions[index].count == 0
                && columns[index].count + other.columns[index].count <= frameLimit
            if fits {
                columns[index].append(contentsOf: other.columns[index])
                continue
            }
            fold(index)
            for value in other.columns[index] { distributions[index].add(value) }
            distributions[index].merge(other.distributions[index])
        }
        if preemptionCounts == nil, other.preemptionCounts == nil,
            preemptions.count + other.preemptions.count <= frameLimit
        {
            preemptions.append(contentsOf: other.preemptions)
        } else {
            foldPreemptions()
            let theirs = other.preemptionCounts ?? (other.preemptions.filter { $0 > 0 }.count, other.preemptions.count)
            preemptionCounts!.preempted += theirs.preempted
            preemptionCounts!.frames += theirs.frames
        }
        if let theirs = other.budgetTally { budgetTally?.append(theirs) }
    }

    /// Frames measured.
    public var frames: Int { distribution(of: .frameTime)?.count ?? columns[Metric.frameTime.index].count }

    /// The columns of `metrics` as one run's record: frames where kept, distributions where not.
    func record(of metrics: [Metric]) -> RunSamples {
        var frames: [Metric: [Int]] = [:]
        var distributions: [Metric: FrameDistribution] = [:]
        for metric in metrics {
            if let distribution = distribution(of: metric) {
                distributions[metric] = distribution
            } else if !self[metric].isEmpty {
                frames[metric] = self[metric].map { Int($0) }
            }
        }
        return RunSamples(frames: frames, distributions: distributions)
    }
}

/// Samples as they cross from a child process to its parent (`IsolatedRun`):
/// each measured column by its metric, under its name (or its distribution, past
/// `exactFrameLimit`: the hand-over is bounded as the run is), the
/// preemption counts and the budget tally, every value as measured (ns,
/// counts and bytes are whole numbers; a Double holds them exactly up to 2^53).
extension FrameSamples: Codable {
    enum CodingKeys: String, CodingKey {
        case frames, distributions, preemptions, preempted
        case preemptionFrames = "preemption_frames"
        case budgetTally = "budget_tally"
        case resizedFrames = "resized_frames"
        case tailTally = "tail_tally"
    }

    public init(from decoder: Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let unknown = { (name: String) in "unknown metric '\(name)'" }
        let frames = try UnknownResultName.keyed(
            container.decode([String: [Double]].self, forKey: .frames), section: "frames", at: decoder.codingPath,
            kinds: nil, problem: unknown)
        for (metric, values) in frames { self[metric] = values }
        let distributions = try UnknownResultName.keyed(
            container.decodeIfPresent([String: FrameDistribution].self, forKey: .distributions) ?? [:],
            section: "distributions", at: decoder.codingPath, kinds: nil, problem: unknown)
        for (metric, distribution) in distributions { self.distributions[metric.index] = distribution }
        preemptions = try container.decodeIfPresent([Double].self, forKey: .preemptions) ?? []
        if let preempted = try container.decodeIfPresent(Int.self, forKey: .preempted) {
            preemptionCounts = (preempted, try container.decode(Int.self, forKey: .preemptionFrames))
        }
        budgetTally = try container.decodeIfPresent(FrameBudget.Tally.self, forKey: .budgetTally)
        resizedFrames = try container.decodeIfPresent([Int].self, forKey: .resizedFrames) ?? []
        tailTally = try container.decodeIfPresent(TailTally.self, forKey: .tailTally)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var frames: [Metric: [Double]] = [:]
        var distributions: [Metric: FrameDistribution] = [:]
        for metric in Metric.allCases {
            if let distribution = distribution(of: metric) {
                distributions[metric] = distribution
            } else if !self[metric].isEmpty {
                frames[metric] = self[metric]
            }
        }
        try container.encode(frames, forKey: .frames)
        if !distributions.isEmpty { try container.encode(distributions, forKey: .distributions) }
        if !preemptions.isEmpty { try container.encode(preemptions, forKey: .preemptions) }
        if let preemptionCounts {
            try container.encode(preemptionCounts.preempted, forKey: .preempted)
            try container.encode(preemptionCounts.frames, forKey: .preemptionFrames)
        }
        try container.encodeIfPresent(budgetTally, forKey: .budgetTally)
        if !resizedFrames.isEmpty { try container.encode(resizedFrames, forKey: .resizedFrames) }
        try container.encodeIfPresent(tailTally, forKey: .tailTally)
    }
}
