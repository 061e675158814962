import Foundation
import JSONText

/// A recording's two files (docs/commands.md, "Recordings"): `stream.bin`,
/// every byte the renderer or program wrote, and `frames.jsonl`, a header
/// line and one line per frame with the screen it should leave. The one
/// writer of both, for `record` and `program --record`.
///
/// The folder and both files are checked when it is made, before anything
/// is rendered; `commit` puts both files in place or neither.
struct RecordingFiles {
    let streamPath: String
    let framesPath: String
    private let replacing: Bool
    private var jsonl = ""

    /// Checks `directory` (made when missing) and its two files; `option`
    /// is the flag that named the folder, for messages.
    init(directory: String, option: String, replacing: Bool) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw UsageError("\(option) \(directory) exists and is not a directory") }
        } else {
            do { try AtomicFile.makeFolders(directory) } catch let error as UsageError {
                throw UsageError("\(option) \(directory): \(error.description)")
            }
        }
        streamPath = (directory as NSString).appendingPathComponent("stream.bin")
        framesPath = (directory as NSString).appendingPathComponent("frames.jsonl")
        self.replacing = replacing
        for path in [streamPath, framesPath] {
            // Checked before the frames are rendered; the commit checks again.
            guard case .regular = try AtomicFile.target(path) else {
                throw UsageError("\(option): \(path) is not a regular file; a recording is only written to regular files")
            }
            do { try AtomicFile.check(path, replacing: replacing) } catch let error as UsageError {
                throw UsageError("\(option): \(error.description)")
            }
        }
    }

    /// The first line: the terminal's size and name.
    mutating func header(cols: Int, rows: Int, term: String) {
        jsonl += "{\"cols\": \(cols), \"rows\": \(rows), \"term\": \(JSONString.quote(term))}\n"
    }

    /// One frame's line: where its bytes end in the stream, its size (on
    /// every frame: a script may resize the terminal mid-run), its rows'
    /// text and, when given, its rows' style runs (JSON arrays).
    mutating func frame(_ index: Int, end: Int, cols: Int, rows: Int, lines: [String], styles: [String]?) {
        jsonl += "{\"frame\": \(index), \"end\": \(end), \"cols\": \(cols), \"rows\": \(rows), \"lines\": ["
        jsonl += lines.map(JSONString.quote).joined(separator: ", ")
        jsonl += "]"
        if let styles { jsonl += ", \"styles\": [" + styles.joined(separator: ", ") + "]" }
        jsonl += "}\n"
    }

    /// Puts `stream` and the frame lines in place, both or neither: both
    /// are staged (written and synced) first, then committed with SIGINT
    /// and SIGTERM held back, so an interrupted `--force` cannot leave a
    /// new stream beside old frames. If the second name was taken
    /// meanwhile (no `--force`), the first is taken back out.
    func commit(stream: [UInt8]) throws {
        let stagedStream = try AtomicFile.Staged(stream, for: streamPath)
        defer { stagedStream.discard() }
        let stagedFrames = try AtomicFile.Staged(Array(jsonl.utf8), for: framesPath)
        defer { stagedFrames.discard() }
        try TemporaryFiles.withSignalsHeld {
            try stagedStream.commit(replacing: replacing)
            do {
                try stagedFrames.commit(replacing: replacing)
            } catch {
                if !replacing { stagedStream.revoke() }
                throw error
            }
        }
    }
}
