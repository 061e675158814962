/// One parsed control sequence (`ESC [ leader parameters intermediates
/// final`), as `SequenceGuard` hands it on: numbers already clamped, so
/// re-encoding it gives the emulator nothing it cannot hold.
///
/// Storage is reused from sequence to sequence (`removeAll(keepingCapacity:)`),
/// so parsing allocates nothing in steady state.
struct ControlSequence {
    /// The most parameters libvterm 0.1.4 holds (its `CSI_ARGS_MAX`): one
    /// more (colon sub-parameters count too) writes past its array and crashes.
    static let emulatorParameterLimit = 16
    /// Parameters kept per sequence; the rest are dropped as they arrive
    /// (no sequence any program sends comes near it).
    static let parameterLimit = 256
    /// Larger numbers are read as this (xterm also bounds its parameters;
    /// no coordinate, count or colour needs more).
    static let maxParameter: Int32 = 65_535
    /// Written for an omitted parameter (`CSI ;5H`).
    static let missing: Int32 = -1

    /// The private marker (`?`, `>`, `<`, `=`) or 0.
    var leader: UInt8 = 0
    var parameters: [Int32] = []
    /// `colonAfter[i]`: parameter `i` is followed by `:` (a sub-parameter
    /// comes next, as in `38:2::10:20:30`), else by `;` or the end.
    var colonAfter: [Bool] = []
    /// Up to two intermediate bytes (0x20-0x2F), 0 when absent.
    var intermediate: (UInt8, UInt8) = (0, 0)
    var final: UInt8 = 0

    init() {
        parameters.reserveCapacity(Self.emulatorParameterLimit)
        colonAfter.reserveCapacity(Self.emulatorParameterLimit)
    }

    mutating func reset() {
        leader = 0
        if !parameters.isEmpty {
            parameters.removeAll(keepingCapacity: true)
            colonAfter.removeAll(keepingCapacity: true)
        }
        intermediate = (0, 0)
        final = 0
    }

    var hasIntermediate: Bool { intermediate.0 != 0 }

    /// Parameter `index`, or `fallback` when absent or omitted.
    func parameter(_ index: Int, default fallback: Int32) -> Int32 {
        guard index < parameters.count, parameters[index] != Self.missing else { return fallback }
        return parameters[index]
    }

    /// Whether this is `ESC [ leader … intermediate final` with no second intermediate.
    func isForm(leader: UInt8, intermediate: UInt8 = 0, final: UInt8) -> Bool {
        self.leader == leader && self.intermediate.0 == intermediate && self.intermediate.1 == 0
            && self.final == final
    }

    /// Appends the sequence with parameters `range` (their separators kept,
    /// the last one's dropped).
    func encode(parameters range: Range<Int>, into output: inout [UInt8]) {
        output.append(0x1B)
        output.append(UInt8(ascii: "["))
        if leader != 0 { output.append(leader) }
        for index in range {
            if parameters[index] != Self.missing { Self.appendDecimal(parameters[index], to: &output) }
            if index != range.upperBound - 1 {
                output.append(colonAfter[index] ? UInt8(ascii: ":") : UInt8(ascii: ";"))
            }
        }
        if intermediate.0 != 0 { output.append(intermediate.0) }
        if intermediate.1 != 0 { output.append(intermediate.1) }
        output.append(final)
    }

    /// The ranges of parameters to send as separate sequences so that none
    /// holds more than `limit` and together they mean what this one means:
    ///
    /// | sequence | split |
    /// |---|---|
    /// | SGR (`CSI … m`) | between attributes; `38;5;n`, `38;2;r;g;b` (also 48, 58) and a colon group stay whole |
    /// | set/reset mode (`CSI ? … h`, `CSI … l`) | anywhere: each parameter is a mode of its own |
    /// | any other | one sequence of the first `limit` parameters (no such sequence uses more) |
    func parameterGroups(limit: Int = emulatorParameterLimit) -> [Range<Int>] {
        let count = parameters.count
        guard count > limit else { return [0..<count] }
        let modes =
            !hasIntermediate && (leader == 0 || leader == UInt8(ascii: "?"))
            && (final == UInt8(ascii: "h") || final == UInt8(ascii: "l"))
        if modes { return stride(from: 0, to: count, by: limit).map { $0..<min(count, $0 + limit) } }
        guard leader == 0, !hasIntermediate, final == UInt8(ascii: "m") else { return [0..<limit] }
        var groups: [Range<Int>] = []
        var groupStart = 0
        var index = 0
        while index < count {
            let attributeEnd = sgrAttributeEnd(from: index)
            // An attribute longer than the limit (a colon group of 17) cannot be sent whole: its first `limit` go.
            if attributeEnd - groupStart > limit {
                if index > groupStart { groups.append(groupStart..<index) }
                groupStart = index
                if attributeEnd - index > limit {
                    groups.append(index..<(index + limit))
                    groupStart = attributeEnd
                }
            }
            index = attributeEnd
        }
        if groupStart < count { groups.append(groupStart..<count) }
        return groups
    }

    /// Whether this is an SGR naming an underline colour (58): libvterm 0.1.4
    /// does not know 58 and reads the semicolon form's `5` as blink.
    var setsUnderlineColour: Bool {
        leader == 0 && !hasIntermediate && final == UInt8(ascii: "m") && parameters.contains(58)
    }

    /// Removes the underline-colour attributes (`58;5;n`, `58;2;r;g;b`,
    /// `58:…`) from an SGR, as a terminal that supports them would read
    /// them, then draws nothing for them (libvterm has no underline colour).
    /// `38;5;58` keeps its 58: attributes are walked, not numbers matched.
    mutating func removeUnderlineColour() {
        var kept = 0
        var index = 0
        while index < parameters.count {
            let end = sgrAttributeEnd(from: index)
            if parameters[index] != 58 {
                for moved in index..<end {
                    parameters[kept] = parameters[moved]
                    colonAfter[kept] = colonAfter[moved]
                    kept += 1
                }
            }
            index = end
        }
        parameters.removeLast(parameters.count - kept)
        colonAfter.removeLast(colonAfter.count - kept)
        if kept > 0 { colonAfter[kept - 1] = false }
    }

    /// The end of the SGR attribute starting at `index`.
    private func sgrAttributeEnd(from index: Int) -> Int {
        var end = index
        // A colon group: the parameter and all its sub-parameters.
        while end < parameters.count - 1 && colonAfter[end] { end += 1 }
        if end > index { return end + 1 }
        switch parameters[index] {
        case 38, 48, 58:
            // The semicolon forms of extended colour (xterm reads them so): 5;n or 2;r;g;b.
            switch parameter(index + 1, default: 0) {
            case 5: return min(parameters.count, index + 3)
            case 2: return min(parameters.count, index + 5)
            default: return index + 1
            }
        default:
            return index + 1
        }
    }

    static func appendDecimal(_ value: Int32, to output: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &output) }
        output.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
