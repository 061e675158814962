/// Choices that change the bytes an encoder emits for the same frames.
public struct EncoderOptions: Sendable {
    /// Wrap each non-empty frame in DEC mode 2026 (synchronized output), so a
    /// terminal that supports it shows the frame all at once.
    public var synchronizedOutput: Bool
    /// Colour depth; nil detects it from terminfo and `COLORTERM`.
    public var colorDepth: ColorDepth?
    /// Use erase and repeat sequences (`el`, `ech`, `rep`) when they are shorter than the cells.
    public var usesEraseAndRepeat: Bool
    /// Turn a moved block of rows into a terminal scroll inside a scroll region.
    public var usesScrollRegions: Bool

    public init(
        synchronizedOutput: Bool = false, colorDepth: ColorDepth? = nil,
        usesEraseAndRepeat: Bool = true, usesScrollRegions: Bool = true
    ) {
        self.synchronizedOutput = synchronizedOutput
        self.colorDepth = colorDepth
        self.usesEraseAndRepeat = usesEraseAndRepeat
        self.usesScrollRegions = usesScrollRegions
    }
}
