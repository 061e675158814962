import Foundation
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

    /// A time from nanoseconds in the unit that suits it (ns, µs, ms, s)
    /// with `digits` significant digits: "7.62 µs", "10.0 µs", "4.51 ms".
    /// A label never reads "0.0 ms" for a time that is not zero.
    static func duration(_ nanoseconds: Double, digits: Int = 3) -> String {
        guard nanoseconds.isFinite else { return "-" }
        if nanoseconds == 0 { return "0" }
        let magnitude = abs(nanoseconds)
        let (scale, unit): (Double, String) =
            magnitude < 1_000 ? (1, "ns") : magnitude < 1_000_000 ? (1_000, "µs") : magnitude < 1_000_000_000 ? (1_000_000, "ms") : (1_000_000_000, "s")
        let value = nanoseconds / scale
        // Significant digits: the decimals are what is left after the integer part's digits.
        let integerDigits = max(1, Int(log10(max(abs(value), 1)).rounded(.down)) + 1)
        let decimals = max(0, digits - integerDigits)
        return String(format: "%.\(decimals)f", value) + " " + unit
    }

    /// Labels for times shown side by side (baseline and candidate figures):
    /// the fewest significant digits, at least three, at which values that
    /// differ get labels that differ, so 7.6 µs against 7.64 µs does not read
    /// as no change.
    static func durations(_ values: [Double]) -> [String] {
        for digits in 3...6 {
            let labels = values.map { duration($0, digits: digits) }
            var seen: [String: Double] = [:]
            var clash = false
            for (label, value) in zip(labels, values) {
                if let other = seen[label], other != value { clash = true; break }
                seen[label] = value
            }
            if !clash { return labels }
        }
        return values.map { duration($0, digits: 6) }
    }
}
