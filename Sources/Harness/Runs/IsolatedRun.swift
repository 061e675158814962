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
/// it or in what order. The child is `framebench run SCENARIO
/// --isolated-child ...`; its environment is padded like a counted child's
/// (`StackAlignment`), so its stack sits at the same alignment whatever the
/// parent's arguments.
public enum IsolatedRun {
    /// The hidden `run` switch that makes a process the child.
    public static let childFlag = "--isolated-child"

    /// What the child prints on standard output: every lane's frames.
    struct ChildResult: Codable {
        struct Lane: Codable {
            var backend: String
            var stage: String
            /// Metric name to one value per measured frame.
            var frames: [String: [Double]]
            /// Involuntary context switches per measured frame (our lane; absent from older children).
            var preemptions: [Double]?
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
    static func run(_ settings: RunSettings) throws -> RunResult {
        let executable = try CountedRun.executable()
        TemporaryFiles.removeAbandoned("framebench-isolated", in: FileManager.default.temporaryDirectory)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            TemporaryFiles.scratchName("framebench-isolated"))
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
        } catch {
            throw InternalFailure(.scratch, "cannot run \(settings.name) in its own process: no scratch folder in \(scratch.deletingLastPathComponent().path) (\(error))")
        }
        let scratchSlot = TemporaryFiles.registerFolder(scratch.path, label: "scratch folder")
        defer {
            try? FileManager.default.removeItem(at: scratch)
            TemporaryFiles.unregister(scratchSlot)
        }
        let arguments = settings.childArguments(flag: childFlag)
        var environment = ProcessInfo.processInfo.environment
        // Hash tables walked in one order from process to process (see DeterministicHashing).
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        let outcome: ChildProcess.Result
        do {
            outcome = try ChildProcess.run(
                executable, arguments,
                environment: StackAlignment.padded(environment, arguments: [executable.path] + arguments),
                scratch: scratch, label: "\(settings.name) in its own process (run --isolated-child)")
        } catch {
            throw InternalFailure(.childFailed, "cannot run \(settings.name) in its own process (\(executable.path)): \(error)")
        }
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
        let result = try PeerRun.run(settings)
        let lanes = result.results.map { lane in
            ChildResult.Lane(
                backend: lane.backend.rawValue, stage: lane.stage,
                frames: Dictionary(
                    uniqueKeysWithValues: lane.metrics.filter { $0.kind != .instructions }.map { ($0.rawValue, lane.samples[$0]) }),
                preemptions: lane.samples.preemptions.isEmpty ? nil : lane.samples.preemptions)
        }
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
            guard let backend = Backend(rawValue: lane.backend), backend != .both else {
                throw InternalFailure(.childProtocol, "\(settings.name): its process reported an unknown backend '\(lane.backend)'")
            }
            var samples = FrameSamples()
            for metric in BackendResult.metrics(of: backend) where metric.kind != .instructions {
                guard let values = lane.frames[metric.rawValue] else {
                    throw InternalFailure(.childProtocol, "\(settings.name): its process reported no \(metric.rawValue) for \(backend.rawValue)")
                }
                samples[metric] = values
            }
            samples.preemptions = lane.preemptions ?? []
            results.append(PeerRun.result(backend, lane.stage, samples))
        }
        let idle = child.idle.map {
            IdleFrameResult(
                bytes: $0.bytes, copiedFrameDiff: $0.copiedFrameDiff, redrawnFrameDiff: $0.redrawnFrameDiff,
                redrawnBytes: $0.redrawnBytes)
        }
        return RunResult(settings: settings, results: results, idle: idle, peakResidentBytes: child.peakResidentBytes)
    }
}
