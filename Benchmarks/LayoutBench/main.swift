// layout-bench: the layout engine's benchmark figures (issue 3).
//
//   swift run -c release layout-bench [--frames N] [--size COLSxROWS] [--seed S] [--jumps N]
//
// 1. One row scrolled per frame over lazy feeds of 10,000,000 and 1,000
//    items, interleaved in blocks: frame-time percentiles for each, their
//    ratio, built/retained rows and resident memory.
// 2. scrollTo a random index of the 10,000,000-item feed: time of the jump
//    (layout alone, and the whole frame).
// 3. Frames that only animate: allocations across layout, draw, diff and encode.
//
// Benchmarks measure; nothing here fails on a timing.
import FrameGrid
import Layout
import TerminalOutput
import Harness
import Workloads

#if canImport(Glibc)
    import Glibc
#endif

struct BenchSettings {
    var frames = 2_000
    var size = Size(cols: 100, rows: 40)
    var seed: UInt64 = 1
    var jumps = 1_000
    var block = 50

    /// Parses flags; a message naming the bad argument otherwise.
    static func parse(_ arguments: [String]) -> Result<BenchSettings, BenchUsageError> {
        var settings = BenchSettings()
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { return .failure(BenchUsageError("\(flag) needs a value")) }
            switch flag {
            case "--frames":
                guard let n = Int(value), n >= 100 else {
                    return .failure(BenchUsageError("--frames: \(value) is not a number >= 100"))
                }
                settings.frames = n
            case "--jumps":
                guard let n = Int(value), n >= 10 else {
                    return .failure(BenchUsageError("--jumps: \(value) is not a number >= 10"))
                }
                settings.jumps = n
            case "--seed":
                guard let n = UInt64(value) else {
                    return .failure(BenchUsageError("--seed: \(value) is not a number"))
                }
                settings.seed = n
            case "--size":
                let parts = value.split(separator: "x")
                guard parts.count == 2, let cols = Int(parts[0]), let rows = Int(parts[1]), cols >= 20, rows >= 8,
                    cols <= 1000, rows <= 1000
                else { return .failure(BenchUsageError("--size: \(value) is not COLSxROWS (at least 20x8)")) }
                settings.size = Size(cols: cols, rows: rows)
            default:
                return .failure(BenchUsageError("unknown argument \(flag)"))
            }
        }
        return .success(settings)
    }
}

struct BenchUsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

func run(_ settings: BenchSettings) throws {
    let capabilities = try TerminalCapabilities.load(term: "xterm-256color")
    print(
        "layout-bench  size \(settings.size)  seed \(settings.seed)  frames \(settings.frames) per feed  (release build expected)"
    )
    print("")
    try scrollComparison(settings, capabilities)
    print("")
    try jumps(settings, capabilities)
    print("")
    try animationFrames(settings, capabilities)
    print("")
    print("resident memory at the end: \(Probe.residentKiB()) KiB; peak RSS \(Probe.peakResidentKiB()) KiB")
    print("(run via `swift run`, the peak includes SwiftPM itself, which execs this program)")
    print("note: on a shared machine a preempted frame shows as a ~4 ms outlier in every scenario, frames that")
    print("only animate (fixed work) included; compare p50/p90, and read p99/max against the load (uptime).")
}

