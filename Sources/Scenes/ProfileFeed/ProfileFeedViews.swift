import FrameGrid
import Layout

/// Twitter's colours.
enum TwitterColors {
    static let blue = Color.rgb(29, 161, 242)
    static let outline = Color.brightBlack
    static let banner = Color.rgb(29, 161, 242)
    static let profileAvatar = Color.rgb(121, 75, 196)
    static let badge = Color.rgb(29, 161, 242)
}

/// The whole profile screen: one scroll view whose lazy stack holds the
/// header, the filter bar (pinned when it reaches the top) and the feed.
///
/// The stack takes the filter as its identity: a switch builds the visible
/// rows afresh (their measured heights belong to the old feed), while the
/// underline's matched geometry carries it from the old tab to the new.
struct ProfileScreen: View {
    let model: ProfileModel

    var body: some View {
        let filter = model.filter
        let namespace = model.namespace
        return ScrollView(position: model.position) {
            LazyVStack(model.rows, estimatedRowHeight: 6, pinnedSectionHeaders: true) { row in
                ProfileRowView(row: row, filter: filter, namespace: namespace)
            }
            .id(filter)
        }
    }
}

/// One row of the profile's stack, by kind.
struct ProfileRowView: View {
    let row: ProfileRows.Row
    let filter: ProfileFilter
    let namespace: Namespace.ID

    var body: some View {
        switch row {
        case .header: ProfileHeader()
        case .filterBar: FilterBar(selected: filter, namespace: namespace)
        case .tweet(let tweet): TweetRow(tweet: tweet)
        }
    }
}

/// The blue banner with the back arrow, the avatar overlapping its bottom
/// edge, the bell and "Edit Profile" buttons, and the user's details.
struct ProfileHeader: View {
    static let bannerRows = 4

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            TwitterColors.banner.frame(height: ProfileHeader.bannerRows)
                .overlay(alignment: .topLeading) {
                    Image(systemName: "arrow.left").foregroundColor(.brightWhite).bold().padding(.leading, 1)
                }
            HStack(alignment: .top, spacing: 1) {
                avatar
                Spacer()
                HStack(spacing: 0) {
                    Image(systemName: "bell")
                    Text("•").foregroundColor(TwitterColors.badge)
                }
                .frame(width: 7, height: 3)
                .background(Circle().stroke(TwitterColors.outline))
                Text("Edit Profile").bold()
                    .padding(.horizontal, 1).padding(.vertical, 1)
                    .background(Capsule().stroke(TwitterColors.outline))
            }
            .padding(.horizontal, 1)
            ProfileDetails().padding(.horizontal, 1)
        }
    }

    /// A round avatar with a white ring, drawn two rows up over the banner.
    private var avatar: some View {
        Circle().fill(TwitterColors.profileAvatar)
            .overlay(Circle().stroke(.brightWhite))
            .overlay(Text("A").bold().foregroundColor(.brightWhite))
            .frame(width: 10, height: 4)
            .offset(y: -2)
            .frame(height: 2, alignment: .top)
    }
}

/// Name with the verified seal, handle, bio, location and link, and counts.
struct ProfileDetails: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text(ProfileUser.author.name).bold()
                Image(systemName: "checkmark.seal.fill").foregroundColor(TwitterColors.blue)
            }
            Text(ProfileUser.author.handle).foregroundStyle(.secondary)
            Text(ProfileUser.bio)
            HStack(spacing: 1) {
                Image(systemName: "mappin.and.ellipse")
                Text(ProfileUser.location).foregroundStyle(.secondary)
                Image(systemName: "link")
                Text(ProfileUser.link).foregroundColor(TwitterColors.blue)
            }
            HStack(spacing: 0) {
                Text(ProfileUser.following).bold()
                Text(" Following  ").foregroundStyle(.secondary)
                Text(ProfileUser.followers).bold()
                Text(" Followers").foregroundStyle(.secondary)
            }
        }
    }
}

