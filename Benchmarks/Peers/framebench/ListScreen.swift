import FrameGrid
import Layout

/// The whole screen, the way FrameBench's Layout writes a long list (the
/// pattern of its own scenes, e.g. Scenes/ProfileFeed): a `ScrollView` over
/// a `LazyVStack` of a `GeneratedDataSource`, so only the rows in view are
/// built, anchored at the list's top through the app's `ScrollPosition`;
/// a header row above it and a status line below (the contract's chrome).
struct ListScreen: View {
    let model: ListModel

    var body: some View {
        let state = model.state
        return VStack(alignment: .leading, spacing: 0) {
            Text(verbatim: " \(model.version): \(state.items) items").reversed()
            ScrollView(position: model.position) {
                LazyVStack(GeneratedDataSource(count: state.items) { ListItem(number: $0 + 1, isCursor: $0 == state.cursor) }) {
                    item in ListRow(item: item)
                }
            }
            Text(verbatim: " item \(state.cursor + 1) of \(state.items)")
        }
        .lineLimit(1)  // every row of a terminal list is one line: a narrow screen cuts, never wraps
    }
}

/// One item's row: its text in its colour, bold for every fifth, reversed on the cursor
/// (one line: the screen's `lineLimit`).
struct ListRow: View, Equatable {
    let item: ListItem

    var body: some View {
        Text(verbatim: item.text).foregroundColor(item.color).bold(item.isBold).reversed(item.isCursor)
    }
}

/// What the screen reads: the list state, the scroll position that shows
/// its top, and the version for the header.
final class ListModel {
    var state: ListState
    let position = ScrollPosition()
    let version: String

    init(state: ListState, version: String) {
        self.state = state
        self.version = version
    }
}
