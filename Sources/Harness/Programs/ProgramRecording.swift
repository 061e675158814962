import Foundation
import ProgramDriver

/// A program run written as a recording in the format `record` uses (docs/commands.md,
/// "Recordings"): `stream.bin` is every byte the program wrote, `frames.jsonl`
/// the screen libvterm showed after each frame (start-up frames included),
/// so `scripts/replay_check.py` can replay it through pyte and tmux.
public enum ProgramRecording {
    public static func checkDirectory(_ path: String, replacing: Bool) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw UsageError("--record \(path) exists and is not a directory") }
        } else {
            do { try AtomicFile.makeFolders(path) } catch let error as UsageError {
                throw UsageError("--record \(path): \(error.description)")
            }
        }
        for name in ["stream.bin", "frames.jsonl"] {
            let file = (path as NSString).appendingPathComponent(name)
            do { try AtomicFile.check(file, replacing: replacing) } catch let error as UsageError {
                throw UsageError("--record: \(error.description)")
            }
        }
    }

    public static func write(_ run: ProgramRun, to path: String, replacing: Bool) throws {
        let settings = run.settings
        var jsonl = "{\"cols\": \(settings.cols), \"rows\": \(settings.rows), \"term\": \(JSON.quote(settings.term))}\n"
        for frame in run.frames {
            guard let lines = frame.lines, let size = frame.size, let end = frame.streamEnd else { continue }
            jsonl +=
                "{\"frame\": \(frame.index), \"end\": \(end), \"cols\": \(size.cols), \"rows\": \(size.rows), \"lines\": ["
            jsonl += lines.map(JSON.quote).joined(separator: ", ") + "]}\n"
        }
        try AtomicFile.write(
            run.stream, to: (path as NSString).appendingPathComponent("stream.bin"), replacing: replacing)
        try AtomicFile.write(
            Array(jsonl.utf8), to: (path as NSString).appendingPathComponent("frames.jsonl"), replacing: replacing)
    }
}
