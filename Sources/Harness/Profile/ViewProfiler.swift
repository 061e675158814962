import FrameGrid
import Layout
import Workloads

/// Per-view layout cost (`--profile-views`): installed as the layout probe
/// while framebench's lane lays a frame out, it times every node's measure,
/// place and draw steps and counts their allocations, attributing to each
/// node its own (self) share, children excluded.
///
/// Costs are kept per node path (the node types from the root, as the work
/// nested) and per frame: each path's calls, self and inclusive time and
/// allocations over the run, the distribution of its self time per frame
/// (on quarter-octave bins, so p99 is good to about 19%), and for each
/// measured frame the path that cost it the most: the answer to "which view
/// made frame 812 slow".
///
/// Bounded: memory grows with the distinct paths (hundreds) and one entry
/// per measured frame, not with calls.
/// Overhead when installed: two clock reads and two allocation-counter
/// reads per node step (measured: see docs/profiling.md, "Per-view layout cost").
/// Not installed, it costs nothing: `LayoutProbes.current` stays nil.
public final class ViewProfiler: LayoutProbe, @unchecked Sendable {
    /// Frames before this are warm-up: laid out and profiled, not recorded.
    public let warmUpFrames: Int

    private struct PathKey: Hashable {
        var parent: Int
        var type: ObjectIdentifier
    }

    private var pathIndex: [PathKey: Int] = [:]
    private var parents: [Int] = []
    private var types: [ObjectIdentifier] = []
    private var typeNames: [ObjectIdentifier: String] = [:]
    private var calls: [Int] = []
    private var selfTime: [UInt64] = []
    private var inclusiveTime: [UInt64] = []
    private var selfAllocations: [UInt64] = []
    /// Per path, `binCount` bins of its self time per frame, paths one after another (one flat array: no nested copies).
    private var histograms: [Int] = []
    private var frameSelf: [UInt64] = []
    private var frameAllocations: [UInt64] = []
    private var touched: [Int] = []
    /// The frame serial each path was last touched in, so `touched` lists each path once.
    private var touchedIn: [Int] = []
    private var frameSerial = 0

    private struct Open {
        var path: Int
        var start: UInt64
        var allocations: UInt64
        var childTime: UInt64 = 0
        var childAllocations: UInt64 = 0
    }

    private var stack: [Open] = []
    private var frame = -1
    private var recording = false
    /// The costliest path of each measured frame: (frame, path, self ns, self allocations).
    private var frameTops: [(frame: Int, path: Int, nanoseconds: UInt64, allocations: UInt64)] = []

    public init(warmUpFrames: Int) {
        self.warmUpFrames = warmUpFrames
        stack.reserveCapacity(256)
        touched.reserveCapacity(1024)
        frameTops.reserveCapacity(4096)
    }

    // MARK: Frames

    /// Installs the probe for frame `index`'s layout.
    public func beginFrame(_ index: Int) {
        frame = index
        frameSerial += 1
        recording = index >= warmUpFrames
        stack.removeAll(keepingCapacity: true)
        LayoutProbes.current = self
    }

    /// Removes the probe and files the frame's per-path costs.
    public func endFrame() {
        LayoutProbes.current = nil
        var top: (path: Int, nanoseconds: UInt64, allocations: UInt64)?
        for path in touched {
            if recording {
                histograms[path * ViewProfiler.binCount + ViewProfiler.bin(frameSelf[path])] += 1
                if frameSelf[path] > top?.nanoseconds ?? 0 || top == nil {
                    top = (path, frameSelf[path], frameAllocations[path])
                }
            }
            frameSelf[path] = 0
            frameAllocations[path] = 0
        }
        touched.removeAll(keepingCapacity: true)
        if recording, let top { frameTops.append((frame, top.path, top.nanoseconds, top.allocations)) }
    }

    /// `workload` with its draws laid out under this probe (its updates are not).
    public func wrap(_ workload: Workload) -> Workload { ProfiledWorkload(workload, profiler: self) }

    // MARK: LayoutProbe

    public func enter(_ node: ViewNode) {
        let type = ObjectIdentifier(Swift.type(of: node))
        let key = PathKey(parent: stack.last?.path ?? -1, type: type)
        let path: Int
        if let known = pathIndex[key] { path = known } else { path = addPath(key, name: String(describing: Swift.type(of: node))) }
        if touchedIn[path] != frameSerial {
            touchedIn[path] = frameSerial
            touched.append(path)
        }
        // Read last, so the probe's own bookkeeping falls outside the node's time.
        stack.append(Open(path: path, start: 0, allocations: AllocationSnapshot.now().allocations))
        stack[stack.count - 1].start = MonotonicClock.now()
    }

