import Harness

/// Text for an HTML page or an SVG inside it: names in reports come from
/// files a user gave (suite names, benchmark names, machine fields) and can
/// be hostile, so every string that goes into the page passes through here.
enum HTMLText {
    /// `text` safe in element content and in double- or single-quoted
    /// attributes: markup characters as entities, control characters and
    /// bidirectional overrides shown as `\u{..}` (as in terminal output).
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in UntrustedText.terminal(text) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A number for an SVG attribute: at most two decimals, no exponent.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        if hundredths == hundredths.rounded(.towardZero) && Int(hundredths) % 100 == 0 { return "\(Int(hundredths) / 100)" }
        return "\(hundredths / 100)"
    }

    /// Milliseconds from nanoseconds, for labels: "0.412 ms".
    static func milliseconds(_ nanoseconds: Double) -> String {
        let value = nanoseconds / 1_000_000
        if value >= 100 { return "\(Int(value.rounded())) ms" }
        if value >= 10 { return "\((value * 10).rounded() / 10) ms" }
        return "\((value * 1000).rounded() / 1000) ms"
    }
}
