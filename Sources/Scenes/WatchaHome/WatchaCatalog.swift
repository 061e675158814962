import FrameGrid
import Layout
import Workloads

/// Where the titles come from: generated from the seed and an index (nothing
/// stored per title), or the lines of a `--feed-file` (JSON `title`, else the text).
struct WatchaCatalog {
    let seed: UInt64
    let file: FileFeed?
    /// How many sections the home feed has (and rows each other tab's list has).
    let count: Int
    /// Generated titles, by form and words (see `generatedTitle`).
    private let titles = PosterStrings(count: 3 * 256)
    /// "Genre · year" captions, by genre and year.
    private let captions = PosterStrings(count: WatchaCatalog.genres.count * WatchaCatalog.years)
    /// Years run from `firstYear` for this many.
    private static let firstYear = 1998
    private static let years = 28

    /// Whether this is the same catalog as `other` (a copy of it): the same
    /// seed, count, feed file and string tables give the same titles.
    func isSame(as other: WatchaCatalog) -> Bool {
        seed == other.seed && count == other.count && file === other.file && titles === other.titles
            && captions === other.captions
    }

    /// Posters in each home carousel.
    static let postersPerCarousel = 1_000

    init(settings: WorkloadSettings) throws {
        assert(WatchaCatalog.adjectives.count <= 16 && WatchaCatalog.nouns.count <= 16, "titles are kept by 4-bit word places")
        seed = settings.seed
        if let path = settings.feedFile {
            let file = try FileFeed(path: path)
            self.file = file
            count = max(0, file.count(requested: settings.feedItems))
        } else {
            file = nil
            count = max(0, settings.feedItems)
            makeAllStrings()
        }
    }

    /// Every generated title and caption, made now: they are drawn from
    /// small tables (a few hundred short strings, some tens of KB, bounded
    /// by the tables), so the frame that first shows a poster allocates
    /// none of them (a jump or a tab's first rows showed dozens).
    private func makeAllStrings() {
        let adjectives = WatchaCatalog.adjectives.indices
        let nouns = WatchaCatalog.nouns.indices
        for adjective in adjectives {
            for noun in nouns {
                _ = titles.string(adjective << 4 | noun) { WatchaCatalog.theTitle(adjective, noun) }
                _ = titles.string(512 + (adjective << 4 | noun)) { WatchaCatalog.plainTitle(adjective, noun) }
            }
        }
        for first in nouns {
            for second in nouns {
                _ = titles.string(256 + (first << 4 | second)) { WatchaCatalog.ofTitle(first, second) }
            }
        }
        for genre in WatchaCatalog.genres.indices {
            for year in 0..<WatchaCatalog.years {
                _ = captions.string(genre * WatchaCatalog.years + year) { WatchaCatalog.caption(genre, year) }
            }
        }
    }

    private static func theTitle(_ adjective: Int, _ noun: Int) -> String {
        "The " + adjectives[adjective] + " " + nouns[noun]
    }
    private static func ofTitle(_ first: Int, _ second: Int) -> String { nouns[first] + " of " + nouns[second] }
    private static func plainTitle(_ adjective: Int, _ noun: Int) -> String { adjectives[adjective] + " " + nouns[noun] }
    private static func caption(_ genre: Int, _ year: Int) -> String { "\(genres[genre]) · \(firstYear + year)" }

    /// The poster in column `column` of home section `section`.
    func poster(section: Int, column: Int) -> Poster {
        let index = section &* WatchaCatalog.postersPerCarousel &+ column
        return poster(index)
    }

    /// Title number `index` (the lists of the other tabs walk these in order).
    func poster(_ index: Int) -> Poster {
        var random = SeededRandom(seed: seed, index: index)
        let title = file.map { WatchaCatalog.title(of: $0.record(index)) } ?? generatedTitle(&random)
        let genreIndex = random.below(WatchaCatalog.genres.count)
        let genre = WatchaCatalog.genres[genreIndex]
        let yearIndex = random.below(WatchaCatalog.years)
        let year = WatchaCatalog.firstYear + yearIndex
        let caption = captions.string(genreIndex * WatchaCatalog.years + yearIndex) {
            WatchaCatalog.caption(genreIndex, yearIndex)
        }
        let hue = WatchaCatalog.tints[random.below(WatchaCatalog.tints.count)]
        return Poster(
            index: index, title: title, genre: genre, year: year, caption: caption, rating: 25 + random.below(26),
            tint: hue.fill, edge: hue.edge)
    }

    /// A feed file line's title: its JSON `title`, else its text.
    private static func title(of record: FileRecord) -> String { record.value("title") ?? record.text }