    public func exit(_ node: ViewNode) {
        let end = MonotonicClock.now()
        let allocations = AllocationSnapshot.now().allocations
        guard let open = stack.popLast() else { return }
        let inclusive = end &- open.start
        let allocated = allocations &- open.allocations
        let ownTime = inclusive &- min(inclusive, open.childTime)
        let ownAllocations = allocated &- min(allocated, open.childAllocations)
        calls[open.path] += 1
        inclusiveTime[open.path] &+= inclusive
        selfTime[open.path] &+= ownTime
        selfAllocations[open.path] &+= ownAllocations
        frameSelf[open.path] &+= ownTime
        frameAllocations[open.path] &+= ownAllocations
        if !stack.isEmpty {
            stack[stack.count - 1].childTime &+= inclusive
            stack[stack.count - 1].childAllocations &+= allocated
        }
    }

    private func addPath(_ key: PathKey, name: String) -> Int {
        let path = parents.count
        pathIndex[key] = path
        parents.append(key.parent)
        types.append(key.type)
        if typeNames[key.type] == nil { typeNames[key.type] = name }
        calls.append(0)
        selfTime.append(0)
        inclusiveTime.append(0)
        selfAllocations.append(0)
        histograms.append(contentsOf: repeatElement(0, count: ViewProfiler.binCount))
        frameSelf.append(0)
        frameAllocations.append(0)
        touchedIn.append(-1)
        return path
    }

    // MARK: Results

    /// The path's node types from the root, `/`-separated.
    func pathName(_ path: Int) -> String {
        var names: [String] = []
        var current = path
        while current >= 0 {
            names.append(typeNames[types[current]] ?? "?")
            current = parents[current]
        }
        return names.reversed().joined(separator: "/")
    }

    /// Everything recorded, by path and by view type.
    public func report() -> ViewProfileReport {
        let paths = parents.indices.map { path in
            ViewCostRow(
                name: pathName(path), calls: calls[path], selfNanoseconds: selfTime[path],
                inclusiveNanoseconds: inclusiveTime[path], selfAllocations: selfAllocations[path],
                frameHistogram: Array(histograms[path * ViewProfiler.binCount..<(path + 1) * ViewProfiler.binCount]))
        }
        var byType: [String: ViewCostRow] = [:]
        for (path, row) in paths.enumerated() {
            let name = typeNames[types[path]] ?? "?"
            var merged = byType[name] ?? ViewCostRow(name: name)
            merged.calls += row.calls
            merged.selfNanoseconds += row.selfNanoseconds
            // A type nested in itself would count its inner time twice in an inclusive sum: self only.
            merged.inclusiveNanoseconds += row.selfNanoseconds
            merged.selfAllocations += row.selfAllocations
            for bin in row.frameHistogram.indices { merged.frameHistogram[bin] += row.frameHistogram[bin] }
            byType[name] = merged
        }
        var frames: [Int: FrameViewCost] = [:]
        for top in frameTops {
            frames[top.frame] = FrameViewCost(
                path: pathName(top.path), nanoseconds: Int(top.nanoseconds), allocations: Int(top.allocations))
        }
        return ViewProfileReport(paths: paths, types: Array(byType.values), frames: frames)
    }

    // MARK: Quarter-octave bins

    public static let binCount = 256

    /// Bin of `value`: four per power of two.
    @inline(__always)
    static func bin(_ value: UInt64) -> Int {
        guard value >= 4 else { return Int(value) }
        let exponent = 63 - value.leadingZeroBitCount
        return min(binCount - 1, exponent * 4 + Int((value >> (exponent - 2)) & 3))
    }

    /// The largest value bin `index` holds.
    static func upperEdge(_ index: Int) -> UInt64 {
        guard index >= 4 else { return UInt64(index) }
        let exponent = index / 4
        let quarter = UInt64(index % 4)
        return ((4 + quarter + 1) << (exponent - 2)) - 1
    }
}

/// Draws under a `ViewProfiler`: each frame's layout (its `draw`) is profiled.
final class ProfiledWorkload: Workload {
    static var name: String { "profiled" }
    let inner: Workload
    let profiler: ViewProfiler

    init(_ inner: Workload, profiler: ViewProfiler) {
        self.inner = inner
        self.profiler = profiler
    }

    var size: Size { inner.size }
    var drawsIncrementally: Bool { inner.drawsIncrementally }
    func update(frame index: Int) throws { try inner.update(frame: index) }

    func draw(frame index: Int, into grid: inout Grid) {
        profiler.beginFrame(index)
        defer { profiler.endFrame() }
        inner.draw(frame: index, into: &grid)
    }
}

extension Optional where Wrapped == ViewProfiler {
    /// The workload under the profiler, or itself when there is none.
    func wrap(_ workload: Workload) -> Workload { self?.wrap(workload) ?? workload }
}
