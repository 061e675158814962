/// One item of a feed file: its text, and the other fields of a JSON line.
public struct FileRecord: Equatable, Sendable {
    public var text: String
    /// The line's string fields.
    public var fields: [String: String]
    /// The line's number fields, as text.
    public var numbers: [String: String]

    public init(text: String, fields: [String: String] = [:], numbers: [String: String] = [:]) {
        self.text = text
        self.fields = fields
        self.numbers = numbers
    }

    /// Field `key` as text, a string or a number.
    public func value(_ key: String) -> String? { fields[key] ?? numbers[key] }
}
