import FrameGrid
import Workloads

/// The two phases that produce a frame, timed and counted apart: the
/// workload's state update, then layout and drawing into the grid.
struct ProducePhases {
    var updateNanoseconds: Double
    var layoutNanoseconds: Double
    var updateAllocations: (allocations: UInt64, bytes: UInt64)
    var layoutAllocations: (allocations: UInt64, bytes: UInt64)

    @inline(__always)
    static func measure(_ workload: Workload, frame index: Int, into grid: inout Grid) -> ProducePhases {
        let start = AllocationSnapshot.now()
        let startTime = MonotonicClock.now()
        workload.update(frame: index)
        let updated = MonotonicClock.now()
        let afterUpdate = AllocationSnapshot.now()
        workload.draw(frame: index, into: &grid)
        let drawn = MonotonicClock.now()
        let afterDraw = AllocationSnapshot.now()
        return ProducePhases(
            updateNanoseconds: Double(updated - startTime), layoutNanoseconds: Double(drawn - updated),
            updateAllocations: afterUpdate.since(start), layoutAllocations: afterDraw.since(afterUpdate))
    }

    func record(into samples: inout FrameSamples) {
        samples.append(updateNanoseconds, to: .updateTime)
        samples.append(layoutNanoseconds, to: .layoutTime)
        samples.append(Double(updateAllocations.allocations), to: .updateAllocations)
        samples.append(Double(updateAllocations.bytes), to: .updateAllocatedBytes)
        samples.append(Double(layoutAllocations.allocations), to: .layoutAllocations)
        samples.append(Double(layoutAllocations.bytes), to: .layoutAllocatedBytes)
    }
}