/// 1: one row per frame, 10M vs 1k items, interleaved blocks.
func scrollComparison(_ settings: BenchSettings, _ capabilities: TerminalCapabilities) throws {
    let residentBefore = Probe.residentKiB()
    let large = FeedRun(count: 10_000_000, size: settings.size, seed: settings.seed, capabilities: capabilities)
    let small = FeedRun(count: 1_000, size: settings.size, seed: settings.seed, capabilities: capabilities)
    // Start both away from the top by the same distance, so both scroll through the same kind of rows.
    for run in [large, small] {
        for _ in 0..<20 {
            run.position.scroll(by: 1)
            _ = try run.frame()
        }
    }
    var largeTimes: [UInt64] = []
    var smallTimes: [UInt64] = []
    var largeAllocations: UInt64 = 0
    var smallAllocations: UInt64 = 0
    largeTimes.reserveCapacity(settings.frames)
    smallTimes.reserveCapacity(settings.frames)
    var round = 0
    while largeTimes.count < settings.frames {
        // Alternate which feed goes first, so drift and cache effects fall on both.
        let order = round % 2 == 0 ? [large, small] : [small, large]
        for run in order {
            let before = Probe.allocations()
            for _ in 0..<settings.block {
                run.position.scroll(by: 1)
                let time = try run.frame()
                if run === large { largeTimes.append(time) } else { smallTimes.append(time) }
            }
            if run === large {
                largeAllocations += Probe.allocations() - before
            } else {
                smallAllocations += Probe.allocations() - before
            }
        }
        round += 1
    }
    let largeStats = DurationSummary(nanoseconds: largeTimes)
    let smallStats = DurationSummary(nanoseconds: smallTimes)
    print(
        "1. one row per frame, full frame (layout + draw + diff + encode + write), interleaved blocks of \(settings.block)"
    )
    print("   10,000,000 items: \(largeStats.microsecondsLine)")
    print("        1,000 items: \(smallStats.microsecondsLine)")
    let ratio = largeStats.p50 / smallStats.p50
    print(
        "   ratio 10M/1k: p50 \(Units.number(ratio, digits: 3))x  p90 \(Units.number(largeStats.p90 / smallStats.p90, digits: 3))x   target p50 <= 1.15x: \(ratio <= 1.15 ? "met" : "NOT met")"
    )
    print(
        "   allocations per frame: 10M \(Units.number(Double(largeAllocations) / Double(largeTimes.count), digits: 1))  1k \(Units.number(Double(smallAllocations) / Double(smallTimes.count), digits: 1))  (rows entering the screen are built)"
    )
    for (name, run) in [("10M", large), ("1k", small)] {
        let stats = run.position.lazyStatistics!
        print(
            "   \(name): scrolled \(run.position.offset) lines, rows built \(stats.rowsBuilt), rows live \(stats.liveRows), lengths remembered \(stats.rememberedLengths), items asked for: built rows only"
        )
    }
    print(
        "   resident memory: before both feeds \(residentBefore) KiB, after \(Probe.residentKiB()) KiB (the feeds store nothing per item)"
    )
}