/// Tweets / Replies / Likes in thirds of the width, the selected one bold
/// and the others dim, over a full-width divider with the blue underline
/// under the selected third. The bar is opaque: pinned at the top, it hides
/// the feed scrolling under it.
struct FilterBar: View {
    /// Rows the bar takes: a blank row, the labels, the underline.
    static let height = 3
    static let underlineID = "filter-underline"
    let selected: ProfileFilter
    let namespace: Namespace.ID

    var body: some View {
        VStack(spacing: 0) {
            HStack(spacing: 0) {
                label(.tweets)
                label(.replies)
                label(.likes)
            }
            .padding(.top, 1)
            // The underline is drawn after the whole divider, so it stays on top while it slides.
            ZStack {
                Divider()
                HStack(spacing: 0) {
                    underline(under: .tweets)
                    underline(under: .replies)
                    underline(under: .likes)
                }
            }
            .frame(height: 1)
        }
        .background(Color.default)
    }

    private func label(_ filter: ProfileFilter) -> some View {
        Text(filter.title)
            .fontWeight(filter == selected ? .bold : .regular)
            .foregroundStyle(filter == selected ? .primary : .secondary)
            .frame(maxWidth: .infinity)
    }

    /// A third of the underline row: the blue line when `filter` is selected.
    private func underline(under filter: ProfileFilter) -> some View {
        UnderlineSlot(isSelected: filter == selected, namespace: namespace).frame(maxWidth: .infinity)
    }
}

/// The blue line under the selected filter, or nothing; matched across
/// filters, so a switch slides it from the old third to the new one.
struct UnderlineSlot: View {
    let isSelected: Bool
    let namespace: Namespace.ID

    var body: some View {
        if isSelected {
            TwitterColors.blue.matchedGeometryEffect(id: FilterBar.underlineID, in: namespace)
        }
    }
}

/// One tweet: avatar, name, handle and time, the reply line, the wrapped
/// body, the reply / retweet / like counts, and a divider.
struct TweetRow: View {
    let tweet: ProfileTweet

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(alignment: .top, spacing: 1) {
                Circle().fill(tweet.avatar).frame(width: 4, height: 2)
                VStack(alignment: .leading, spacing: 0) {
                    HStack(spacing: 1) {
                        Text(tweet.author).bold()
                        Text(tweet.handle).foregroundStyle(.secondary)
                        Text("· " + tweet.relativeTime).foregroundStyle(.secondary)
                    }
                    .lineLimit(1)
                    if let replyingTo = tweet.replyingTo {
                        HStack(spacing: 1) {
                            Text("Replying to").foregroundStyle(.secondary)
                            Text(replyingTo).foregroundColor(TwitterColors.blue)
                        }
                        .lineLimit(1)
                    }
                    Text(tweet.body)
                    TweetActions(tweet: tweet)
                }
            }
            .padding(.horizontal, 1)
            Divider()
        }
    }
}

/// Reply, retweet and like counts with their symbols, spread across the row.
struct TweetActions: View {
    let tweet: ProfileTweet

    var body: some View {
        HStack(spacing: 0) {
            TweetStat(symbol: "bubble.left", count: tweet.replies)
            TweetStat(symbol: "arrow.2.squarepath", count: tweet.retweets)
            TweetStat(symbol: "heart", count: tweet.likes)
            Image(systemName: "square.and.arrow.up").frame(maxWidth: .infinity, alignment: .leading)
        }
        .foregroundColor(.brightBlack)
        .lineLimit(1)
    }
}

/// A symbol and its count, taking an equal share of the action row.
struct TweetStat: View {
    let symbol: String
    let count: Int

    var body: some View {
        HStack(spacing: 1) {
            Image(systemName: symbol)
            Text(TweetStat.format(count))
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }

    /// "987", "4.5K", "12K".
    static func format(_ count: Int) -> String {
        if count < 1_000 { return String(count) }
        if count < 10_000 { return "\(count / 1_000).\(count % 1_000 / 100)K" }
        return "\(count / 1_000)K"
    }
}
