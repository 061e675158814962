import Foundation

/// The `run` command line of a child process (`CountedRun`, `IsolatedRun`).
extension RunSettings {
    /// The `run` command line, with the child's `flag`, that draws the same frames as these settings.
    func childArguments(flag: String) -> [String] {
        var arguments = [
            "run", workload, flag,
            "--frames", "\(frames)", "--size", "\(size.cols)x\(size.rows)",
            "--seed", "\(workloadSettings.seed)", "--feed", "\(workloadSettings.feedItems)",
            "--script", script, "--backend", backend.rawValue, "--term", term,
            "--warm-up", "\(warmUpFrames)",
        ]
        // Absolute: a counted child runs in `/` (`CallgrindRunner.workingDirectory`).
        if let file = workloadSettings.feedFile {
            arguments += ["--feed-file", URL(fileURLWithPath: file).standardizedFileURL.path]
        }
        if encoderOptions.synchronizedOutput { arguments.append("--sync") }
        if !encoderOptions.usesScrollRegions { arguments.append("--no-scroll-regions") }
        if !encoderOptions.usesEraseAndRepeat { arguments.append("--no-erase") }
        if injection.isActive {
            arguments += [
                "--inject-phase", injection.phase.rawValue, "--inject-allocations", "\(injection.allocationsPerFrame)",
                "--inject-delay-ns", "\(injection.delayNanoseconds)", "--inject-slowdown", "\(injection.slowdown)",
                "--inject-work", "\(injection.workIterations)",
            ]
        }
        return arguments
    }
}
