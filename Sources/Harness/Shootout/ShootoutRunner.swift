import Foundation
import ProgramDriver

/// Runs a `ShootoutPlan`: every peer over every script, round after round,
/// the reference first in each script's round so the others are checked
/// against this round's reference screens.
public struct ShootoutRunner {
    public var plan: ShootoutPlan
    public var root: String
    /// Called before each run (peer, script, round, index, total): progress lines.
    public var progress: ((String, String, Int, Int, Int) -> Void)?

    public init(plan: ShootoutPlan, root: String) {
        self.plan = plan
        self.root = root
    }

    public func run() throws(ProgramError) -> [ShootoutMeasurement] {
        var measurements: [ShootoutMeasurement] = []
        let total = plan.rounds * (plan.scripts.count + 1) * plan.peers.count
        var done = 0
        for round in 0..<plan.rounds {
            var order = plan.order(round: round)
            // The reference goes first within each script (the check needs its screens).
            order = plan.scripts.flatMap { script in
                let runs = order.filter { $0.script == script }
                return runs.filter { $0.peer.name == plan.reference }
                    + runs.filter { $0.peer.name != plan.reference }
            }
            var referenceFrames: [String: [ProgramFrame]] = [:]
            // Each peer's start-up alone (the settle wait, no key): its CPU time is subtracted per run.
            var startupCPU: [String: Double] = [:]
            for peer in plan.order(round: round).prefix(plan.peers.count).map(\.peer) {
                progress?(peer.name, "start-up", round, done, total)
                done += 1
                let run = try ProgramRunner.run(
                    settings(
                        peer, steps: [.wait(.milliseconds(Swift.max(1, peer.settleMilliseconds)))], source: ""))
                startupCPU[peer.name] = Double(run.cpuNanoseconds)
            }
            for (peer, script) in order {
                progress?(peer.name, script.name, round, done, total)
                done += 1
                let settle = peer.settleMilliseconds
                let steps =
                    (settle > 0 ? [KeyScript.Step.wait(.milliseconds(settle))] : []) + script.keys.steps
                let run = try ProgramRunner.run(settings(peer, steps: steps, source: script.keys.source))
                let isReference = peer.name == plan.reference
                if isReference { referenceFrames[script.name] = run.frames }
                var measurement = ShootoutMeasurement(
                    peer: peer.name, script: script.name, round: round, run: run,
                    reference: isReference ? nil : referenceFrames[script.name] ?? [])
                measurement.startupCpuNanoseconds = startupCPU[peer.name] ?? 0
                measurements.append(measurement)
            }
        }
        return measurements
    }

    private func settings(_ peer: ShootoutPlan.Peer, steps: [KeyScript.Step], source: String)
        -> ProgramSettings
    {
        var settings = ProgramSettings(
            command: plan.command(of: peer, root: root), cols: plan.cols, rows: plan.rows,
            term: "xterm-256color",
            script: KeyScript(steps: steps, source: source))
        settings.capturesText = true
        settings.quiescenceGap = UInt64(plan.gapMilliseconds) * 1_000_000
        return settings
    }

    /// The framework's version as its peer prints it (or why it could not).
    public func version(of peer: ShootoutPlan.Peer) -> String {
        let command = plan.versionCommand(of: peer, root: root)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        do { try process.run() } catch { return "unknown (\(command[0]) did not start)" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return "unknown (\(command[0]) failed)" }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
