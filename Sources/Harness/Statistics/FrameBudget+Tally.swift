extension FrameBudget {
    /// `FrameBudget.evaluate` one frame at a time, in O(1) memory: what a run
    /// keeps once it has more frames than it keeps one by one
    /// (`FrameSamples.exactFrameLimit`), so the late frames, hitch ratio and
    /// longest late streak stay exact for any frame count. Tallies of runs
    /// joined end to end merge exactly (the streaks at either end join).
    public struct Tally: Sendable, Equatable, Codable {
        public let budget: Double
        var frames = 0
        var late = 0
        var overrun = 0.0
        var wallTime = 0.0
        var longest = 0
        /// Late frames at the start, and at the end, of the frames tallied.
        var leading = 0
        var trailing = 0

        public init(budget: Double) { self.budget = budget }

        @inline(__always)
        public mutating func add(_ time: Double) {
            frames += 1
            if time > budget {
                late += 1
                trailing += 1
                if leading == frames - 1 { leading = frames }
                longest = Swift.max(longest, trailing)
                overrun += time - budget
                wallTime += time
            } else {
                trailing = 0
                wallTime += budget
            }
        }

        /// This tally followed by `next` (same budget).
        public mutating func append(_ next: Tally) {
            longest = Swift.max(longest, next.longest, trailing + next.leading)
            if leading == frames { leading += next.leading }
            trailing = next.trailing == next.frames ? trailing + next.trailing : next.trailing
            frames += next.frames
            late += next.late
            overrun += next.overrun
            wallTime += next.wallTime
        }

        public var report: FrameBudgetReport {
            let ratio = wallTime > 0 ? (overrun / 1e6) / (wallTime / 1e9) : 0
            return FrameBudgetReport(framesOverBudget: late, hitchTimeRatio: ratio, longestLateStreak: longest)
        }
    }
}

extension FrameBudget {
    /// The budget figures of frames known only by their distribution (results
    /// pooled from runs past `FrameSamples.exactFrameLimit`): each bucket's
    /// frames taken at its midpoint, so late frames and hitch ratio are
    /// within a bucket of the exact ones; the streak cannot be told from a
    /// distribution and is given.
    public static func estimate(_ distribution: FrameDistribution, budget: Double, longestLateStreak: Int) -> FrameBudgetReport {
        var late = 0
        var overrun = 0.0
        var wallTime = 0.0
        for bucket in distribution.occupiedBuckets {
            let time = bucket.lower + (bucket.width - 1) / 2
            if time > budget {
                late += bucket.count
                overrun += (time - budget) * Double(bucket.count)
                wallTime += time * Double(bucket.count)
            } else {
                wallTime += budget * Double(bucket.count)
            }
        }
        let ratio = wallTime > 0 ? (overrun / 1e6) / (wallTime / 1e9) : 0
        return FrameBudgetReport(framesOverBudget: late, hitchTimeRatio: ratio, longestLateStreak: longestLateStreak)
    }
}
