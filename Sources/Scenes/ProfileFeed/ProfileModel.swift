import Layout

/// What the profile screen's views read: the selected filter, the scroll
/// position of the screen's one scroll view, and where tweets come from.
final class ProfileModel {
    var filter = ProfileFilter.tweets
    let position = ScrollPosition()
    let tweets: TweetSource
    /// The namespace of the filter underline's matched geometry.
    let namespace = Namespace().wrappedValue

    init(tweets: TweetSource) { self.tweets = tweets }

    var rows: ProfileRows { ProfileRows(tweets: tweets, filter: filter) }
}
