/// Why a program run's figures may be wrong, in words a user can act on.
///
/// Every case where attribution or cutting could silently mislead is
/// listed here, so the report says it and `--strict` fails on it:
///
/// | doubt | why the figure may be wrong |
/// |---|---|
/// | inputs with no frame | a key that changed nothing, or a program slower than the answer window |
/// | inputs with more than one frame | first-frame and settled times differ; which is "the" latency is the user's call |
/// | gap-cut frames continued | a pause inside one frame may have split it (raise `--gap`) |
/// | sync update never closed | the frame's end is our limit, not the program's |
/// | frames cut at the next input | the previous answer never settled in its window |
/// | frames still coming at the window's end | a continuous animation: settled time is a lower bound |
/// | open-loop backlog | frames are matched to the earliest unanswered key; a program that merges keys shifts them |
/// | the reader fell behind | the program was held back by a full queue |
enum RunDoubts {
    static func of(_ run: ProgramRun, readerFellBehind: Bool, unsettled: [Int]) -> [String] {
        var doubts: [String] = []
        let window = run.settings.effectiveAnswerWindow / 1_000_000
        let gap = run.settings.quiescenceGap / 1_000_000
        let inputs = run.sentInputs
        let unanswered = run.unansweredInputs
        if !unanswered.isEmpty {
            doubts.append(
                "\(unanswered.count) of \(inputs.count) inputs got no frame within the \(window) ms answer window "
                    + "(\(list(unanswered.map { describe(inputs[$0]) }))); mark a step that changes nothing 'noframe'")
        }
        let several = inputs.filter { $0.frames > 1 }
        if !several.isEmpty {
            let most = several.map(\.frames).max() ?? 0
            doubts.append(
                "\(several.count) of \(inputs.count) inputs were answered by more than one frame (up to \(most)): "
                    + "input to first frame and input to settled differ (\(list(several.map(describe))))")
        }
        var continued = 0
        for input in inputs where input.frames > 1 {
            guard let first = input.firstFrame, let last = input.lastFrame else { continue }
            for index in first..<last
            where run.frames[index].input == input.index && run.frames[index].cut == .quiescence {
                continued += 1
            }
        }
        if continued > 0 {
            doubts.append(
                "\(continued) frames cut by \(gap) ms of quiet were continued by more bytes before the next input: "
                    + "a pause inside a frame may have split it (a longer --gap joins them)")
        }
        let unclosed = run.frames.filter { $0.cut == .limit || ($0.cut == .endOfRun && run.usesSynchronizedUpdates) }
        if run.frames.contains(where: { $0.cut == .limit }) {
            doubts.append(
                "a synchronized update (ESC[?2026h) was never closed: \(unclosed.count) frames cut by the harness "
                    + "after \(window) ms of quiet, not by the program")
        }
        let cutAtInput = run.frames.filter { $0.cut == .nextInput && $0.role != .startup }.count
        if cutAtInput > 0 {
            doubts.append("\(cutAtInput) frames were still open when the next input was sent, and were cut there")
        }
        if !unsettled.isEmpty {
            doubts.append(
                "\(unsettled.count) inputs' frames were still coming \(window) ms after the input: "
                    + "settled times are lower bounds (a continuous animation?)")
        }
        let openLoop = inputs.filter(\.openLoop)
        if !openLoop.isEmpty && run.maxBacklog > 1 {
            doubts.append(
                "open loop: up to \(run.maxBacklog) inputs waited unanswered at once; frames are matched to the "
                    + "earliest unanswered input, so a program that merges keys shifts them")
        }
        if readerFellBehind {
            doubts.append("the harness fell behind reading (its queue filled): the program was held back")
        }
        return doubts
    }

    /// Open loop: the most inputs sent and not yet answered (nor past their
    /// window) at the moment an input was sent, including it.
    static func maxBacklog(_ inputs: [ProgramInput], frames: [ProgramFrame], window: UInt64) -> Int {
        guard inputs.contains(where: \.openLoop) else { return 0 }
        // When each input stopped waiting: its first frame's first byte, or its window's end.
        let resolved = inputs.map { input in
            input.firstFrame.map { frames[$0].firstByteTime } ?? input.sentTime + window
        }.sorted()
        var most = 0
        var done = 0
        for (position, input) in inputs.enumerated() {
            while done < resolved.count && resolved[done] <= input.sentTime { done += 1 }
            most = max(most, position + 1 - done)
        }
        return most
    }

    private static func describe(_ input: ProgramInput) -> String {
        "input \(input.index) '\(input.step)' line \(input.line)"
    }

    /// The first few items, and how many more.
    private static func list(_ items: [String]) -> String {
        let shown = items.prefix(5).joined(separator: ", ")
        return items.count > 5 ? "\(shown) and \(items.count - 5) more" : shown
    }
}
