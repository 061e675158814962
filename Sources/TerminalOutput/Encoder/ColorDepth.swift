import FrameGrid

/// How many colours the terminal can show, and so how colours are encoded.
public enum ColorDepth: Int, Comparable, Sendable, CustomStringConvertible {
    case monochrome = 0
    case ansi8 = 8
    case ansi16 = 16
    case palette256 = 256
    /// 24-bit colour.
    case direct = 16_777_216

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .monochrome: return "monochrome"
        case .ansi8: return "8 colours"
        case .ansi16: return "16 colours"
        case .palette256: return "256 colours"
        case .direct: return "24-bit colour"
        }
    }

    /// The depth a terminfo entry declares, raised to 24-bit when the
    /// environment says the terminal has it (`COLORTERM=truecolor` or `24bit`),
    /// as many terminals do without a terminfo entry to match.
    public static func detect(_ capabilities: TerminalCapabilities, colorTerm: String?) -> ColorDepth {
        if capabilities.directColor || capabilities.colors >= 16_777_216 { return .direct }
        if let colorTerm, colorTerm == "truecolor" || colorTerm == "24bit", capabilities.colors >= 256 {
            return .direct
        }
        switch capabilities.colors {
        case 256...: return .palette256
        case 16...: return .ansi16
        case 8...: return .ansi8
        default: return .monochrome
        }
    }

    /// `color` as this depth can show it: palette entries and RGB are mapped
    /// to the nearest colour the terminal has.
    public func reduce(_ color: Color) -> Color {
        switch color.kind {
        case .default: return color
        case .palette(let index):
            switch self {
            case .direct, .palette256: return color
            case .ansi16: return index < 16 ? color : .palette(ColorDepth.nearestANSI(ColorDepth.rgb(ofPalette: index)))
            case .ansi8:
                let ansi = index < 16 ? index : ColorDepth.nearestANSI(ColorDepth.rgb(ofPalette: index))
                return .palette(ansi & 7)
            case .monochrome: return .default
            }
        case .rgb(let r, let g, let b):
            switch self {
            case .direct: return color
            case .palette256: return .palette(ColorDepth.nearestCube(r, g, b))
            case .ansi16: return .palette(ColorDepth.nearestANSI((r, g, b)))
            case .ansi8: return .palette(ColorDepth.nearestANSI((r, g, b)) & 7)
            case .monochrome: return .default
            }
        }
    }

    /// The xterm 256-colour entry closest to an RGB value (cube or grey ramp).
    static func nearestCube(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func level(_ value: UInt8) -> Int {
            value < 48 ? 0 : value < 115 ? 1 : (Int(value) - 35) / 40
        }
        let cube = 16 + 36 * level(r) + 6 * level(g) + level(b)
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let grey = average > 238 ? 23 : max(0, (average - 3) / 10)
        let greyValue = 8 + 10 * grey
        let cubeRGB = rgb(ofPalette: UInt8(cube))
        let cubeError = distance(cubeRGB, (r, g, b))
        let greyError = distance((UInt8(greyValue), UInt8(greyValue), UInt8(greyValue)), (r, g, b))
        return greyError < cubeError ? UInt8(232 + grey) : UInt8(cube)
    }

    static let ansiRGB: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static func nearestANSI(_ color: (UInt8, UInt8, UInt8)) -> UInt8 {
        var best = 0
        var bestError = Int.max
        for (index, candidate) in ansiRGB.enumerated() {
            let error = distance(candidate, color)
            if error < bestError {
                bestError = error
                best = index
            }
        }
        return UInt8(best)
    }

    /// The RGB value xterm gives a palette entry.
    static func rgb(ofPalette index: UInt8) -> (UInt8, UInt8, UInt8) {
        if index < 16 { return ansiRGB[Int(index)] }
        if index >= 232 {
            let value = UInt8(8 + 10 * (Int(index) - 232))
            return (value, value, value)
        }
        let offset = Int(index) - 16
        func component(_ level: Int) -> UInt8 { level == 0 ? 0 : UInt8(55 + 40 * level) }
        return (component(offset / 36), component(offset / 6 % 6), component(offset % 6))
    }

    static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let dr = Int(a.0) - Int(b.0)
        let dg = Int(a.1) - Int(b.1)
        let db = Int(a.2) - Int(b.2)
        return dr * dr + dg * dg + db * db
    }
}
