import FrameGrid
import Layout
import Workloads

/// A feed of `count` tweet-like posts, each derived from (seed, index) when
/// asked for: nothing is stored per item, so ten million items cost what ten do.
/// Bodies wrap to 2-5 lines at the benchmark's width; some are Korean, some carry emoji.
struct TweetFeed: LazyDataSource {
    let count: Int
    let seed: UInt64
    /// Columns the body wraps at, to aim for 2-5 lines.
    let width: Int

    func item(at index: Int) -> Tweet {
        var random = SeededRandom(seed: seed, index: index)
        let author = TweetFeed.authors[random.below(TweetFeed.authors.count)]
        let lines = 2 + random.below(4)
        // Enough words to fill lines-1 full lines and part of the last.
        let target = (lines - 1) * width + width / 3 + random.below(width / 2)
        var body = ""
        body.reserveCapacity(target + 16)
        let korean = random.below(5) == 0
        let pool = korean ? TweetFeed.koreanWords : TweetFeed.words
        var bodyWidth = 0
        while bodyWidth < target - 8 {
            if !body.isEmpty {
                body += " "
                bodyWidth += 1
            }
            let word = pool[random.below(pool.count)]
            body += word
            bodyWidth += korean ? word.count * 2 : word.count
            if random.below(23) == 0 {
                body += " 🎉"
                bodyWidth += 3
            }
        }
        return Tweet(
            index: index, author: author.0, handle: author.1, minutes: 1 + random.below(59 * 24),
            body: body, likes: random.below(12_000), reposts: random.below(900))
    }

    static let authors = [
        ("Ada Lovelace", "@ada"), ("Grace Hopper", "@grace"), ("김민지", "@minji"), ("Alan Turing", "@alan"),
        ("Barbara Liskov", "@liskov"), ("이서준", "@seojun"), ("Edsger Dijkstra", "@ewd"), ("Radia Perlman", "@radia"),
    ]
    static let words = [
        "terminal", "frames", "render", "layout", "scroll", "diff", "cells", "wide", "glyph", "budget",
        "today", "shipped", "the", "a", "fast", "lazy", "stack", "swift", "benchmarks", "measure", "and",
        "with", "every", "row", "screen", "again", "why", "not", "ten", "million",
    ]
    static let koreanWords = ["안녕하세요", "터미널", "화면", "스크롤", "빠르게", "오늘", "레이아웃", "그리고", "한글"]
}

struct Tweet {
    let index: Int
    let author: String
    let handle: String
    let minutes: Int
    let body: String
    let likes: Int
    let reposts: Int
}

/// One post: a header line, the wrapped body, an action line and a divider.
struct TweetRow: View {
    let tweet: Tweet

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text(tweet.author).fontWeight(.semibold)
                Text(tweet.handle).foregroundStyle(.secondary)
                Spacer()
                Text(tweet.minutes < 60 ? "\(tweet.minutes)m" : "\(tweet.minutes / 60)h").font(.caption)
            }
            Text(tweet.body)
            HStack(spacing: 3) {
                Image(systemName: "bubble.left")
                Text("\(tweet.reposts)").font(.caption)
                Image(systemName: "heart")
                Text("\(tweet.likes)").font(.caption)
                Image(systemName: "square.and.arrow.up")
            }
            .foregroundColor(.brightBlack)
            Divider()
        }
        .padding(.horizontal, 1)
    }
}
