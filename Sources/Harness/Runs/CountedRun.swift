import Foundation

/// Instruction counts for a benchmark: the same frames, run again in a child
/// `framebench run --counted-child` under callgrind (`CallgrindRunner`),
/// each phase attributed through its marker function.
public enum CountedRun {
    /// The child's report on standard output: how many frames each lane measured.
    struct ChildReport: Codable {
        var measuredFrames: [Backend: Int]
        enum CodingKeys: String, CodingKey { case measuredFrames = "measured_frames" }
    }

    /// Instructions of a benchmark's measured frames, by backend and metric:
    /// the mean per frame, and each frame's count in order (the child dumps
    /// its counts at the end of every frame, so the distribution is exact).
    struct Counts {
        var means: [Backend: [Metric: Double]] = [:]
        var frames: [Backend: [Metric: [Double]]] = [:]
    }

    /// Instructions per measured frame, by backend and metric.
    ///
    /// - Throws: `UsageError` when valgrind or strip is missing or the child
    ///   fails (the message says which and what to install).
    static func measure(_ settings: RunSettings) throws -> Counts {
        guard settings.backend == .both else { return try measureLanes(settings) }
        // Each lane in a child of its own. In one process the ncurses lane,
        // whose `doupdate` takes one of two counts run to run (ncurses' own),
        // allocates differently with each and so moves our lane's buffers:
        // our counts then varied by a few instructions a frame (watcha-home:
        // 3 of 1.1 million, `memcmp` and hash probes over shifted addresses),
        // and two runs of one build no longer repeated exactly.
        var ours = settings
        ours.backend = .framebench
        var counts = try measureLanes(ours)
        guard !settings.countsOnlyOurLane else { return counts }
        var theirs = settings
        theirs.backend = .ncurses
        let ncurses = try measureLanes(theirs)
        counts.means.merge(ncurses.means) { mine, _ in mine }
        counts.frames.merge(ncurses.frames) { mine, _ in mine }
        return counts
    }

    /// The counts of the lanes `settings.backend` names, from one counted child.
    private static func measureLanes(_ settings: RunSettings) throws -> Counts {
        let outcome: CallgrindRunner.Outcome
        do {
            outcome = try ChildSettings.withArguments(for: settings, flag: "--counted-child") {
                try CallgrindRunner(executable: try executable()).run(arguments: $0, perFrame: true)
            }
        } catch let error as CallgrindError {
            throw error.reported("instruction counts for \(settings.name)")
        }
        let report: ChildReport
        do {
            report = try JSONDecoder().decode(ChildReport.self, from: outcome.standardOutput)
        } catch {
            throw InternalFailure(.childProtocol, "instruction counts for \(settings.name): the counted child printed no frame counts (\(error))")
        }
        var results = Counts()
        for backend in settings.backend.members {
            guard let frames = report.measuredFrames[backend], frames > 0 else { continue }
            let parts = outcome.frames.filter { $0.totals[backend] != nil }
            guard parts.count == frames else {
                throw InternalFailure(.childProtocol, "instruction counts for \(settings.name): callgrind dumped \(parts.count) frames of \(backend.rawValue), the child measured \(frames)")
            }
            (results.means[backend], results.frames[backend]) = metrics(of: backend, outcome.counts, parts, frames: frames)
        }
        return results
    }

    /// `lane`'s instructions per phase, per whole frame and (ours) per
    /// render stage: the mean over `frames` measured frames, and each
    /// frame's count from its part.
    private static func metrics(
        of lane: Backend, _ counts: InstructionCounts, _ parts: [InstructionCounts], frames: Int
    ) -> (means: [Metric: Double], frames: [Metric: [Double]]) {
        var means: [Metric: Double] = [:]
        var perFrame: [Metric: [Double]] = [:]
        for phase in FramePhase.steps(of: lane) {
            means[Metric.instructions(of: phase)] = counts.perFrame(phase, lane: lane, frames: frames)
            perFrame[Metric.instructions(of: phase)] = parts.map { Double($0.count(phase, lane: lane)) }
        }
        means[.instructions] = counts.perFrame(lane: lane, frames: frames)
        perFrame[.instructions] = parts.map { Double($0.frameTotal(lane)) }
        if lane == .framebench {
            means[.renderInstructions] =
                counts.perFrame(.diff, lane: lane, frames: frames) + counts.perFrame(.encode, lane: lane, frames: frames)
            perFrame[.renderInstructions] = parts.map { Double($0.count(.diff, lane: lane) + $0.count(.encode, lane: lane)) }
        }
        return (means, perFrame)
    }

    /// Set by a command line (`FrameBenchCLI.main`): its children are this very
    /// executable, whatever it is called, since only it knows its catalog's scenes.
    nonisolated(unsafe) public static var childrenRunThisExecutable = false

    /// The `framebench` executable the child runs: this process when it is a
    /// command line (framebench or a package's own); else `FRAMEBENCH_EXECUTABLE`,
    /// or a `framebench` beside this executable (a test bundle in `.build/debug`).
    static func executable() throws -> URL {
        if childrenRunThisExecutable { return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath() }
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["FRAMEBENCH_EXECUTABLE"], !given.isEmpty {
            return URL(fileURLWithPath: given)
        }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if me.lastPathComponent == "framebench" { return me }
        let sibling = me.deletingLastPathComponent().appendingPathComponent("framebench")
        guard FileManager.default.isExecutableFile(atPath: sibling.path) else {
            throw UsageError("instruction counts run the framebench executable under callgrind; none beside \(me.path): build it (swift build --product framebench) or set FRAMEBENCH_EXECUTABLE")
        }
        return sibling
    }

    /// What the counted child does instead of a report: one run, then the measured frame counts on stdout.
    public static func runAsChild(_ settings: RunSettings) throws -> String {
        let result = try LaneRun.run(settings)
        var frames: [Backend: Int] = [:]
        for lane in result.results { frames[lane.backend] = lane.samples.frames }
        return String(decoding: try JSONEncoder().encode(ChildReport(measuredFrames: frames)), as: UTF8.self)
    }
}
