/// A JSON document held compactly, as `JSONStreamParser` builds it from a
/// file read in chunks and `JSONValueDecoder` hands it to `Decodable` types.
///
/// Why not Foundation's tree: a list of numbers (a run's frames, the bulk
/// of a results file) is kept as one `[Int]` or `[Double]`, 8 bytes a
/// number, instead of a boxed value per number, so a results file costs
/// about the memory of the numbers it holds, and `[Int]` fields decode by
/// sharing the array rather than copying it.
enum JSONValue {
    case null
    case bool(Bool)
    /// A number outside a packed list, as written (`20.5`, `1e3`, `99999999999999999999`).
    case number(String)
    case string(String)
    /// An object; `order` keeps the keys as written, for messages.
    case object([String: JSONValue], order: [String])
    case array([JSONValue])
    /// A list whose every element is a whole number written in digits that fits an `Int`.
    case integers([Int])
    /// A list of numbers, some written with a fraction or an exponent.
    case doubles([Double])

    /// The value as it would be written, shortened to 40 characters, for messages.
    var excerpt: String {
        let text: String
        switch self {
        case .null: text = "null"
        case .bool(let value): text = value ? "true" : "false"
        case .number(let written): text = written
        case .string(let value): text = "\"\(value)\""
        case .object(_, let order): text = "{" + order.map { "\"\($0)\": ..." }.joined(separator: ", ") + "}"
        case .array(let values): text = "[" + values.prefix(8).map(\.excerpt).joined(separator: ", ") + "]"
        case .integers(let values): text = "[" + values.prefix(8).map(String.init).joined(separator: ", ") + "]"
        case .doubles(let values): text = "[" + values.prefix(8).map { "\($0)" }.joined(separator: ", ") + "]"
        }
        return text.count > 40 ? String(text.prefix(40)) + "..." : text
    }
}
