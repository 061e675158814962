/// Safari's bottom bar: expanded (the URL field and the toolbar) or
/// collapsed (one small line with the domain). A pure value: the scene
/// feeds it what the reader does and animates whatever it answers.
///
/// The rules:
/// - Scrolling down collapses the bar; scrolling up expands it.
/// - A downward scroll that starts with the page already at its very end
///   is a pull past the end: it expands the bar (and repeated pulls keep it
///   expanded). So a scroll that reaches the bottom leaves the bar
///   collapsed, and one more pull brings it back. A page that fits the
///   viewport is always at its end, so the bar stays expanded there.
/// - Paging is scrolling by whole viewports: the same rules.
/// - A jump is decided by its direction: further down collapses, back up
///   expands, to the same item changes nothing.
/// - `top` expands (at the top the bar is always expanded: only moves up,
///   which expand, get there); `bottom` collapses until the next pull.
/// - Scrolling by nothing, and resizing, change nothing.
public struct BottomBarState: Equatable, Sendable {
    public var isExpanded: Bool

    public static let expanded = BottomBarState(isExpanded: true)
    public static let collapsed = BottomBarState(isExpanded: false)

    /// After scrolling `delta` rows (positive: down); `atBottom` tells
    /// whether the page was at its very end before the scroll.
    public func scrolled(by delta: Int, atBottom: Bool) -> BottomBarState {
        if delta == 0 { return self }
        if delta < 0 { return .expanded }
        return atBottom ? .expanded : .collapsed
    }

    /// After jumping `delta` items (positive: further down the page).
    public func jumped(by delta: Int) -> BottomBarState {
        if delta == 0 { return self }
        return delta > 0 ? .collapsed : .expanded
    }

    /// After going to the top of the page.
    public func reachedTop() -> BottomBarState { .expanded }

    /// After going to the end of the page (until the next pull).
    public func reachedBottom() -> BottomBarState { .collapsed }
}
