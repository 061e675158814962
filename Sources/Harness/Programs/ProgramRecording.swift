import Foundation
import JSONText
import ProgramDriver

/// A program run written as a recording in the format `record` uses (docs/commands.md,
/// "Recordings"): `stream.bin` is every byte the program wrote, `frames.jsonl`
/// the screen libvterm showed after each frame (start-up frames included):
/// its text and its cells' styles (colours and attributes as style runs), so
/// `scripts/replay_check.py` can replay it through pyte and tmux.
public enum ProgramRecording {
    /// Checks the folder (made when missing) and its two files before the
    /// program runs; `write` checks them again.
    public static func checkDirectory(_ path: String, replacing: Bool) throws {
        _ = try RecordingFiles(directory: path, option: "--record", replacing: replacing)
    }

    public static func write(_ run: ProgramRun, to path: String, replacing: Bool) throws {
        let settings = run.settings
        var files = try RecordingFiles(directory: path, option: "--record", replacing: replacing)
        files.header(cols: settings.cols, rows: settings.rows, term: settings.term)
        // Styles come from a second libvterm fed the recorded stream up to each
        // frame's end, resized where the frames' sizes change (as the replay
        // check replays it): the run's own screen keeps text only, and reading
        // styles there would slow the run it measures.
        let replay = TerminalScreen(cols: settings.cols, rows: settings.rows)
        var fed = 0
        var previousEnd = 0
        for frame in run.frames {
            guard let lines = frame.lines, let size = frame.size, let end = frame.streamEnd else { continue }
            if size.cols != replay.cols || size.rows != replay.rows {
                feed(replay, run.stream, from: &fed, to: previousEnd)
                replay.resize(cols: size.cols, rows: size.rows)
            }
            feed(replay, run.stream, from: &fed, to: end)
            previousEnd = end
            // A replay that reads other text than the run saw would give styles of another screen.
            let styles = replay.lines() == lines ? replay.styles().map(styleRuns) : nil
            files.frame(frame.index, end: end, cols: size.cols, rows: size.rows, lines: lines, styles: styles)
        }
        try files.commit(stream: run.stream)
    }

    private static func feed(_ screen: TerminalScreen, _ stream: [UInt8], from fed: inout Int, to end: Int) {
        let end = min(end, stream.count)
        guard end > fed else { return }
        stream[fed..<end].withUnsafeBytes { screen.write($0) }
        fed = end
    }

    /// One row's runs of cells with the same non-default style, as JSON (the shape `record --styles` writes).
    static func styleRuns(_ row: [TerminalScreen.CellStyle]) -> String {
        var runs: [String] = []
        var x = 0
        while x < row.count {
            var end = x + 1
            while end < row.count && row[end] == row[x] { end += 1 }
            let style = row[x]
            if style != .plain {
                let attributes = style.attributes.map(JSONString.quote).joined(separator: ", ")
                runs.append(
                    "{\"x\": \(x), \"n\": \(end - x), \"fg\": \(colourJSON(style.foreground)), \"bg\": \(colourJSON(style.background)), \"attrs\": [\(attributes)]}"
                )
            }
            x = end
        }
        return "[" + runs.joined(separator: ", ") + "]"
    }

    private static func colourJSON(_ colour: TerminalScreen.CellStyle.Colour) -> String {
        switch colour {
        case .default: return "\"default\""
        case .palette(let index): return String(index)
        case .rgb(let red, let green, let blue):
            return JSONString.quote("#" + [red, green, blue].map { String(format: "%02x", $0) }.joined())
        }
    }
}
