import Foundation

/// One run of a benchmark in a fresh `framebench` process, so that no other
/// benchmark of the suite can change its counts.
///
/// Why: a process allocates once for what it meets for the first time (type
/// metadata, conformance caches, lazily built tables, buffers kept by a
/// cache), so run in one process after other scenes, a scene's frames
/// allocated a few times more or less than run alone (watcha-home frames
/// 21, 123 and 394: 343/345, 1463/1486, 433/444). A shard runs another set
/// of benchmarks before it than the whole suite does, so its allocation
/// counts could not equal the whole run's. In a fresh process per run every
/// count is a property of the benchmark and the build, whatever runs beside
/// it or in what order. The child is `framebench run --isolated-child
/// --settings-file FILE`, the settings handed over as a value
/// (`ChildSettings`); its environment is padded like a counted child's
/// (`StackAlignment`), so its stack sits at the same alignment whatever the
/// parent's arguments.
public enum IsolatedRun {
    /// The hidden `run` switch that makes a process the child.
    public static let childFlag = "--isolated-child"

    /// What the child prints on standard output: every lane's frames.
    struct ChildResult: Codable {
        struct Lane: Codable {
            var backend: Backend
            var stage: String
            /// One value per measured frame of each metric, as the child measured them.
            var samples: FrameSamples
        }
        struct Idle: Codable {
            var bytes: Int
            var copiedFrameDiff: Summary
            var redrawnFrameDiff: Summary
            var redrawnBytes: Int

            enum CodingKeys: String, CodingKey {
                case bytes
                case copiedFrameDiff = "copied_frame_diff"
                case redrawnFrameDiff = "redrawn_frame_diff"
                case redrawnBytes = "redrawn_bytes"
            }
        }
        var lanes: [Lane]
        var idle: Idle?
        var peakResidentBytes: Int

        // The same case as results files, though only a parent reads this.
        enum CodingKeys: String, CodingKey {
            case lanes, idle
            case peakResidentBytes = "peak_rss_bytes"
        }
    }

    /// Runs `settings` in a child process and returns its result as if run here.
    ///
    /// - Throws: `UsageError` when the child found its input bad (as it said
    ///   it); `InternalFailure` naming the benchmark when the child cannot
    ///   start, fails or is killed (with the tail of its standard error), or
    ///   prints something else.
    /// - Parameter onFrames: called with the frames the child has done, at
    ///   most 10 times a second while it runs, from another thread; never
    ///   after this returns (`ChildProgress`). Nil: the child says nothing.
    static func run(_ settings: RunSettings, onFrames: ((Int) -> Void)? = nil) throws -> RunResult {
        try ScratchFolder.with(
            "framebench-isolated", label: "scratch folder", purpose: "cannot run \(settings.name) in its own process"
        ) { scratch in
            try run(settings, in: scratch, onFrames: onFrames)
        }
    }

    /// `run(_:)` with the child's settings, output and error (and progress FIFO) in `scratch`.
    private static func run(_ settings: RunSettings, in scratch: URL, onFrames: ((Int) -> Void)?) throws -> RunResult {
        let executable = try CountedRun.executable()
        let arguments = ChildSettings.arguments(flag: childFlag, file: try ChildSettings.write(settings, into: scratch))
        var environment = ProcessInfo.processInfo.environment
        // Hash tables walked in one order from process to process (see DeterministicHashing).
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        environment[ChildProgress.environmentName] = nil  // a grandparent's FIFO is not this run's
        let listener = onFrames.flatMap { ChildProgress.Listener(in: scratch, onFrames: $0) }
        if let listener { environment = listener.environment(environment) }
        let outcome: ChildProcess.Result
        do {
            outcome = try ChildProcess.run(
                executable, arguments,
                environment: StackAlignment.padded(environment, arguments: [executable.path] + arguments),
                scratch: scratch, label: "\(settings.name) in its own process (run --isolated-child)")
        } catch {
            listener?.stop()
            throw InternalFailure(.childFailed, "cannot run \(settings.name) in its own process (\(executable.path)): \(error)")
        }
        listener?.stop()
        if outcome.status == 2 {
            // Bad input (an unknown terminal, a missing feed file) is the
            // same error it would be in this process: say it as the child did,
            // after the benchmark's name (a suite has many).
            let tail = outcome.standardErrorTail
            let message = tail.hasPrefix("framebench: ") ? String(tail.dropFirst("framebench: ".count)) : tail
            throw UsageError(message.contains(settings.name) ? message : "\(settings.name): \(message)")
        }
        guard outcome.status == 0 else {
            throw InternalFailure(
                .childFailed, "\(settings.name) failed in its own process (exit \(outcome.status)): \(outcome.standardErrorTail)")
        }
        let child: ChildResult
        do {
            child = try JSONDecoder().decode(ChildResult.self, from: outcome.standardOutput)
        } catch {
            throw InternalFailure(.childProtocol, "\(settings.name): its process printed no result (\(error))")
        }
        return try result(of: child, settings: settings)
    }

    /// The child's side: one run here, its frames as JSON for the parent.
    public static func runAsChild(_ settings: RunSettings) throws -> String {
        var progress = ChildProgress.Reporter()
        let result = try PeerRun.run(settings) { progress.report(framesDone: $0) }
        let lanes = result.results.map { ChildResult.Lane(backend: $0.backend, stage: $0.stage, samples: $0.samples) }
        let idle = result.idle.map {
            ChildResult.Idle(
                bytes: $0.bytes, copiedFrameDiff: $0.copiedFrameDiff, redrawnFrameDiff: $0.redrawnFrameDiff,
                redrawnBytes: $0.redrawnBytes)
        }
        let child = ChildResult(lanes: lanes, idle: idle, peakResidentBytes: result.peakResidentBytes)
        return String(decoding: try JSONEncoder().encode(child), as: UTF8.self)
    }

    static func result(of child: ChildResult, settings: RunSettings) throws -> RunResult {
        var results: [BackendResult] = []
        for lane in child.lanes {
            guard settings.backend.members.contains(lane.backend) else {
                throw InternalFailure(.childProtocol, "\(settings.name): its process reported a \(lane.backend.rawValue) lane, which a run of \(settings.backend.rawValue) does not have")
            }
            guard lane.samples.frames > 0 else {
                throw InternalFailure(.childProtocol, "\(settings.name): its process measured no frames of \(lane.backend.rawValue)")
            }
            results.append(PeerRun.result(lane.backend, lane.stage, lane.samples))
        }
        let idle = child.idle.map {
            IdleFrameResult(
                bytes: $0.bytes, copiedFrameDiff: $0.copiedFrameDiff, redrawnFrameDiff: $0.redrawnFrameDiff,
                redrawnBytes: $0.redrawnBytes)
        }
        return RunResult(settings: settings, results: results, idle: idle, peakResidentBytes: child.peakResidentBytes)
    }
}
