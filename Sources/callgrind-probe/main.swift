// A tiny program with phases of known work, to show that instruction counts
// under callgrind are exact and attributed to the right phase.
//
//   callgrind-probe frames WARMUP MEASURED UNITS
//       The counted child: per frame, ours.update spins UNITS, ours.layout
//       2 x UNITS, ours.encode UNITS plus a nested ours.write phase of UNITS
//       (counted in encode), ncurses.refresh 3 x UNITS then throws. Warm-up
//       frames spin 10x as much, uncounted. Prints one JSON line.
//   callgrind-probe demo
//       Counts `frames 5 20 10000` of this very program twice under
//       CallgrindRunner and prints both results and the phase ratios.
import Foundation
import Harness

struct ProbeError: Error {}

/// A sink the optimizer cannot see through, so the spin loops stay.
nonisolated(unsafe) var sink: UInt64 = 0

@inline(never)
func spin(_ units: Int) {
    var state = sink | 1
    for _ in 0..<units {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
    }
    sink = state
}

func countedFrames(warmUp: Int, measured: Int, units: Int) {
    for frame in 0..<(warmUp + measured) {
        let isMeasured = frame >= warmUp
        InstructionCounter.setMeasured(isMeasured)
        let work = isMeasured ? units : 10 * units
        InstructionCounter.phase(.update, lane: .framebench) { spin(work) }
        InstructionCounter.phase(.layout, lane: .framebench) { spin(2 * work) }
        InstructionCounter.phase(.encode, lane: .framebench) {
            spin(work)
            InstructionCounter.phase(.write, lane: .framebench) { spin(work) }
        }
        do {
            try InstructionCounter.phase(.render, lane: .ncurses) { () throws(ProbeError) in
                spin(3 * work)
                throw ProbeError()
            }
        } catch {}
        InstructionCounter.endFrame()
    }
    InstructionCounter.endMeasuredFrames()
    print(#"{"measured_frames":\#(measured),"markers_active":\#(InstructionCounter.isActive)}"#)
}

func demo() throws {
    let runner = CallgrindRunner()
    for attempt in 1...2 {
        let start = Date()
        let outcome = try runner.run(arguments: ["frames", "5", "20", "10000"])
        let seconds = Date().timeIntervalSince(start)
        let counts = outcome.counts
        print(
            "run \(attempt) (\(String(format: "%.2f", seconds)) s): child printed \(String(decoding: outcome.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))"
        )
        for lane in counts.totals.keys.sorted() {
            for phase in counts.totals[lane]!.keys.sorted() {
                print("  \(lane.markerName).\(phase.markerName): \(counts.totals[lane]![phase]!) instructions")
            }
        }
        let update = Double(counts.totals[.framebench]?[.update] ?? 0)
        print(
            String(
                format: "  layout/update %.4f, encode/update %.4f, ncurses.refresh/update %.4f",
                Double(counts.totals[.framebench]?[.layout] ?? 0) / update,
                Double(counts.totals[.framebench]?[.encode] ?? 0) / update,
                Double(counts.totals[.ncurses]?[.render] ?? 0) / update))
    }
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "frames" where arguments.count == 4:
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    guard numbers.count == 3, numbers.allSatisfy({ $0 >= 0 }) else {
        FileHandle.standardError.write(Data("callgrind-probe: frames needs three counts >= 0\n".utf8))
        exit(2)
    }
    countedFrames(warmUp: numbers[0], measured: numbers[1], units: numbers[2])
case "demo" where arguments.count == 1:
    do {
        try demo()
    } catch {
        FileHandle.standardError.write(Data("callgrind-probe: \(error)\n".utf8))
        exit(2)
    }
default:
    FileHandle.standardError.write(Data("usage: callgrind-probe frames WARMUP MEASURED UNITS | demo\n".utf8))
    exit(2)
}
