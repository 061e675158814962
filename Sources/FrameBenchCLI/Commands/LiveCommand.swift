import Harness
import FrameGrid
import Foundation
import Workloads

/// `framebench live`.
enum LiveCommand {
    static func live(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.count == 1 else { throw UsageError("live takes one scenario") }
        if !parsed.flag("autoplay"), parsed.string("frames") != nil { throw UsageError("--frames goes with --autoplay") }
        let settings = try RunSettingsParser.settings(forScenario: parsed.positionals[0], parsed)
        guard let size = RawTerminal.size() else { throw UsageError("live mode needs a terminal (its size could not be read)") }
        var workloadSettings = settings.workloadSettings
        workloadSettings.size = Size(cols: size.cols, rows: size.rows)
        var options = LiveSession.Options(workload: settings.workload, workloadSettings: workloadSettings, term: settings.term)
        options.showsHUD = !parsed.flag("no-hud")
        options.framesPerSecond = Double(try parsed.integer("fps", default: RunDefaults.liveFramesPerSecond, in: 1...1_000))
        if parsed.flag("autoplay") {
            options.autoplayFrames = parsed.string("frames") == nil ? RunDefaults.autoplayFrames : settings.frames
        }
        let trace = try parsed.string("trace").map { path in
            guard !path.isEmpty, path != "-" else { throw UsageError("--trace needs a file name") }
            try AtomicFile.check(path, replacing: parsed.flag("force"))
            return path
        }
        let summary = try LiveSession(options).run()
        if let trace {
            try AtomicFile.write(try LiveTrace.render(summary, options: options), to: trace, replacing: parsed.flag("force"))
        }
        if options.autoplayFrames != nil {
            let render = Summary(summary.renderNanoseconds)
            let write = Summary(summary.writeNanoseconds)
            try StandardStreams.printLine(
                """
                \(options.workload) live \(size.cols)x\(size.rows), \(summary.renderNanoseconds.count) frames, TERM=\(options.term)
                  render (diff+encode)    p50 \(Units.duration(render.p50))  p90 \(Units.duration(render.p90))  p99 \(Units.duration(render.p99))  max \(Units.duration(render.max))
                  write + drain terminal  p50 \(Units.duration(write.p50))  p90 \(Units.duration(write.p90))  p99 \(Units.duration(write.p99))  max \(Units.duration(write.max))
                  bytes/frame mean \(Units.number(Summary(summary.bytes).mean))  allocations/frame mean \(Units.number(Summary(summary.allocations).mean)) max \(Int(Summary(summary.allocations).max))
                """)
        }
        return 0
    }
}
