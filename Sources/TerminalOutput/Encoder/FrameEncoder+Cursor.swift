extension FrameEncoder {
    /// Moves the cursor to (x, y) with the shortest sequence the terminal
    /// offers: absolute (`cup`), column or row only (`hpa`, `vpa`), relative
    /// (`cuf`, `cub`, `cud`, `cuu` and their one-step forms), carriage return,
    /// line feed, or home.
    func moveCursor(x: Int, y: Int) {
        if cursorX == x && cursorY == y { return }
        if !capabilities.moveInStandout && penKnown && pen.attributes != [] {
            // This terminal garbles attributes while the cursor moves.
            setPen(.plain)
        }
        emit(cheapestMotion(x: x, y: y).motion, x: x, y: y)
        cursorX = x
        cursorY = y
    }

    /// Bytes of the cheapest move from column `from` to column `to` of row
    /// `y` (the cursor standing at `from`), for choosing between sequences.
    func moveCost(from: Int, to: Int, y: Int) -> Int {
        if from == to { return 0 }
        let (savedX, savedY) = (cursorX, cursorY)
        cursorX = from
        cursorY = y
        defer {
            cursorX = savedX
            cursorY = savedY
        }
        return cheapestMotion(x: to, y: y).length
    }

    /// The shortest of the motions that reach (x, y) from the cursor, and its length.
    private func cheapestMotion(x: Int, y: Int) -> (motion: Motion, length: Int) {
        var bestLength = Int.max
        var best = Motion.absolute
        func consider(_ motion: Motion) {
            let length = cost(motion, x: x, y: y)
            if length < bestLength {
                bestLength = length
                best = motion
            }
        }
        consider(.absolute)
        if cursorY >= 0 && cursorX >= 0 {
            if cursorY == y {
                consider(.column)
                consider(x > cursorX ? .right : .left)
                if x == 0 { consider(.carriageReturn) }
            } else if cursorX == x {
                consider(.row)
                consider(y > cursorY ? .down : .up)
            } else if x == 0 && y == cursorY + 1 {
                consider(.carriageReturnLineFeed)
            }
        }
        if x == 0 && y == 0 { consider(.home) }
        return (best, bestLength)
    }

    enum Motion {
        case absolute, column, row, right, left, down, up, carriageReturn, carriageReturnLineFeed, home
    }

    /// Bytes `motion` takes, or Int.max when the terminal lacks it.
    private func cost(_ motion: Motion, x: Int, y: Int) -> Int {
        let slot = motionLengths.slot(motion, x: x, y: y, cursorX: cursorX, cursorY: cursorY)
        if let slot, let known = motionLengths.length(at: slot) { return known }
        let length: Int
        if let counted = straightLength(motion, x: x, y: y) {
            length = counted
        } else {
            scratch.removeAll()
            length = write(motion, x: x, y: y, to: &scratch) ? scratch.count : Int.max
        }
        if let slot { motionLengths.store(length, at: slot) }
        return length
    }

    /// The bytes of an absolute motion counted without writing it, when its
    /// capability is a straight program (every terminal in use): the tables
    /// start empty at each size, and a resize used to write every motion
    /// afresh to count it (`ParameterizedString.straightLength`).
    private func straightLength(_ motion: Motion, x: Int, y: Int) -> Int? {
        switch motion {
        case .absolute: return capabilities.cursorAddress?.straightLength(y, x)
        case .column: return capabilities.columnAddress?.straightLength(x, 0)
        case .row: return capabilities.rowAddress?.straightLength(y, 0)
        default: return nil
        }
    }

    private func emit(_ motion: Motion, x: Int, y: Int) {
        _ = write(motion, x: x, y: y, to: &buffer)
    }

    /// Writes `motion`; false when the terminal lacks the capabilities.
    private func write(_ motion: Motion, x: Int, y: Int, to out: inout OutputBuffer) -> Bool {
        let caps = capabilities
        switch motion {
        case .absolute:
            guard let cup = caps.cursorAddress else { return false }
            cup.write(to: &out, y, x)
        case .column:
            guard let hpa = caps.columnAddress else { return false }
            hpa.write(to: &out, x)
        case .row:
            guard let vpa = caps.rowAddress else { return false }
            vpa.write(to: &out, y)
        case .right:
            return relative(count: x - cursorX, single: caps.cursorRight, singleLength: stepLengths.right, parm: caps.parmRightCursor, to: &out)
        case .left:
            return relative(count: cursorX - x, single: caps.cursorLeft, singleLength: stepLengths.left, parm: caps.parmLeftCursor, to: &out)
        case .down:
            let single = lineFeedIsUnsafe ? nil : caps.cursorDown
            return relative(count: y - cursorY, single: single, singleLength: stepLengths.down, parm: caps.parmDownCursor, to: &out)
        case .up:
            return relative(count: cursorY - y, single: caps.cursorUp, singleLength: stepLengths.up, parm: caps.parmUpCursor, to: &out)
        case .carriageReturn:
            guard let cr = caps.carriageReturn else { return false }
            cr.write(to: &out)
        case .carriageReturnLineFeed:
            guard let cr = caps.carriageReturn, let down = caps.cursorDown else { return false }
            cr.write(to: &out)
            down.write(to: &out)
        case .home:
            guard let home = caps.cursorHome else { return false }
            home.write(to: &out)
        }
        return true
    }

    /// A relative move: the parameterized form, or up to four single steps.
    private func relative(
        count: Int, single: ParameterizedString?, singleLength: Int, parm: ParameterizedString?,
        to out: inout OutputBuffer
    ) -> Bool {
        let start = out.count
        if let parm {
            parm.write(to: &out, count)
            let parmLength = out.count - start
            if let single, count <= 4 {
                if singleLength * count < parmLength {
                    out.truncate(to: start)
                    for _ in 0..<count { single.write(to: &out) }
                }
            }
            return true
        }
        guard let single, count <= 4 else { return false }
        for _ in 0..<count { single.write(to: &out) }
        return true
    }
}
