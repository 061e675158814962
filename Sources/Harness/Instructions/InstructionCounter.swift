import CCallgrind

/// Counts the instructions of each frame phase when the process runs as the
/// counted child of `CallgrindRunner` (under valgrind's callgrind).
///
/// The run loop wraps each phase: `InstructionCounter.phase(.layout, lane: .framebench) { ... }`.
/// Outside callgrind that is one compare of a flag set before `main` with
/// zero and a branch never taken (`cmpl $0, fb_callgrind_markers_active;
/// jne` in the release build), then the body inlined as if unwrapped. Under
/// callgrind the body runs through the C marker function of (lane, phase)
/// (see `CCallgrind.h`), which callgrind charges with the body's inclusive
/// cost under a symbol the Swift optimizer cannot rename, inline or clone.
///
/// Collection starts off (`--collect-atstart=no`); the loop turns it on for
/// measured frames only with `beginMeasuredFrames()` and off for warm-up
/// frames with `endMeasuredFrames()`. Both are idempotent, so they can be
/// called before every frame.
public enum InstructionCounter {
    /// Environment variable the runner sets for its counted child.
    public static let childEnvironmentKey = FB_CALLGRIND_CHILD_ENV
    /// Environment variable the runner sets to get one part per frame.
    public static let perFrameEnvironmentKey = FB_CALLGRIND_FRAMES_ENV

    /// True in the counted child under callgrind; phases then go through markers.
    public static var isActive: Bool { fb_callgrind_is_active() != 0 }

    /// True when the valgrind client-request header was present at build
    /// time; without it the markers can never be activated.
    public static var isCompiledIn: Bool { fb_callgrind_compiled_in() != 0 }

    /// Runs `body` as `phase` of `lane`'s frame and returns its result.
    ///
    /// A phase entered inside another phase is not marked: its cost counts
    /// for the outer one, so no instruction is counted twice.
    /// - Complexity: O(1) on top of `body`; under callgrind a constant
    ///   handful of calls, counted inside the phase.
    @inlinable @inline(__always)
    public static func phase<T, E: Error>(
        _ phase: FramePhase, lane: Backend, _ body: () throws(E) -> T
    ) throws(E) -> T {
        if _fastPath(fb_callgrind_is_active() == 0) { return try body() }
        return try runThroughMarker(phase, lane, body)
    }

    /// Turns collection on: the frames that follow are measured. No-op
    /// outside the counted child, and when collection is already on.
    @inlinable @inline(__always)
    public static func beginMeasuredFrames() {
        if _slowPath(fb_callgrind_is_active() != 0) { fb_callgrind_set_collecting(1) }
    }

    /// Turns collection off (warm-up frames, work between runs).
    @inlinable @inline(__always)
    public static func endMeasuredFrames() {
        if _slowPath(fb_callgrind_is_active() != 0) { fb_callgrind_set_collecting(0) }
    }

    /// Collection on for a measured frame, off otherwise; for loops that
    /// interleave warm-up and measured frames of several lanes.
    @inlinable @inline(__always)
    public static func setMeasured(_ measured: Bool) {
        if _slowPath(fb_callgrind_is_active() != 0) { fb_callgrind_set_collecting(measured ? 1 : 0) }
    }

    /// Ends a frame. When the runner asked for per-frame counts, the counts
    /// since the previous frame go to an out-file part of their own; call it
    /// after the last phase of every frame, measured or not (warm-up frames
    /// dump nothing).
    @inlinable @inline(__always)
    public static func endFrame() {
        if _slowPath(fb_callgrind_is_active() != 0) { fb_callgrind_end_frame() }
    }

    /// The counted path: the body, its result and its error travel through
    /// a context pointer, because a C function pointer cannot capture.
    /// Inlinable (though never inlined) so callers in other modules get a
    /// copy specialised to their `T` and `E`: unspecialised, it added about
    /// 1,400 instructions to every counted phase. Specialised, it adds about
    /// 160 (release build), counted inside the phase: the escaping closure
    /// `withoutActuallyEscaping` needs is one heap context. The amount is
    /// the same in every run of a build, so it never shows as a change.
    @inlinable @inline(never)
    static func runThroughMarker<T, E: Error>(
        _ phase: FramePhase, _ lane: Backend, _ body: () throws(E) -> T
    ) throws(E) -> T {
        var result: Result<T, E>?
        // The closure captures a pointer to `result`, not the variable: a
        // captured variable would be boxed on the heap (a malloc per phase).
        withUnsafeMutablePointer(to: &result) { slot in
            withoutActuallyEscaping({ slot.pointee = Result(catching: body) }) { run in
                withUnsafePointer(to: run) { pointer in
                    fb_callgrind_run_phase(
                        lane.cValue, phase.cValue, callPhaseBody, UnsafeMutableRawPointer(mutating: pointer))
                }
            }
        }
        return try result!.get()
    }
}

/// The C-callable side of a marker: calls the Swift closure behind `context`.
@usableFromInline
let callPhaseBody: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
    context!.assumingMemoryBound(to: (() -> Void).self).pointee()
}
