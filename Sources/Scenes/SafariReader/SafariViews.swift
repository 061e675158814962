import FrameGrid
import Layout

/// The colours of the page and its bar (Safari in dark mode).
enum SafariColors {
    static let bar = Color.palette(236)
    static let field = Color.palette(239)
    static let fieldBorder = Color.palette(244)
    static let shadow = Color.palette(233)
    static let tint = Color.brightBlue
    static let quoteRule = Color.brightBlack
}

/// The whole screen: the page in a scroll view above the bottom bar.
///
/// The page takes the room the bar leaves. When the bar expands, the page
/// shrinks with the same spring as the bar rises; when it collapses, the
/// page takes the room at once and the full bar slides down over it,
/// revealing the page as it goes (a page growing with the spring would
/// trail the sliding bar and leave blank rows between them).
struct SafariScreen: View {
    let model: SafariModel

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ScrollView(position: model.position) {
                // The rows follow scrolls at once, even in the frame the bar starts to spring.
                LazyVStack(model.article, spacing: 1, estimatedRowHeight: 3) { ArticleBlockView(block: $0) }
                    .animationsDisabled()
            }
            .animationsDisabled(!model.bar.isExpanded)
            BottomBar(isExpanded: model.bar.isExpanded, domain: model.domain).layoutPriority(1)
        }
    }
}

/// One block of the page, styled like Safari's rendering of an article.
/// Equatable: a view update (the bar expanding or collapsing) leaves the
/// page's rows alone when their blocks are unchanged.
struct ArticleBlockView: View, Equatable {
    let block: ArticleBlock

    var body: some View {
        content.padding(.horizontal, 1)
    }

    @ViewBuilder private var content: some View {
        switch block.kind {
        case .title:
            VStack(alignment: .leading, spacing: 0) {
                Text(block.lines[0]).bold().underline()
                Text("developer.apple.com · 12 min read").font(.caption)
            }
        case .heading:
            Text(block.lines[0]).bold().foregroundColor(.brightWhite)
        case .paragraph:
            Text(block.lines[0])
        case .list:
            VStack(alignment: .leading, spacing: 0) {
                ForEach(0..<block.lines.count) { item in
                    HStack(alignment: .top, spacing: 1) {
                        Text("•").foregroundColor(SafariColors.tint)
                        Text(block.lines[item])
                    }
                }
            }
        case .quote:
            HStack(alignment: .top, spacing: 1) {
                Text("▎").foregroundColor(SafariColors.quoteRule)
                Text(block.lines[0]).italic().foregroundStyle(.secondary)
            }
        }
    }
}

/// The bar under the page: the full URL field and toolbar, or the one-line
/// domain. The full bar slides up from, and down to, the bottom edge; the
/// line sits still beneath it (covered while the full bar slides over it,
/// gone as soon as the full bar starts to rise), so the one-row line never
/// draws half-cell edges under its text.
struct BottomBar: View {
    let isExpanded: Bool
    let domain: String

    var body: some View {
        if isExpanded {
            ExpandedBar(domain: domain).transition(
                .asymmetric(insertion: .move(edge: .bottom), removal: .offset(y: ExpandedBar.slideOut)))
        } else {
            CollapsedBar(domain: domain)
        }
    }
}

/// The expanded bar: the URL field with its shadow, and the five toolbar buttons.
struct ExpandedBar: View {
    /// Rows the bar takes: a blank row, the field (three rows and its shadow's), the toolbar.
    static let height = 6
    /// How far the bar slides down when it goes: past its own height, so
    /// the spring's swing back up after passing its end stays off the screen.
    static let slideOut = height + 2
    let domain: String

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            URLField(domain: domain)
                .padding(EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 2))
            Toolbar()
        }
        .frame(maxWidth: .infinity)
        .background(SafariColors.bar)
    }
}

/// The address field: a rounded box with a darker copy of itself one cell
/// down and right as its shadow; the reader button, the lock and domain,
/// and reload.
struct URLField: View {
    let domain: String

    var body: some View {
        HStack(spacing: 1) {
            HStack(spacing: 0) {
                Text("a").font(.caption)
                Image(systemName: "character")
            }
            Spacer()
            Image(systemName: "lock.fill").font(.caption)
            Text(domain).lineLimit(1)
            Spacer()
            Image(systemName: "arrow.clockwise").foregroundColor(SafariColors.tint)
        }
        .padding(.horizontal, 2)
        .frame(maxWidth: .infinity, minHeight: 3, maxHeight: 3)
        .background {
            ZStack {
                RoundedRectangle(cornerRadius: 12).fill(SafariColors.shadow).offset(x: 1, y: 1)
                RoundedRectangle(cornerRadius: 12).fill(SafariColors.field)
                RoundedRectangle(cornerRadius: 12).stroke(SafariColors.fieldBorder)
            }
        }
    }
}

/// Back, forward, share, bookmarks and tabs, spread across the bar.
struct Toolbar: View {
    var body: some View {
        HStack(spacing: 0) {
            Spacer()
            Image(systemName: "chevron.left").foregroundColor(SafariColors.tint)
            Spacer()
            Image(systemName: "chevron.right").foregroundStyle(.secondary)
            Spacer()
            Image(systemName: "square.and.arrow.up").foregroundColor(SafariColors.tint)
            Spacer()
            Image(systemName: "book").foregroundColor(SafariColors.tint)
            Spacer()
            Image(systemName: "square.on.square").foregroundColor(SafariColors.tint)
            Spacer()
        }
    }
}

/// The collapsed bar: the lock and the domain, small and dim, centred.
struct CollapsedBar: View {
    let domain: String

    var body: some View {
        HStack(spacing: 1) {
            Image(systemName: "lock.fill")
            Text(domain).lineLimit(1)
        }
        .font(.caption)
        .frame(maxWidth: .infinity)
        .background(SafariColors.bar)
    }
}
