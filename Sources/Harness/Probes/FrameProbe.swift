/// What watches a frame from inside `FramePipeline`: told where the frame
/// starts and where each phase ends, so measurement sits around the frame
/// instead of being written into it (package-benchmark's one benchmark body
/// with measurement around it).
///
/// The pipeline is generic over its probe, so each probe gets a copy of the
/// frame specialised to it: no existential, no closure context, nothing
/// allocated per frame. A probe whose methods are empty (`NoProbe`) leaves
/// the bare frame, which is what `framebench overhead` compares against.
///
/// Boundaries are numbered: 0 is the frame's start, n the end of its n-th
/// phase (update 1, layout 2, then the render stage's phases). Each phase
/// runs inside its callgrind marker (`InstructionCounter.phase`, a flag
/// compared outside callgrind), its body and `closing` written in one
/// closure at the call site: a helper wrapping the body in a closure of its
/// own added some 60 instructions to every counted phase (a call through
/// the wrapper, the phase and lane no longer constants inside it).
public protocol FrameProbe {
    /// At `boundary`, outside any phase (between two phases' windows).
    mutating func mark(_ boundary: Int)

    /// At the end of `phase` of `lane`, inside it: what runs here is
    /// counted in the phase's time and instructions. `start` is the
    /// boundary it began at.
    func closing(_ phase: FramePhase, of lane: Backend, start: Int)
}

/// No probe at all: the bare frame.
public struct NoProbe: FrameProbe {
    public init() {}
    @inline(__always) public func mark(_ boundary: Int) {}
    @inline(__always) public func closing(_ phase: FramePhase, of lane: Backend, start: Int) {}
}
