/// Watches each node's layout work (measuring, placing, drawing), for tools
/// that attribute a frame's layout time to views (`framebench
/// --profile-views`). Calls nest as the work does: `enter` a node, then its
/// children's enters and exits, then `exit` it.
///
/// With no probe installed (the normal case) a node pays one load and one
/// branch per measure, place and draw: no call, no allocation.
public protocol LayoutProbe: AnyObject {
    func enter(_ node: ViewNode)
    func exit(_ node: ViewNode)
}

/// The installed probe. Set on the thread that drives views, between frames.
public enum LayoutProbes {
    // Read once per node step; the run-time exclusivity check would cost more than the read.
    @exclusivity(unchecked) public nonisolated(unsafe) static var current: LayoutProbe?
}

extension ViewNode {
    /// Runs one step of this node's layout inside the probe's enter and exit, if one is installed.
    @inline(__always)
    final func probed<Result>(_ step: () -> Result) -> Result {
        guard let probe = LayoutProbes.current else { return step() }
        probe.enter(self)
        defer { probe.exit(self) }
        return step()
    }
}
