/// JSON string literals for the writers that build JSON text by hand (the
/// program frame log, recordings' screens and styles): below ProgramDriver
/// and Harness, so both escape alike and their files read back the same.
public enum JSONString {
    /// `text` as a JSON string literal: `"` and `\` escaped, `\n`, `\r` and
    /// `\t` by name, every other control character (and DEL) as `\u00XX`;
    /// everything else as it is (JSON is UTF-8: no `\u` for non-ASCII).
    public static func quote(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\":  // the two that JSON escapes with a backslash before themselves
                quoted += "\\"
                quoted.unicodeScalars.append(scalar)
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
