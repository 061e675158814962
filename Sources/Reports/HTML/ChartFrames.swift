import Harness

/// One timing's frames as a distribution chart reads them: the frames one
/// by one, or, for a scenario whose runs went past
/// `FrameSamples.exactFrameLimit`, the pooled `FrameDistribution`, each
/// occupied bucket standing at its midpoint with its frame count. A bucket
/// is at most 1/128 of its value wide, far narrower than a chart's bins (30
/// or 48 across several decades), so a bin's share is the same as the
/// frames' would be unless a frame sits within that width of a bin's edge.
enum ChartFrames {
    case frames([Double])
    case distribution(FrameDistribution)

    /// A metric of a scenario: its distribution when any run kept one, else its frames.
    init(_ report: ScenarioReport, _ metric: Metric) {
        if let distribution = report.pooledDistribution(metric) {
            self = .distribution(distribution)
        } else {
            self = .frames(report.frames(metric))
        }
    }

    var count: Int {
        switch self {
        case .frames(let values): return values.count
        case .distribution(let distribution): return distribution.count
        }
    }

    var isEmpty: Bool { count == 0 }

    /// Values with the frames each stands for: 1 a frame, or a bucket's count at its midpoint
    /// (held within the exact minimum and maximum).
    var weighted: [(value: Double, frames: Int)] {
        switch self {
        case .frames(let values): return values.map { ($0, 1) }
        case .distribution(let distribution):
            return distribution.occupiedBuckets.map {
                (Swift.min(Swift.max($0.lower + ($0.width - 1) / 2, distribution.min), distribution.max), $0.count)
            }
        }
    }

    /// The values an axis must cover: every frame, or every bucket's midpoint and the exact extremes.
    var extent: [Double] {
        switch self {
        case .frames(let values): return values
        case .distribution(let distribution): return weighted.map(\.value) + [distribution.min, distribution.max]
        }
    }

    /// The `fraction` quantile the charts mark: the frame at rank `count * fraction`
    /// (as the charts always did), or the distribution's percentile.
    func quantile(_ fraction: Double) -> Double {
        switch self {
        case .frames(let values):
            let sorted = values.sorted()
            return sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        case .distribution(let distribution):
            return distribution.percentile(fraction)
        }
    }

    var minimum: Double {
        switch self {
        case .frames(let values): return values.min() ?? 0
        case .distribution(let distribution): return distribution.min
        }
    }

    var maximum: Double {
        switch self {
        case .frames(let values): return values.max() ?? 0
        case .distribution(let distribution): return distribution.max
        }
    }
}
