import FrameGrid
import Layout
import Workloads

/// The three feeds of the profile screen's filter bar.
enum ProfileFilter: Int, CaseIterable {
    case tweets, replies, likes

    var title: String {
        switch self {
        case .tweets: return "Tweets"
        case .replies: return "Replies"
        case .likes: return "Likes"
        }
    }

    /// Mixed into the seed so each filter's feed differs.
    var salt: UInt64 {
        switch self {
        case .tweets: return 0x7157_0000
        case .replies: return 0x4E91_0000
        case .likes: return 0x11CE_0000
        }
    }
}

/// One tweet of a profile feed, derived when its row is about to show.
struct ProfileTweet {
    let author: String
    let handle: String
    /// The handle replied to (the Replies feed), or nil.
    let replyingTo: String?
    let minutesAgo: Int
    let body: String
    let replies: Int
    let retweets: Int
    let likes: Int
    /// The avatar circle's colour.
    let avatar: Color

    /// "3m", "5h" or "2d".
    var relativeTime: String {
        if minutesAgo < 60 { return "\(minutesAgo)m" }
        if minutesAgo < 60 * 24 { return "\(minutesAgo / 60)h" }
        return "\(minutesAgo / (60 * 24))d"
    }
}

/// Where a feed's tweets come from: generated from (seed, filter, index), or
/// the records of a `--feed-file` (its `text`, `author` and `handle` fields).
struct TweetSource {
    let count: Int
    let seed: UInt64
    let file: FileFeed?

    func tweet(_ index: Int, filter: ProfileFilter) -> ProfileTweet {
        var random = SeededRandom(seed: seed ^ filter.salt, index: index)
        let author: (name: String, handle: String)
        switch filter {
        case .tweets, .replies: author = ProfileUser.author
        case .likes: author = TweetWords.authors[random.below(TweetWords.authors.count)]
        }
        let replyingTo =
            filter == .replies ? TweetWords.authors[random.below(TweetWords.authors.count)].handle : nil
        let minutesAgo = 1 + random.below(60 * 24 * 9)
        let replies = random.below(300)
        let retweets = random.below(2_000)
        let likes = random.below(40_000)
        let otherAvatar = TweetWords.avatarColors[random.below(TweetWords.avatarColors.count)]
        // The profile's own tweets and replies carry its own avatar.
        let avatar = filter == .likes ? otherAvatar : TwitterColors.profileAvatar
        let name: String
        let handle: String
        let body: String
        if let file {
            let record = file.record(index)
            name = record.value("author") ?? author.name
            handle = record.value("handle").map { $0.hasPrefix("@") ? $0 : "@" + $0 } ?? author.handle
            body = record.text
        } else {
            name = author.name
            handle = author.handle
            body = TweetWords.body(&random)
        }
        return ProfileTweet(
            author: name, handle: handle, replyingTo: replyingTo, minutesAgo: minutesAgo, body: body,
            replies: replies, retweets: retweets, likes: likes, avatar: avatar)
    }
}

/// The rows of the profile's one scroll view: the profile header, the
/// filter bar (a pinned section header) and the selected filter's tweets.
/// Nothing is stored per tweet.
struct ProfileRows: LazyDataSource {
    /// What a row of the stack shows.
    enum Row {
        case header
        case filterBar
        case tweet(ProfileTweet)
    }

    /// Rows before the first tweet.
    static let leadingRows = 2
    /// The filter bar's row index.
    static let filterBarRow = 1

    let tweets: TweetSource
    let filter: ProfileFilter

    var count: Int { ProfileRows.leadingRows + tweets.count }

    func item(at index: Int) -> Row {
        switch index {
        case 0: return .header
        case ProfileRows.filterBarRow: return .filterBar
        default: return .tweet(tweets.tweet(index - ProfileRows.leadingRows, filter: filter))
        }
    }

    func isSectionHeader(at index: Int) -> Bool { index == ProfileRows.filterBarRow }

