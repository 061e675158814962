import FrameGrid

/// A stack of screens: the root, and one destination per route in `path`.
/// Appending to the path pushes a screen, removing the last pops it; inside
/// `withAnimation` the pushed screen slides in from the trailing edge and a
/// popped one slides out to it.
///
/// The root stays built (hidden) while covered, so its state and scroll
/// position survive a push and pop; destinations are built when shown.
///
/// ```swift
/// NavigationStack(path: $path) {
///     Feed()
/// } destination: { route in
///     Detail(route)
/// }
/// ```
public struct NavigationStack<Route: Hashable, Root: View, Destination: View>: View {
    let path: Binding<[Route]>
    let root: Root
    let destination: (Route) -> Destination

    public init(
        path: Binding<[Route]>, @ViewBuilder root: () -> Root,
        @ViewBuilder destination: @escaping (Route) -> Destination
    ) {
        self.path = path
        self.root = root()
        self.destination = destination
    }

    public var body: some View {
        let routes = path.wrappedValue
        ZStack(alignment: .topLeading) {
            root
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                .hidden(!routes.isEmpty)
            if let top = routes.last {
                destination(top)
                    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                    .background(Color.default)
                    .transition(.move(edge: .trailing))
                    .id(NavigationDepth(depth: routes.count, route: top))
            }
        }
    }
}

/// A pushed screen's identity: its depth and route (a new route at the same depth is a new screen).
struct NavigationDepth<Route: Hashable>: Hashable {
    let depth: Int
    let route: Route
}
