/// The modes `TerminalScreen` answers DECRQM for itself, because libvterm
/// 0.1.4 either ignores them or does not report them, tracked from the
/// program's own set/reset sequences so the answers are true.
///
/// | mode | why it is tracked here |
/// |---|---|
/// | `?2026` synchronized output | libvterm ignores it (the frame cutter reads the markers); a terminal that supports it reports it |
/// | `4` IRM insert, `20` LNM new line | libvterm implements them but answers no ANSI-mode DECRQM |
/// | `?69` DECLRMM left/right margins | libvterm reads `CSI s` as DECSLRM even when it is off; xterm then reads it as save cursor |
///
/// The alternate screen (`?47`, `?1047`, `?1049`) is asked of libvterm
/// itself (see `TerminalScreen.answerModeRequest`); every other private
/// mode libvterm answers from its own state.
struct TerminalModes: Equatable {
    var synchronizedOutput = false
    var insert = false
    var newLine = false
    var leftRightMargins = false

    /// Notes `CSI ? Pm h/l` (private) or `CSI Pm h/l` (ANSI).
    mutating func note(_ sequence: ControlSequence) {
        let set: Bool
        switch sequence.final {
        case UInt8(ascii: "h"): set = true
        case UInt8(ascii: "l"): set = false
        default: return
        }
        guard !sequence.hasIntermediate else { return }
        for mode in sequence.parameters {
            switch (sequence.leader, mode) {
            case (UInt8(ascii: "?"), 2026): synchronizedOutput = set
            case (UInt8(ascii: "?"), 69): leftRightMargins = set
            case (0, 4): insert = set
            case (0, 20): newLine = set
            default: break
            }
        }
    }

    /// DECSTR (`CSI ! p`), a soft reset, turns insert mode off (as in xterm); the others stay.
    mutating func softReset() { insert = false }

    /// The DECRQM value (1 set, 2 reset) of private mode `mode`, nil when not tracked here.
    func privateMode(_ mode: Int32) -> Int? {
        mode == 2026 ? (synchronizedOutput ? 1 : 2) : nil
    }

    /// The DECRQM value of ANSI mode `mode`: 1 set, 2 reset, 0 not recognised.
    func ansiMode(_ mode: Int32) -> Int {
        switch mode {
        case 4: return insert ? 1 : 2
        case 20: return newLine ? 1 : 2
        default: return 0
        }
    }
}
