import Workloads
import XCTest

@testable import Scenes

/// A tweet's body is written at its exact length from words drawn twice
/// (`TweetWords.body`): the text, and the generator's state after it, are
/// what appending the words one by one gave.
final class TweetWordsTests: XCTestCase {
    func testBodiesAreTheWordsAppendedInTheOrderDrawn() {
        for seed in 0..<2_000 as Range<UInt64> {
            var random = SeededRandom(seed: seed)
            var reference = random
            let body = TweetWords.body(&random)
            XCTAssertEqual(body, appendedOneByOne(&reference), "seed \(seed)")
            XCTAssertEqual(
                random.below(1 << 30), reference.below(1 << 30), "seed \(seed): the generator moved on alike")
        }
    }

    /// The body as it was made before: each word appended to a `String`.
    private func appendedOneByOne(_ random: inout SeededRandom) -> String {
        let korean = random.below(5) == 0
        let pool = korean ? TweetWords.koreanWords : TweetWords.words
        let wordCount = 8 + random.below(33)
        var body = ""
        for word in 0..<wordCount {
            if word > 0 { body += " " }
            body += pool[random.below(pool.count)]
            if random.below(17) == 0 { body += " " + TweetWords.emoji[random.below(TweetWords.emoji.count)] }
        }
        return body
    }
}
