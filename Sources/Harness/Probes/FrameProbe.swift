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
/// phase (update 1, layout 2, then the render stage's phases).
public protocol FrameProbe {
    /// Whether each phase runs inside its callgrind marker
    /// (`InstructionCounter.phase`): a flag compared per phase outside
    /// callgrind, so false only where not even that may be added.
    static var marksInstructions: Bool { get }

    /// At `boundary`, outside any phase (between two phases' windows).
    mutating func mark(_ boundary: Int)

    /// At the end of `phase` of `lane`, inside it: what runs here is
    /// counted in the phase's time and instructions. `start` is the
    /// boundary it began at.
    func closing(_ phase: FramePhase, of lane: Backend, start: Int)
}

extension FrameProbe {
    /// Runs `body` as `phase` of `lane`, ending at `boundary`.
    @inline(__always)
    mutating func phase<T, E: Error>(
        _ phase: FramePhase, of lane: Backend, ends boundary: Int, _ body: () throws(E) -> T
    ) throws(E) -> T {
        let value: T
        if Self.marksInstructions {
            value = try InstructionCounter.phase(phase, lane: lane) { () throws(E) -> T in
                let value = try body()
                closing(phase, of: lane, start: boundary - 1)
                return value
            }
        } else {
            value = try body()
            closing(phase, of: lane, start: boundary - 1)
        }
        mark(boundary)
        return value
    }
}

/// No probe at all: the bare frame.
public struct NoProbe: FrameProbe {
    public static var marksInstructions: Bool { false }
    public init() {}
    @inline(__always) public func mark(_ boundary: Int) {}
    @inline(__always) public func closing(_ phase: FramePhase, of lane: Backend, start: Int) {}
}
