import Layout

/// What the Safari screen shows: the page, where it is scrolled to, and the bar's state.
final class SafariModel {
    let article: Article
    let domain = "developer.apple.com"
    let position = ScrollPosition()
    var bar = BottomBarState.expanded

    init(article: Article) { self.article = article }
}
