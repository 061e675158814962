import Harness

/// The progress line a suite run writes to standard error on a terminal:
/// a bar, runs and frames done, the time left at the pace so far, and the
/// benchmark running now. Redrawn in place with a carriage return; the
/// rest of the old line is erased with `EL`, or, for a terminal that takes
/// no escapes (`TERM=dumb`), overwritten with spaces.
public struct ProgressLine {
    public var allowsEscapes: Bool
    /// Width of the last line drawn, to blank it without escapes.
    private var lastWidth = 0

    public init(allowsEscapes: Bool) { self.allowsEscapes = allowsEscapes }

    /// What to write for `progress`: the new line, or the line cleared once
    /// every run and count is done.
    public mutating func render(_ progress: SuiteProgress) -> String {
        var line = ""
        if !progress.benchmark.isEmpty {
            let width = 20
            let filled = progress.framesTotal == 0 ? width : min(width, progress.framesDone * width / progress.framesTotal)
            let (full, empty): (Character, Character) = allowsEscapes ? ("█", "░") : ("#", "-")
            let bar = String(repeating: full, count: filled) + String(repeating: empty, count: width - filled)
            let left = progress.estimatedSecondsLeft.map { "about \(ProgressLine.duration($0)) left" } ?? "estimating time left"
            // After the timed runs, only what still runs (instruction counts) is named.
            let figures = progress.isFinished
                ? "" : "\(progress.runsDone)/\(progress.runsTotal) runs, \(progress.framesDone)/\(progress.framesTotal) frames, \(left)  "
            line = "\(bar) " + figures + UntrustedText.terminal(progress.benchmark)
        }
        defer { lastWidth = line.count }
        if allowsEscapes { return "\r\u{1B}[K" + line }
        let blank = String(repeating: " ", count: max(0, lastWidth - line.count))
        return "\r" + line + blank + (line.isEmpty ? "\r" : "")
    }

    /// "45s", "3m05s", "1h02m".
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return "\(whole / 60)m" + pad2(whole % 60) + "s" }
        return "\(whole / 3600)h" + pad2(whole / 60 % 60) + "m"
    }

    private static func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
