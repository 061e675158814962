import JSONText

/// The little JSON writing the harness needs, without a dependency: string
/// literals escaped as the program frame log escapes them (`JSONString`).
enum JSON {
    /// `text` as a JSON string literal; control characters escaped.
    static func quote(_ text: String) -> String { JSONString.quote(text) }
}
