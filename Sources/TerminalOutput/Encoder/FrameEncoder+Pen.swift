import FrameGrid

extension FrameEncoder {
    /// Makes the terminal's pen `style` with the fewest sequences: attributes
    /// that cannot be turned off one by one (bold, dim, reverse) force a full
    /// reset (`sgr0`) and a re-apply; the others are switched individually;
    /// colours change only when they differ.
    @inline(__always)
    func setPen(_ wanted: Style) {
        if penKnown && wanted == requestedPen { return }
        changePen(wanted)
        requestedPen = wanted
    }

    private func changePen(_ wanted: Style) {
        var style = wanted
        style.foreground = reducedColors.reduce(style.foreground, to: colorDepth)
        style.background = reducedColors.reduce(style.background, to: colorDepth)
        if penKnown && style == pen { return }
        let caps = capabilities
        let removed = penKnown ? pen.attributes.subtracting(style.attributes) : Attributes(rawValue: 0xFF)
        if !removed.isEmpty && needsReset(toRemove: removed) {
            let combined: Attributes = [.bold, .dim, .underline, .reverse]
            if let sgr = caps.setAttributes, !style.attributes.intersection(combined).isEmpty {
                // One `sgr` both resets and sets these, shorter than sgr0 and then each.
                let a = style.attributes
                sgr.write(
                    to: &buffer, 0, a.contains(.underline) ? 1 : 0, a.contains(.reverse) ? 1 : 0, 0,
                    a.contains(.dim) ? 1 : 0, a.contains(.bold) ? 1 : 0, 0, 0, 0)
                pen = Style(attributes: a.intersection(combined))
            } else {
                caps.exitAttributeMode?.write(to: &buffer)
                pen = .plain
            }
            penKnown = true
        } else {
            if removed.contains(.italic) { caps.exitItalicsMode?.write(to: &buffer) }
            if removed.contains(.underline) { caps.exitUnderlineMode?.write(to: &buffer) }
            if removed.contains(.strikethrough) { caps.exitStrikethrough?.write(to: &buffer) }
            pen.attributes.subtract(removed)
        }
        let added = style.attributes.subtracting(pen.attributes)
        if added.contains(.bold) { caps.enterBoldMode?.write(to: &buffer) }
        if added.contains(.dim) { caps.enterDimMode?.write(to: &buffer) }
        if added.contains(.italic) { caps.enterItalicsMode?.write(to: &buffer) }
        if added.contains(.underline) { caps.enterUnderlineMode?.write(to: &buffer) }
        if added.contains(.reverse) { caps.enterReverseMode?.write(to: &buffer) }
        if added.contains(.strikethrough) { caps.enterStrikethrough?.write(to: &buffer) }
        pen.attributes = style.attributes
        setColors(style.foreground, style.background)
    }

    private func needsReset(toRemove removed: Attributes) -> Bool {
        let caps = capabilities
        if !removed.intersection([.bold, .dim, .reverse]).isEmpty { return true }
        if removed.contains(.italic) && caps.exitItalicsMode == nil { return true }
        if removed.contains(.underline) && caps.exitUnderlineMode == nil { return true }
        if removed.contains(.strikethrough) && caps.exitStrikethrough == nil { return true }
        return false
    }

    private func setColors(_ foreground: Color, _ background: Color) {
        if (foreground.isDefault && !pen.foreground.isDefault) || (background.isDefault && !pen.background.isDefault) {
            // terminfo has no "default foreground" alone: `op` resets both.
            if let original = capabilities.origPair {
                original.write(to: &buffer)
            } else {
                capabilities.exitAttributeMode?.write(to: &buffer)
                let attributes = pen.attributes
                pen = .plain
                changePen(Style(foreground: foreground, background: background, attributes: attributes))
                return
            }
            pen.foreground = .default
            pen.background = .default
        }
        if foreground != pen.foreground {
            writeColor(foreground, direct: capabilities.setRGBForeground, indexed: capabilities.setForeground, sgr: 38)
            pen.foreground = foreground
        }
        if background != pen.background {
            writeColor(background, direct: capabilities.setRGBBackground, indexed: capabilities.setBackground, sgr: 48)
            pen.background = background
        }
    }

    private func writeColor(_ color: Color, direct: ParameterizedString?, indexed: ParameterizedString?, sgr: Int) {
        switch color.kind {
        case .default:
            return
        case .palette(let index):
            if let indexed {
                paletteSequences.write(indexed, index: index, background: sgr == 48, to: &buffer, scratch: &scratch)
            }
        case .rgb(let r, let g, let b):
            if let direct {
                direct.write(to: &buffer, Int(r), Int(g), Int(b))
            } else if capabilities.directColor, let indexed {
                indexed.write(to: &buffer, Int(r) << 16 | Int(g) << 8 | Int(b))
            } else {
                // COLORTERM promised 24-bit colour that terminfo does not
                // describe: the ISO 8613-6 form every such terminal accepts.
                buffer.append(0x1B)
                buffer.append(0x5B)
                appendDecimal(sgr)
                buffer.append(0x3B)
                buffer.append(0x32)
                buffer.append(0x3B)
                appendDecimal(Int(r))
                buffer.append(0x3B)
                appendDecimal(Int(g))
                buffer.append(0x3B)
                appendDecimal(Int(b))
                buffer.append(0x6D)
            }
        }
    }

    private func appendDecimal(_ value: Int) {
        if value >= 100 { buffer.append(UInt8(48 + value / 100)) }
        if value >= 10 { buffer.append(UInt8(48 + value / 10 % 10)) }
        buffer.append(UInt8(48 + value % 10))
    }
}