    /// A title of one of four forms, its words drawn in reading order. Kept
    /// by form and the words' places (four bits each: the lists have at most 16 words).
    private func generatedTitle(_ random: inout SeededRandom) -> String {
        let adjectives = WatchaCatalog.adjectives
        let nouns = WatchaCatalog.nouns
        switch random.below(5) {
        case 0:
            let (adjective, noun) = (random.below(adjectives.count), random.below(nouns.count))
            return titles.string(adjective << 4 | noun) { WatchaCatalog.theTitle(adjective, noun) }
        case 1:
            let (first, second) = (random.below(nouns.count), random.below(nouns.count))
            return titles.string(256 + (first << 4 | second)) { WatchaCatalog.ofTitle(first, second) }
        case 2:
            return WatchaCatalog.korean[random.below(WatchaCatalog.korean.count)]
        default:
            let (adjective, noun) = (random.below(adjectives.count), random.below(nouns.count))
            return titles.string(512 + (adjective << 4 | noun)) { WatchaCatalog.plainTitle(adjective, noun) }
        }
    }

    static let adjectives = [
        "Midnight", "Silent", "Last", "Crimson", "Hidden", "Broken", "Golden", "Wild", "Frozen", "Secret",
        "Little", "Endless", "Lost", "Second", "Paper",
    ]
    static let nouns = [
        "Train", "Garden", "Signal", "Harbor", "Letters", "Summer", "Island", "Detective", "Kingdom", "Witness",
        "Frequency", "Diner", "River", "Station", "Orchard",
    ]
    static let korean = ["기생충", "오징어 게임", "나의 아저씨", "비밀의 숲", "응답하라 1988", "시그널", "킹덤", "마더"]
    static let genres = ["Drama", "Thriller", "Comedy", "Romance", "Sci-fi", "Documentary", "Animation", "Crime"]
    /// Poster colours: a dark fill and a brighter edge.
    static let tints: [(fill: Color, edge: Color)] = [
        (.rgb(58, 18, 38), .rgb(255, 5, 88)), (.rgb(18, 34, 60), .rgb(90, 150, 255)),
        (.rgb(20, 48, 36), .rgb(80, 200, 140)), (.rgb(56, 40, 14), .rgb(240, 180, 60)),
        (.rgb(40, 24, 58), .rgb(170, 120, 255)), (.rgb(30, 30, 30), .rgb(180, 180, 180)),
    ]
}

/// One title as a poster shows it.
struct Poster: Equatable {
    let index: Int
    let title: String
    let genre: String
    let year: Int
    /// "Genre · year".
    let caption: String
    /// Watcha's star rating times ten (25 means 2.5).
    let rating: Int
    let tint: Color
    let edge: Color

    var ratingText: String { "★ \(rating / 10).\(rating % 10)" }
}

/// The kinds of home sections, repeating down the feed.
enum SectionKind: Int, CaseIterable {
    case hero, justArrived, watchagorithm, comingSoon

    var title: String {
        switch self {
        case .hero: return "Today's picks"
        case .justArrived: return "Just arrived"
        case .watchagorithm: return "Watchagorithm: picked for you"
        case .comingSoon: return "Coming soon"
        }
    }

    /// The poster card size, border included.
    var posterSize: Size {
        self == .hero ? Size(cols: 24, rows: 9) : Size(cols: 12, rows: 6)
    }

    /// Rows the whole section takes: header, posters and a blank row.
    var height: Int { posterSize.rows + 2 }
}

/// The home feed's sections: section i is kind i % 4 with its own carousel of posters.
struct HomeSections: LazyDataSource {
    let count: Int

    func item(at index: Int) -> Int { index }

    static func kind(_ index: Int) -> SectionKind { SectionKind(rawValue: index % SectionKind.allCases.count)! }
}

/// The posters of one home carousel, made on demand.
struct CarouselPosters: LazyDataSource {
    let catalog: WatchaCatalog
    let section: Int

    var count: Int { catalog.count == 0 ? 0 : WatchaCatalog.postersPerCarousel }
    func item(at index: Int) -> CarouselPoster {
        CarouselPoster(poster: catalog.poster(section: section, column: index), kind: HomeSections.kind(section))
    }
}

/// A poster with the kind of carousel it sits in: the carousel's card closure
/// reads the kind from its item, so it captures nothing (a capturing closure
/// allocated its context each time its section row was updated).
struct CarouselPoster {
    let poster: Poster
    let kind: SectionKind
}

/// The rows of a tab's list (search results, upcoming titles, downloads).
struct TitleRows: LazyDataSource {
    let catalog: WatchaCatalog
    /// Where this list starts among the titles (so tabs show different ones).
    let base: Int

    var count: Int { catalog.count }
    func item(at index: Int) -> ListedTitle { ListedTitle(position: index, poster: catalog.poster(base &+ index)) }
}

/// A title at a place in a list.
struct ListedTitle: Equatable {
    let position: Int
    let poster: Poster
}
