import JSONText

/// `framebench program --frame-log FILE`: every input and frame of a run as
/// JSON Lines, on the raw CLOCK_MONOTONIC nanoseconds, so a program that
/// logs its own key-read and write-done times on the same clock can be
/// compared frame by frame (the accuracy suite does). The contract is
/// FRAMELOG.md (docs): records `input`, `frame`, then one `end`.
///
/// Extra fields beyond the contract: `run` (1-based, with `--repeat`) and
/// `benchmark` on every record; `trailing_bytes` on frames; `notes` and
/// `max_backlog` on `end`.
public enum FrameLog {
    /// The lines of one run (each ends in a newline).
    public static func lines(of run: ProgramRun, benchmark: String, runNumber: Int) -> String {
        var text = ""
        let common = "\"run\":\(runNumber),\"benchmark\":\(JSONString.quote(benchmark))"
        for input in run.sentInputs {
            text +=
                "{\"type\":\"input\",\"index\":\(input.index),\"line\":\(input.line),\"step\":\(JSONString.quote(input.step)),"
                + "\"sent_ns\":\(input.sentTime),\"expects_frame\":\(input.expectsFrame),"
                + "\"open_loop\":\(input.openLoop),\(common)}\n"
        }
        for frame in run.frames {
            let input = frame.input.map(String.init) ?? "null"
            text +=
                "{\"type\":\"frame\",\"index\":\(frame.index),\"input\":\(input),\"role\":\"\(frame.role.rawValue)\","
                + "\"first_byte_ns\":\(frame.firstByteTime),\"complete_ns\":\(frame.completeTime),"
                + "\"last_byte_ns\":\(frame.lastByteTime),\"bytes\":\(frame.bytes),\"cut\":\"\(frame.cut.logName)\","
                + "\"trailing_bytes\":\(frame.trailingBytes),\(common)}\n"
        }
        text +=
            "{\"type\":\"end\",\"outcome\":\(JSONString.quote(outcomeWord(run.outcome))),\"outcome_text\":\(JSONString.quote(run.outcome.description)),"
            + "\"inputs\":\(run.sentInputs.count),\"unanswered_inputs\":[\(run.unansweredInputs.map(String.init).joined(separator: ","))],"
            + "\"doubts\":[\(run.doubts.map(JSONString.quote).joined(separator: ","))],"
            + "\"notes\":[\(run.notes.map(JSONString.quote).joined(separator: ","))],\"max_backlog\":\(run.maxBacklog),\(common)}\n"
        return text
    }

    /// The outcome's one word (`completed`, `hung`, `exited`, `flooded`, `stopped`).
    public static func outcomeWord(_ outcome: ProgramOutcome) -> String {
        switch outcome {
        case .completed: return "completed"
        case .exitedEarly: return "exited"
        case .hung: return "hung"
        case .flooded: return "flooded"
        case .stopped: return "stopped"
        }
    }
}
