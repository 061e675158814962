/// The strings posters show, each made once. Generated titles and captions
/// are drawn from small tables (an adjective and a noun, a genre and a
/// year), so each is one of a few hundred: kept on first use, a title seen
/// again, on another poster or another tab, costs no allocation. (Titles
/// from a feed file are the file's own strings and are not kept here.)
final class PosterStrings {
    private var kept: [String?]

    /// - Parameter count: how many different strings there can be (keys are `0..<count`).
    init(count: Int) { kept = Array(repeating: nil, count: count) }

    /// The string for `key`, made by `make` the first time.
    func string(_ key: Int, make: () -> String) -> String {
        if let string = kept[key] { return string }
        let string = make()
        kept[key] = string
        return string
    }
}
