import Foundation
import Harness
import Reports

/// `framebench profile SCENARIO --out DIR`: the scenario's measured frames
/// under callgrind, kept as a callgrind file (kcachegrind), folded stacks
/// and an SVG flame graph (`InstructionProfile`).
enum ProfileCommand {
    static func profile(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.count == 1 else { throw UsageError("profile takes one scenario") }
        // RunDefaults.profileFrames unless --frames (the declared default).
        let settings = try RunSettingsParser.settings(forScenario: parsed.positionals[0], parsed)
        guard let out = parsed.string("out"), !out.isEmpty else { throw UsageError("profile needs --out DIR") }
        let output = try InstructionProfile.profile(
            settings, into: URL(fileURLWithPath: out), replacing: parsed.flag("force"),
            flameGraph: { FlameGraph.svg($0, title: $1) })
        var lines = [
            "profiled \(settings.frames - settings.warmUpFrames) measured frames of \(settings.workload) at \(settings.size) "
                + "(\(settings.backend.rawValue)): \(output.instructions) instructions",
            "  \(output.callgrind.path)   (kcachegrind / qcachegrind)",
            "  \(output.folded.path)   (folded stacks: speedscope, flame graph tools)",
            "  \(output.flameGraph.path)   (flame graph; open in a browser)",
        ]
        if !output.demangled { lines.append("  (swift-demangle not found on PATH: names are left mangled)") }
        lines.append("  hottest functions by their own instructions:")
        for function in output.hottest {
            let share = Double(function.instructions) / Double(max(output.instructions, 1)) * 100
            lines.append("    \(String(format: "%5.1f%%", share))  \(UntrustedText.terminal(String(function.name.prefix(120))))")
        }
        try StandardStreams.printLine(lines.joined(separator: "\n"))
        return 0
    }
}
