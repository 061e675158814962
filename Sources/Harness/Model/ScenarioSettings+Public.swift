extension ScenarioSettings {
    /// Settings for frames made outside a `RunSettings` run (live mode's trace).
    public init(
        scenario: String, script: String, frames: Int, cols: Int, rows: Int, feedItems: Int, seed: UInt64, term: String,
        warmUpFrames: Int, synchronizedOutput: Bool
    ) {
        self.init(
            scenario: scenario, script: script, frames: frames, cols: cols, rows: rows, feedItems: feedItems, seed: seed,
            term: term, warmUpFrames: warmUpFrames, repeats: 1, synchronizedOutput: synchronizedOutput,
            scrollRegions: true, eraseAndRepeat: true)
    }
}
