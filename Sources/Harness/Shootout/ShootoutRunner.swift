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
                let isReference = peer.name == plan.reference
                // The machine's own speed just before the run (about 12 ms).
                let machine = MachineProbe.reading()
                var run = try run(peer, script)
                if isReference { referenceFrames[script.name] = run.frames }
                let retries = try isReference ? 0 : retryCutFrames(
                    of: peer, script, round: round, run: &run, referenceFrames: &referenceFrames,
                    measurements: &measurements, progress: { progress?(peer.name, $0, round, done - 1, total) })
                var measurement = ShootoutMeasurement(
                    peer: peer.name, script: script.name, round: round, run: run,
                    reference: isReference ? nil : referenceFrames[script.name] ?? [])
                measurement.startupCpuNanoseconds = startupCPU[peer.name] ?? 0
                measurement.retries = retries
                measurement.machineProbeNanoseconds = machine
                measurements.append(measurement)
            }
        }
        return measurements
    }

    /// Rows that differ after one input and agree again after the next are the mark of a frame the
    /// quiet gap cut mid-write (a writer stalled by a busy machine), in this run or in the
    /// reference's: both are run again, up to `cutRetries` times, before the peer is called not
    /// comparable (the reference's measurement of this round is replaced). A peer that is wrong stays
    /// wrong on every try. Returns how many times it ran again.
    private func retryCutFrames(
        of peer: ShootoutPlan.Peer, _ script: ShootoutPlan.Script, round: Int, run: inout ProgramRun,
        referenceFrames: inout [String: [ProgramFrame]], measurements: inout [ShootoutMeasurement],
        progress: (String) -> Void
    ) throws(ProgramError) -> Int {
        var retries = 0
        while retries < Self.cutRetries, let reference = referenceFrames[script.name], run.outcome.isCompleted,
            SameScreenCheck.compare(run.frames, with: reference, inputs: run.inputs)?.agreesAfterNextInput == true
        {
            retries += 1
            progress("\(script.name) (again: a frame cut by the quiet gap, try \(retries + 1))")
            let again = try self.run(plan.peers.first { $0.name == plan.reference }!, script)
            referenceFrames[script.name] = again.frames
            if let index = measurements.lastIndex(where: {
                $0.peer == plan.reference && $0.script == script.name && $0.round == round
            }) {
                let startup = measurements[index].startupCpuNanoseconds
                let machine = measurements[index].machineProbeNanoseconds
                measurements[index] = ShootoutMeasurement(
                    peer: plan.reference, script: script.name, round: round, run: again, reference: nil)
                measurements[index].startupCpuNanoseconds = startup
                measurements[index].machineProbeNanoseconds = machine
                measurements[index].retries += 1
            }
            run = try self.run(peer, script)
        }
        return retries
    }

    /// How many times a peer and the reference run again when the peer's rows differ only around a
    /// frame the quiet gap cut.
    public static let cutRetries = 2

    /// One run of `peer` over `script`, after the peer's settle wait.
    private func run(_ peer: ShootoutPlan.Peer, _ script: ShootoutPlan.Script) throws(ProgramError) -> ProgramRun {
        let settle = peer.settleMilliseconds
        let steps = (settle > 0 ? [KeyScript.Step.wait(.milliseconds(settle))] : []) + script.keys.steps
        return try ProgramRunner.run(settings(peer, steps: steps, source: script.keys.source))
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
