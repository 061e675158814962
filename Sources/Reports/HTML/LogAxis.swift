import Foundation

/// A logarithmic time axis: frame and phase times span decades (a 15 µs
/// frame beside a 4 ms spike), and on a linear axis the one spike sets the
/// scale and every ordinary frame is a pixel high. On this axis equal
/// ratios are equal distances, so a +30% change of a 7.6 µs phase moves as
/// far as a +30% change of a 4 ms one.
struct LogAxis {
    /// The smallest and largest values on the axis, in nanoseconds (both > 0).
    let lower: Double
    let upper: Double
    /// Where the axis starts and how long it is, in pixels.
    let start: Double
    let length: Double

    /// An axis from the smallest to the largest of `values` with a little
    /// room each side; values at or below zero (a phase that did no work)
    /// sit at the axis' start.
    init(covering values: [Double], start: Double, length: Double) {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        let smallest = positive.min() ?? 1, largest = positive.max() ?? 1
        // A tenth of a decade each side keeps the extremes off the frame's edge; an empty span gets one decade.
        var lower = smallest / 1.25, upper = largest * 1.25
        if upper / lower < 10 {
            let middle = (lower * upper).squareRoot()
            lower = middle / 10.0.squareRoot()
            upper = middle * 10.0.squareRoot()
        }
        self.init(lower: max(lower, 0.1), upper: upper, start: start, length: length)
    }

    init(lower: Double, upper: Double, start: Double, length: Double) {
        self.lower = lower
        self.upper = max(upper, lower * 1.01)
        self.start = start
        self.length = length
    }

    /// The pixel of `value` along the axis (from `start`), clamped to it.
    func position(_ value: Double) -> Double {
        let clamped = min(max(value, lower), upper)
        return start + log10(clamped / lower) / log10(upper / lower) * length
    }

    /// The value at a fraction of the axis (0 at `lower`, 1 at `upper`).
    func value(atFraction fraction: Double) -> Double {
        lower * pow(upper / lower, fraction)
    }

    /// Round values to label: 1, 2 and 5 of each decade in range, or only
    /// the powers of ten when that would crowd the axis (more than `most`).
    func ticks(most: Int = 9) -> [Double] {
        var decade = pow(10, (log10(lower)).rounded(.down))
        var all: [Double] = [], powers: [Double] = []
        while decade <= upper {
            for step in [1.0, 2, 5] where decade * step >= lower && decade * step <= upper {
                all.append(decade * step)
                if step == 1 { powers.append(decade) }
            }
            decade *= 10
        }
        if all.count <= most { return all }
        if powers.count >= 2 { return powers.count <= most ? powers : stride(from: 0, to: powers.count, by: 2).map { powers[$0] } }
        return [lower, upper]
    }
}
