import Foundation

/// Values of metrics as people read them.
public enum Units {
    /// A value with its unit: durations scaled (1.25ms), instructions
    /// grouped (2.47M), counts with one decimal.
    public static func format(_ value: Double, _ metric: Metric) -> String {
        switch metric.kind {
        case .timing: return duration(value)
        case .instructions: return count(value)
        default: return number(value)
        }
    }

    /// 2470000 as "2.47M", 18200 as "18.2k".
    public static func count(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1e9 { return String(format: "%.3gG", value / 1e9) }
        if magnitude >= 1e6 { return String(format: "%.3gM", value / 1e6) }
        if magnitude >= 1e4 { return String(format: "%.3gk", value / 1e3) }
        return number(value)
    }

    /// A duration in ns, us or ms with three significant digits.
    public static func duration(_ nanoseconds: Double) -> String {
        if nanoseconds < 1_000 { return number(nanoseconds, digits: 0) + "ns" }
        if nanoseconds < 1_000_000 { return number(nanoseconds / 1_000, digits: nanoseconds < 10_000 ? 2 : 1) + "us" }
        if nanoseconds < 1_000_000_000 { return number(nanoseconds / 1_000_000, digits: 2) + "ms" }
        return number(nanoseconds / 1_000_000_000, digits: 2) + "s"
    }

    /// `value` rounded to `digits` decimals, always showing them (2.50).
    public static func number(_ value: Double, digits: Int = 1) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if digits == 0 { return String(Int(rounded)) }
        var text = String(rounded)
        if text.contains("e") { return text }
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        return text
    }
}
