import Harness
import FrameGrid
import Foundation
import Workloads

/// `framebench live`.
enum LiveCommand {
    static func live(_ arguments: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: ["frames", "term", "feed", "feed-file", "seed", "fps", "script"], switches: ["autoplay", "no-hud"])
        guard parsed.positionals.count == 1 else { throw UsageError("live takes one scenario") }
        let script = parsed.string("script") ?? "default"
        try WorkloadFactory.checkScript(script, for: parsed.positionals[0])
        guard let size = RawTerminal.size() else { throw UsageError("live mode needs a terminal (its size could not be read)") }
        let environmentTerm = ProcessInfo.processInfo.environment["TERM"].flatMap { $0.isEmpty || $0 == "dumb" ? nil : $0 }
        var options = LiveSession.Options(
            workload: parsed.positionals[0],
            workloadSettings: WorkloadSettings(
                size: Size(cols: size.cols, rows: size.rows),
                seed: UInt64(try parsed.integer("seed", default: 1, in: 0...Int.max)),
                feedItems: try parsed.integer("feed", default: 1_000_000, in: 1...Int(Int32.max)),
                feedFile: parsed.string("feed-file"), script: script),
            term: parsed.string("term") ?? environmentTerm ?? "xterm-256color")
        options.showsHUD = !parsed.flag("no-hud")
        options.framesPerSecond = Double(try parsed.integer("fps", default: 60, in: 1...1_000))
        if parsed.flag("autoplay") {
            options.autoplayFrames = try parsed.integer("frames", default: 600, in: 1...10_000_000)
        } else if parsed.string("frames") != nil {
            throw UsageError("--frames goes with --autoplay")
        }
        let summary = try LiveSession(options).run()
        if options.autoplayFrames != nil {
            let render = Summary(summary.renderNanoseconds)
            let write = Summary(summary.writeNanoseconds)
            try StandardStreams.printLine(
                """
                \(options.workload) live \(size.cols)x\(size.rows), \(render.count) frames, TERM=\(options.term)
                  render (diff+encode)    p50 \(Units.duration(render.p50))  p90 \(Units.duration(render.p90))  p99 \(Units.duration(render.p99))  max \(Units.duration(render.max))
                  write + drain terminal  p50 \(Units.duration(write.p50))  p90 \(Units.duration(write.p90))  p99 \(Units.duration(write.p99))  max \(Units.duration(write.max))
                  bytes/frame mean \(Units.number(Summary(summary.bytes).mean))  allocations/frame mean \(Units.number(Summary(summary.allocations).mean)) max \(Int(Summary(summary.allocations).max))
                """)
        }
        return 0
    }
}
