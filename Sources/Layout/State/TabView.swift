import FrameGrid

/// Tabs with a tab bar along the bottom: the selected tab's content fills
/// the space above the bar. Changing `selection` (a tap, a key, a test)
/// is a state change: the next frame shows the other tab, built afresh.
///
/// ```swift
/// TabView(selection: $tab) {
///     Tab("Home", systemImage: "house", value: 0) { HomeScreen() }
///     Tab("Search", systemImage: "magnifyingglass", value: 1) { SearchScreen() }
/// }
/// ```
public struct TabView<Selection: Hashable>: View {
    let selection: Binding<Selection>
    let tabs: [Tab<Selection>]

    public init(selection: Binding<Selection>, @TabBuilder<Selection> content: () -> [Tab<Selection>]) {
        self.selection = selection
        tabs = content()
    }

    public var body: some View {
        let selected = selection.wrappedValue
        VStack(spacing: 0) {
            ZStack(alignment: .topLeading) {
                ForEach(tabs.filter { $0.value == selected }, id: \.value) { tab in
                    tab.content.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            Divider()
            HStack(spacing: 0) {
                ForEach(tabs, id: \.value) { tab in
                    TabBarItem(title: tab.title, systemImage: tab.systemImage, isSelected: tab.value == selected)
                        .frame(maxWidth: .infinity)
                }
            }
        }
    }
}

/// One tab: its label in the tab bar, the value that selects it, its content.
public struct Tab<Value: Hashable> {
    let title: String
    let systemImage: String?
    let value: Value
    let content: AnyView

    public init<Content: View>(
        _ title: String, systemImage: String? = nil, value: Value, @ViewBuilder content: () -> Content
    ) {
        self.title = title
        self.systemImage = systemImage
        self.value = value
        self.content = AnyView(content())
    }
}

/// Collects the tabs of a `TabView`.
@resultBuilder
public enum TabBuilder<Value: Hashable> {
    public static func buildExpression(_ tab: Tab<Value>) -> [Tab<Value>] { [tab] }
    public static func buildBlock(_ parts: [Tab<Value>]...) -> [Tab<Value>] { parts.flatMap { $0 } }
    public static func buildOptional(_ tabs: [Tab<Value>]?) -> [Tab<Value>] { tabs ?? [] }
    public static func buildEither(first tabs: [Tab<Value>]) -> [Tab<Value>] { tabs }
    public static func buildEither(second tabs: [Tab<Value>]) -> [Tab<Value>] { tabs }
    public static func buildArray(_ parts: [[Tab<Value>]]) -> [Tab<Value>] { parts.flatMap { $0 } }
}

/// A tab bar label: bold when selected, dim otherwise.
struct TabBarItem: View {
    let title: String
    let systemImage: String?
    let isSelected: Bool

    var body: some View {
        HStack(spacing: 1) {
            if let systemImage { Image(systemName: systemImage) }
            Text(title)
        }
        .fontWeight(isSelected ? .bold : .light)
    }
}
