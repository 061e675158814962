import FrameGrid

/// A value views report up the tree after layout (SwiftUI's preferences):
/// a view sets it, an ancestor observes it with `onPreferenceChange`.
public protocol PreferenceKey {
    associatedtype Value: Equatable
    static var defaultValue: Value { get }
    /// Combines the values of several views (default: the last one wins).
    static func reduce(value: inout Value, nextValue: () -> Value)
}

extension PreferenceKey {
    public static func reduce(value: inout Value, nextValue: () -> Value) { value = nextValue() }
}

/// The offset, in cells, of the nearest scroll view's content: reported by
/// every `ScrollView` after layout, so a header can react to scrolling.
public enum ScrollOffsetPreferenceKey: PreferenceKey {
    public static let defaultValue = 0
}

extension ViewNode {
    /// Folds the values this subtree reports for `key` into `value`.
    func collect<K: PreferenceKey>(_ key: K.Type, into value: inout K.Value) {
        // The flag first: a protocol cast on every node of every layout pass
        // was a run-time conformance lookup (about 2% of a frame).
        if reportsPreferences, let reporting = self as? PreferenceReporting,
            let mine = reporting.reportedValue(for: key)
        {
            K.reduce(value: &value) { mine }
            if reporting.hidesDescendants(for: key) { return }
        }
        forEachChild { $0.collect(key, into: &value) }
    }
}

/// Nodes that report a preference value.
protocol PreferenceReporting: AnyObject {
    func reportedValue<K: PreferenceKey>(for key: K.Type) -> K.Value?
    /// Whether values its subtree reports for `key` are hidden from
    /// observers above (a scroll view's offset hides nested scroll views'
    /// offsets: observers see the nearest one).
    func hidesDescendants<K: PreferenceKey>(for key: K.Type) -> Bool
}

extension PreferenceReporting {
    func hidesDescendants<K: PreferenceKey>(for key: K.Type) -> Bool { false }
}

/// Content that reports `value` for `K`.
public struct PreferenceView<Content: View, K: PreferenceKey>: _WrapperView {
    public let content: Content
    let value: K.Value

    public func makeWrapper(around child: ViewNode, _ context: BuildContext) -> PreferenceNode<K> {
        PreferenceNode<K>(child: child, value: value)
    }
    public func update(_ node: PreferenceNode<K>, _ context: BuildContext) { node.value = value }
}

/// Engine detail: the node of `.preference(key:value:)`.
public final class PreferenceNode<Key: PreferenceKey>: WrapperNode, PreferenceReporting {
    var value: Key.Value

    init(child: ViewNode, value: Key.Value) {
        self.value = value
        super.init(child: child)
    }

    override var reportsPreferences: Bool { true }

    func reportedValue<K: PreferenceKey>(for key: K.Type) -> K.Value? {
        guard K.self == Key.self else { return nil }
        // K is Key: a bit cast of the same type, not a dynamic cast.
        return unsafeBitCast(value, to: K.Value.self)
    }
}

/// Content whose subtree's value for `K` is watched: `action` runs after a
/// layout in which the value changed (and once for the first value).
public struct PreferenceObserverView<Content: View, K: PreferenceKey>: _WrapperView {
    public let content: Content
    let action: (K.Value) -> Void

    public func makeWrapper(around child: ViewNode, _ context: BuildContext) -> PreferenceObserverNode {
        context.host?.preferenceObservers += 1
        return ObserverNode<K>(child: child, action: action)
    }
    public func update(_ node: PreferenceObserverNode, _ context: BuildContext) {
        (node as? ObserverNode<K>)?.action = action
    }
}

/// A node that watches a preference of its subtree.
public class PreferenceObserverNode: WrapperNode {
    func notify() {}

    override func notifyIfPreferenceObserver() { notify() }
    override var isPreferenceObserver: Bool { true }

    /// Runs every observer in the tree under `root`, deepest first,
    /// entering only subtrees that hold one.
    static func notifyAll(_ root: ViewNode) {
        guard root.containsPreferenceObservers() else { return }
        root.forEachChild { notifyAll($0) }
        root.notifyIfPreferenceObserver()
    }
}

final class ObserverNode<K: PreferenceKey>: PreferenceObserverNode {
    var action: (K.Value) -> Void
    private var last: K.Value?

    init(child: ViewNode, action: @escaping (K.Value) -> Void) {
        self.action = action
        super.init(child: child)
    }

    /// Reused (a tab's content shown again), it reports its first value as a new observer would.
    /// The host's count of observers is of those ever built, so it needs no change.
    override func resetForReuse() {
        last = nil
        super.resetForReuse()
    }

    override func notify() {
        var value = K.defaultValue
        child.collect(K.self, into: &value)
        guard value != last else { return }
        last = value
        action(value)
    }
}

extension View {
    /// Reports `value` for `key` to observers above.
    public consuming func preference<K: PreferenceKey>(key: K.Type, value: K.Value) -> PreferenceView<Self, K> {
        PreferenceView(content: self, value: value)
    }

    /// Runs `action` when the value views inside report for `key` changes.
    public consuming func onPreferenceChange<K: PreferenceKey>(
        _ key: K.Type, perform action: @escaping (K.Value) -> Void
    ) -> PreferenceObserverView<Self, K>
    {
        PreferenceObserverView(content: self, action: action)
    }
}
