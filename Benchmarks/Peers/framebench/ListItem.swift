import FrameGrid

/// One item of the shootout's list as every peer shows it: its text, colour
/// and weight (Benchmarks/Peers/README.md, "The list").
struct ListItem: Equatable {
    private static let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
    private static let korean = ["가나다", "한국어", "서울", "안녕하세요"]
    private static let emoji = ["🍎", "🚀", "🎉"]
    private static let colors: [Color] = [.red, .green, .yellow, .blue]

    /// The item's number, 1-based.
    let number: Int
    let isCursor: Bool

    /// `printf("%7d %s %s %s item %d", ...)`.
    var text: String {
        let digits = String(number)
        let padded = digits.count < 7 ? String(repeating: " ", count: 7 - digits.count) + digits : digits
        return "\(padded) \(Self.words[number % 8]) \(Self.korean[number % 4]) \(Self.emoji[number % 3]) item \(number)"
    }

    var color: Color { Self.colors[number % 4] }
    var isBold: Bool { number % 5 == 0 }
}
