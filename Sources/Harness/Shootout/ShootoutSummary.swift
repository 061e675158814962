import Foundation

/// One peer over one script, every round pooled: the figures of the table.
public struct ShootoutSummary: Sendable {
    /// A percentile with its 95% confidence interval, ns.
    public struct Estimate: Sendable, Equatable {
        public var value: Double
        public var low: Double
        public var high: Double
    }

    public var peer: String
    public var script: String
    public var rounds: Int
    public var samples: Int
    public var p50: Estimate
    public var p90: Estimate
    public var p99: Estimate
    public var max: Double
    public var firstByteP50: Double
    public var bytesPerFrame: Double
    public var dirtyCellsPerFrame: Double
    public var fullRepaints: Int
    public var frames: Int
    public var framesPerInput: Double
    public var unanswered: Int
    /// The child's CPU time, less the same round's start-up run's, over the frames answering inputs, ns.
    public var cpuPerFrame: Double
    public var peakResidentBytes: Int
    /// Each round's p50, ns, in round order.
    public var roundP50s: [Double]
    /// The machine probe's reading before each round's run, ns, in round order (see `MachineProbe`).
    public var roundMachineReadings: [Double]
    /// Why the figures are not comparable (nil: the same list rows as the reference in every round).
    public var notComparable: String?
    /// The pooled latencies, sorted (the charts draw them).
    public var sortedLatencies: [Double]

    /// (max - min) / median of the rounds' p50s: how far the rounds disagree.
    public var roundSpread: Double? { Self.spread(roundP50s) }

    /// (max - min) / median of `values`; nil for fewer than two, or a median of 0.
    public static func spread(_ values: [Double]) -> Double? {
        guard values.count > 1 else { return nil }
        let sorted = values.sorted()
        let median = Summary.percentile(sorted, 0.5)
        return median > 0 ? (sorted.last! - sorted.first!) / median : nil
    }

    public init(_ measurements: [ShootoutMeasurement]) {
        precondition(!measurements.isEmpty, "a summary of no runs")
        peer = measurements[0].peer
        script = measurements[0].script
        rounds = measurements.count
        let latencies = measurements.flatMap(\.latencies).sorted()
        sortedLatencies = latencies
        samples = latencies.count
        p50 = Self.estimate(latencies, 0.50)
        p90 = Self.estimate(latencies, 0.90)
        p99 = Self.estimate(latencies, 0.99)
        max = latencies.last ?? 0
        firstByteP50 = Summary(measurements.flatMap(\.firstBytes)).p50
        let bytes = measurements.flatMap(\.bytesPerFrame)
        bytesPerFrame = bytes.isEmpty ? 0 : bytes.reduce(0, +) / Double(bytes.count)
        let cells = measurements.flatMap(\.dirtyCellsPerFrame)
        dirtyCellsPerFrame = cells.isEmpty ? 0 : cells.reduce(0, +) / Double(cells.count)
        fullRepaints = measurements.reduce(0) { $0 + $1.fullRepaints }
        frames = measurements.reduce(0) { $0 + $1.frames }
        let inputs = measurements.reduce(0) { $0 + $1.inputs }
        framesPerInput = inputs == 0 ? 0 : Double(frames) / Double(inputs)
        unanswered = measurements.reduce(0) { $0 + $1.unanswered }
        let cpu = measurements.reduce(0) {
            $0 + Swift.max(0, $1.cpuNanoseconds - $1.startupCpuNanoseconds)
        }
        cpuPerFrame = frames == 0 ? 0 : cpu / Double(frames)
        peakResidentBytes = measurements.map(\.peakResidentBytes).max() ?? 0
        let byRound = measurements.sorted { $0.round < $1.round }
        roundP50s = byRound.map { Summary($0.latencies).p50 }
        roundMachineReadings = byRound.map(\.machineProbeNanoseconds)
        let problems = measurements.compactMap { measurement in
            measurement.mismatch.map { "round \(measurement.round + 1): \($0)" }
        }
        notComparable = problems.first
    }

    /// The percentile `q` of `sorted` with a distribution-free 95% interval:
    /// the order statistics at ranks n q -/+ 1.96 sqrt(n q (1 - q)) (the
    /// normal approximation to the binomial count of samples below the
    /// true percentile).
    public static func estimate(_ sorted: [Double], _ q: Double) -> Estimate {
        guard !sorted.isEmpty else { return Estimate(value: 0, low: 0, high: 0) }
        let n = Double(sorted.count)
        let half = 1.96 * (n * q * (1 - q)).squareRoot()
        let low = Swift.max(0, Int((n * q - half).rounded(.down)) - 1)
        let high = Swift.min(sorted.count - 1, Int((n * q + half).rounded(.up)))
        return Estimate(value: Summary.percentile(sorted, q), low: sorted[low], high: sorted[high])
    }

    /// Every (peer, script) of `measurements`, in the plan's order.
    public static func all(_ measurements: [ShootoutMeasurement], plan: ShootoutPlan)
        -> [ShootoutSummary]
    {
        plan.scripts.flatMap { script in
            plan.peers.compactMap { peer in
                let runs = measurements.filter { $0.peer == peer.name && $0.script == script.name }
                return runs.isEmpty ? nil : ShootoutSummary(runs)
            }
        }
    }
}
