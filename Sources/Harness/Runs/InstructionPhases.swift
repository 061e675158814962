/// TEMPORARY integration seam for callgrind phase attribution (replaced by the Instructions module).
enum InstructionPhases {
    @inline(__always)
    static func run<T>(_ backend: Backend, _ phase: FramePhase, _ body: () throws -> T) rethrows -> T { try body() }
    static func beginRun() {}
    static func counting(_ on: Bool) {}
}
enum InstructionCounts {
    static func measure(_ settings: RunSettings) throws -> [Backend: [Metric: Double]] { throw UsageError("instruction counts: not integrated yet") }
}