/// 2: scrollTo random indices of the 10M feed.
func jumps(_ settings: BenchSettings, _ capabilities: TerminalCapabilities) throws {
    let run = FeedRun(count: 10_000_000, size: settings.size, seed: settings.seed, capabilities: capabilities)
    _ = try run.frame()
    var random = SeededRandom(seed: settings.seed ^ 0xABCDEF)
    var layoutTimes: [UInt64] = []
    var frameTimes: [UInt64] = []
    var built: [Int] = []
    // Jumps (with the frame after) the machine preempted: an involuntary
    // context switch fell in them. Read outside the clock pairs.
    var preempted: [Bool] = []
    for _ in 0..<settings.jumps {
        let index = random.below(10_000_000)
        let before = run.position.lazyStatistics!.rowsBuilt
        let switchesBefore = Probe.involuntarySwitches()
        run.position.scrollTo(index: index)
        let start = Probe.nanoseconds()
        run.host.layout()
        layoutTimes.append(Probe.nanoseconds() - start)
        built.append(run.position.lazyStatistics!.rowsBuilt - before)
        // The frame: drawn, diffed and encoded; its layout adds the overscan rows the jump left out.
        frameTimes.append(try run.frame())
        preempted.append(Probe.involuntarySwitches() != switchesBefore)
        precondition(run.position.anchor.index == index || index > 10_000_000 - 20, "the jump landed on its row")
    }
    let layout = DurationSummary(nanoseconds: layoutTimes)
    let whole = DurationSummary(nanoseconds: frameTimes)
    print("2. scrollTo a random index of 10,000,000 variable-height items (\(settings.jumps) jumps)")
    print("   jump (layout, building the rows now visible):     \(layout.microsecondsLine)")
    print("   then the frame (overscan rows, draw, diff, encode): \(whole.microsecondsLine)")
    let kept = preempted.indices.filter { !preempted[$0] }
    if kept.count < preempted.count && !kept.isEmpty {
        let quietLayout = DurationSummary(nanoseconds: kept.map { layoutTimes[$0] })
        let quietWhole = DurationSummary(nanoseconds: kept.map { frameTimes[$0] })
        print(
            "   \(preempted.count - kept.count) of \(preempted.count) jumps preempted by the machine"
                + " (involuntary context switches); the others:")
        print("     jump:            \(quietLayout.microsecondsLine)")
        print("     the frame after: \(quietWhole.microsecondsLine)")
    }
    print(
        "   rows built by the jump's layout: mean \(Units.number(Double(built.reduce(0, +)) / Double(built.count), digits: 1)), max \(built.max() ?? 0)"
    )
    func verdict(_ value: Double) -> String { value < 1_000_000 ? "met" : "NOT met" }
    print(
        "   target under 1 ms (jump layout): p50 \(verdict(layout.p50)), p90 \(verdict(layout.p90)),"
            + " p99 \(verdict(layout.p99)), max \(verdict(layout.max))")
    if kept.count < preempted.count && !kept.isEmpty {
        // The issue's target is on our code: a jump the machine took the processor from is not judged by it.
        let quietLayout = kept.map { layoutTimes[$0] }.max()!
        let quietWhole = kept.map { frameTimes[$0] }.max()!
        print(
            "   target under 1 ms, jumps not preempted: jump max \(verdict(Double(quietLayout))),"
                + " the frame after max \(verdict(Double(quietWhole)))")
    }
}

/// 3: frames that only animate (no scroll, no new rows).
func animationFrames(_ settings: BenchSettings, _ capabilities: TerminalCapabilities) throws {
    let run = FeedRun(count: 10_000_000, size: settings.size, seed: settings.seed, capabilities: capabilities)
    for _ in 0..<3 { _ = try run.frame() }
    run.position.scrollTo(index: 4_321_000)
    for _ in 0..<3 { _ = try run.frame() }
    let rowsBefore = run.position.lazyStatistics!.rowsBuilt
    var times: [UInt64] = []
    times.reserveCapacity(4_096)  // appending inside the counted window must not grow the array
    var allocations: UInt64 = 0
    var frames = 0
    let animations: [(String, Animation)] = [
        ("linear", .linear(duration: 0.5)), ("easeInOut", .easeInOut(duration: 0.5)),
        ("spring", .spring(response: 0.5, dampingFraction: 0.8)), ("bouncy", .bouncy(duration: 0.5, extraBounce: 0.2)),
    ]
    for round in 0..<8 {
        withAnimation(animations[round % animations.count].1) { FeedScreen.tabSelection?.wrappedValue.toggle() }
        _ = try run.frame()  // the state change: views evaluated again
        _ = try run.frame()  // first frame of motion
        while run.host.isAnimating {
            let before = Probe.allocations()
            times.append(try run.frame())
            allocations += Probe.allocations() - before
            frames += 1
        }
    }
    let stats = DurationSummary(nanoseconds: times)
    print("3. frames that only animate (matched-geometry underline; \(animations.map(\.0).joined(separator: ", ")))")
    print("   frame time: \(stats.microsecondsLine)")
    print(
        "   allocations across layout, draw, diff, encode, write: \(allocations) in \(frames) frames   target 0: \(allocations == 0 ? "met" : "NOT met")"
    )
    print("   rows built during them: \(run.position.lazyStatistics!.rowsBuilt - rowsBefore)")
}

switch BenchSettings.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let error):
    fputs("layout-bench: \(error.message)\n", stderr)
    exit(2)
case .success(let settings):
    do {
        try run(settings)
    } catch {
        fputs("layout-bench: \(error)\n", stderr)
        exit(1)
    }
}