    /// The header, the filter bar and tweets are built from different views.
    func reuseKind(at index: Int) -> Int { min(index, ProfileRows.leadingRows) }

    func sectionHeaderIndex(atOrBefore index: Int) -> Int? {
        index >= ProfileRows.filterBarRow ? ProfileRows.filterBarRow : nil
    }
}

/// The profile's owner, as shown in the header.
enum ProfileUser {
    static let author = (name: "Ada Lovelace", handle: "@ada")
    static let bio = "Poet of numbers. Writing the first programs, one frame at a time ✨"
    static let location = "London"
    static let link = "analytical.engine"
    static let following = "123"
    static let followers = "4,567"
}

/// Words, names and colours the generated tweets are made of.
enum TweetWords {
    static let authors: [(name: String, handle: String)] = [
        ("Grace Hopper", "@grace"), ("김민지", "@minji"), ("Alan Turing", "@alan"), ("Barbara Liskov", "@liskov"),
        ("이서준", "@seojun"), ("Edsger Dijkstra", "@ewd"), ("Radia Perlman", "@radia"), ("Margaret Hamilton", "@mh"),
    ]
    static let words = [
        "terminal", "frames", "render", "layout", "scroll", "diff", "cells", "wide", "glyph", "budget", "today",
        "shipped", "the", "a", "fast", "lazy", "stack", "swift", "benchmarks", "measure", "and", "with", "every",
        "row", "screen", "again", "why", "not", "ten", "million", "engine", "notes",
    ]
    static let koreanWords = ["안녕하세요", "터미널", "화면", "스크롤", "빠르게", "오늘", "레이아웃", "그리고", "한글"]
    static let emoji = ["🎉", "🚀", "✨", "🔥", "💡"]
    static let avatarColors: [Color] = [
        .rgb(244, 93, 34), .rgb(121, 75, 196), .rgb(23, 191, 99), .rgb(224, 36, 94), .rgb(255, 173, 31),
        .rgb(0, 186, 124),
    ]

    /// A body of 8-40 words, one in five Korean, some with emoji.
    ///
    /// Written as UTF-8 into a string made at its exact length: the words
    /// are drawn twice from the same generator, once to count their bytes.
    /// Appended to a `String` one by one they cost 23k instructions a tweet,
    /// 6% of the layout of a jump that builds 13 tweets (callgrind).
    static func body(_ random: inout SeededRandom) -> String {
        let korean = random.below(5) == 0
        let pool = korean ? koreanWords : words
        let wordCount = 8 + random.below(33)
        var counting = random
        var length = 0
        drawWords(wordCount, from: pool, &counting) { length += $0.utf8.count }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var written = 0
            drawWords(wordCount, from: pool, &random) { part in
                let rest = UnsafeMutableBufferPointer(rebasing: buffer[written...])
                let copied = part.utf8.withContiguousStorageIfAvailable { bytes in
                    UnsafeMutableRawBufferPointer(rest).copyMemory(from: UnsafeRawBufferPointer(bytes))
                    return bytes.count
                }
                written += copied ?? copyBytes(of: part, into: rest)
            }
            return written
        }
    }

    /// Hands `body` the parts of `count` words from `pool` in order: the
    /// separating spaces, the words, and now and then an emoji.
    private static func drawWords(
        _ count: Int, from pool: [String], _ random: inout SeededRandom, _ body: (String) -> Void
    ) {
        for word in 0..<count {
            if word > 0 { body(" ") }
            body(pool[random.below(pool.count)])
            if random.below(17) == 0 {
                body(" ")
                body(emoji[random.below(emoji.count)])
            }
        }
    }

    /// `text`'s UTF-8 copied into `buffer` (for a string without contiguous storage); the bytes copied.
    private static func copyBytes(of text: String, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var written = 0
        for byte in text.utf8 {
            buffer[written] = byte
            written += 1
        }
        return written
    }
}
