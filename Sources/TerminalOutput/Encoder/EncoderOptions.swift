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
    /// The output path turns a line feed into carriage return + line feed (a
    /// terminal whose line discipline has OPOST and ONLCR on, as a shell
    /// leaves it). A bare line feed then cannot move the cursor straight
    /// down; `FileDescriptorSink.translatesLineFeeds` tells.
    public var lineFeedReturnsCarriage: Bool = false
    /// The terminal draws a grapheme cluster (an emoji ZWJ sequence, a flag)
    /// in the columns the grid gives it (DEC mode 2027, as in kitty, WezTerm,
    /// foot). Off, such clusters are sent as their first scalar (see `ClusterFallback`).
    public var emitsGraphemeClusters: Bool = false

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
