/// A number as a person writes one on a command line or in a budget:
/// decimal digits with an optional point and exponent. Swift's
/// `Double(String)` also takes `0x10` (16), `nan`, `inf` and `infinity`,
/// which made `"+0x10%"` a 16% budget and `--frame-budget inf` a budget.
public enum DecimalNumber {
    /// The finite value of `text`, or nil unless it is `[+-]?digits[.digits][e[+-]digits]`
    /// (digits on at least one side of the point). `allowsSign: false` refuses a leading sign.
    public static func parse(_ text: String, allowsSign: Bool = true) -> Double? {
        var scalars = Substring(text).unicodeScalars[...]
        if let first = scalars.first, first == "+" || first == "-" {
            guard allowsSign else { return nil }
            scalars = scalars.dropFirst()
        }
        func digits() -> Int {
            let count = scalars.prefix { ("0"..."9").contains($0) }.count
            scalars = scalars.dropFirst(count)
            return count
        }
        var mantissa = digits()
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        if let e = scalars.first, e == "e" || e == "E" {
            scalars = scalars.dropFirst()
            if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
            guard digits() > 0 else { return nil }
        }
        guard scalars.isEmpty, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
