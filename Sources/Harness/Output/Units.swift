/// Values of metrics as people read them.
enum Units {
    /// A value with its unit: durations scaled (1.25ms), instructions
    /// grouped (2.47M), counts with one decimal.
    static func format(_ value: Double, _ metric: Metric) -> String {
        switch metric.kind {
        case .timing: return TextReport.duration(value)
        case .instructions: return count(value)
        default: return TextReport.format(value)
        }
    }

    /// 2470000 as "2.47M", 18200 as "18.2k".
    static func count(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1e9 { return String(format: "%.3gG", value / 1e9) }
        if magnitude >= 1e6 { return String(format: "%.3gM", value / 1e6) }
        if magnitude >= 1e4 { return String(format: "%.3gk", value / 1e3) }
        return TextReport.format(value)
    }
}
