/// A `Decoder` over a `JSONValue`, so the model's own `Codable`
/// conformances read a file `JSONStreamParser` streamed, unchanged.
///
/// It behaves as Foundation's `JSONDecoder` does with default strategies
/// (the same `DecodingError` cases at the same coding paths, which
/// `JSONFile.explain` words), with one difference on purpose: a number that
/// does not fit its field (`20.5` or `1e3` for a whole number, `-1` for an
/// unsigned one, `99999999999999999999` for an `Int`) fails at its own coding
/// path, not as "not valid JSON" at the top level.
///
/// `[Int]` and `[Double]` fields take a packed list (`JSONValue.integers`)
/// by sharing its storage: a run's frames are not copied.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try unbox(type, value, at: [])
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch value {
        case .object(let members, let order):
            return KeyedDecodingContainer(Keyed<Key>(members: members, order: order, codingPath: codingPath))
        case .null:
            throw DecodingError.valueNotFound(
                KeyedDecodingContainer<Key>.self,
                .init(codingPath: codingPath, debugDescription: "Cannot get keyed decoding container -- found null value instead"))
        default:
            throw Self.mismatch([String: Any].self, value, codingPath)
        }
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        switch value {
        case .array, .integers, .doubles: return Unkeyed(list: value, codingPath: codingPath)
        case .null:
            throw DecodingError.valueNotFound(
                UnkeyedDecodingContainer.self,
                .init(codingPath: codingPath, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
        default:
            throw Self.mismatch([Any].self, value, codingPath)
        }
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { Single(value: value, codingPath: codingPath) }

    // MARK: - Values

    static func unbox<T: Decodable>(_ type: T.Type, _ value: JSONValue, at path: [CodingKey]) throws -> T {
        // A run's frames: shared, not rebuilt one number at a time.
        if T.self == [Int].self, case .integers(let values) = value { return values as! T }
        if T.self == [Double].self, case .doubles(let values) = value { return values as! T }
        return try T(from: JSONValueDecoder(value: value, codingPath: path))
    }

    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [CodingKey]) -> DecodingError {
        .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(value.excerpt) instead."))
    }

    static func missing(_ type: Any.Type, _ path: [CodingKey]) -> DecodingError {
        .valueNotFound(type, .init(codingPath: path, debugDescription: "Expected \(type) value but found null instead."))
    }

    static func bool(_ value: JSONValue, _ path: [CodingKey]) throws -> Bool {
        switch value {
        case .bool(let bool): return bool
        case .null: throw missing(Bool.self, path)
        default: throw mismatch(Bool.self, value, path)
        }
    }

    static func string(_ value: JSONValue, _ path: [CodingKey]) throws -> String {
        switch value {
        case .string(let string): return string
        case .null: throw missing(String.self, path)
        default: throw mismatch(String.self, value, path)
        }
    }

    static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type, _ value: JSONValue, _ path: [CodingKey]) throws -> T
    {
        switch value {
        case .number(let text):
            guard let number = T(text), number.isFinite else {
                throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "Number \(text) does not fit in \(T.self)."))
            }
            return number
        case .null: throw missing(T.self, path)
        default: throw mismatch(T.self, value, path)
        }
    }

    /// Only a number written as a whole number (no point, no exponent) that fits `T`.
    static func integer<T: FixedWidthInteger>(_ type: T.Type, _ value: JSONValue, _ path: [CodingKey]) throws -> T {
        switch value {
        case .number(let text):
            guard !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let number = T(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "Number \(text) does not fit in \(T.self)."))
            }
            return number
        case .null: throw missing(T.self, path)
        default: throw mismatch(T.self, value, path)
        }
    }
}

/// A coding key for a list's element or `super`.
private struct IndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { (self.stringValue, self.intValue) = (stringValue, nil) }
    init(intValue: Int) { (self.stringValue, self.intValue) = ("Index \(intValue)", intValue) }
}

extension JSONValueDecoder {
    fileprivate struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: JSONValue]
        let order: [String]
        let codingPath: [CodingKey]

        var allKeys: [Key] { order.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        private func member(_ key: Key) throws -> JSONValue {
            guard let value = members[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
            }
            return value
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            if case .null = try member(key) { return true }
            return false
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try JSONValueDecoder.bool(member(key), codingPath + [key]) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try JSONValueDecoder.string(member(key), codingPath + [key]) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            try JSONValueDecoder.floatingPoint(type, member(key), codingPath + [key])
        }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try JSONValueDecoder.floatingPoint(type, member(key), codingPath + [key]) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try JSONValueDecoder.integer(type, member(key), codingPath + [key]) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try JSONValueDecoder.integer(type, member(key), codingPath + [key]) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try JSONValueDecoder.integer(type, member(key), codingPath + [key]) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try JSONValueDecoder.integer(type, member(key), codingPath + [key]) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try JSONValueDecoder.integer(type, member(key), codingPath + [key]) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try JSONValueDecoder.integer(type, member(key), codingPath + [key]) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try JSONValueDecoder.integer(type, member(key), codingPath + [key]) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try JSONValueDecoder.integer(type, member(key), codingPath + [key]) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try JSONValueDecoder.integer(type, member(key), codingPath + [key]) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try JSONValueDecoder.integer(type, member(key), codingPath + [key]) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try JSONValueDecoder.unbox(type, member(key), at: codingPath + [key])
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONValueDecoder(value: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
            try JSONValueDecoder(value: member(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> Decoder {
            JSONValueDecoder(value: members["super"] ?? .null, codingPath: codingPath + [IndexKey(stringValue: "super")])
        }

        func superDecoder(forKey key: Key) throws -> Decoder {
            JSONValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
        }
    }

    fileprivate struct Unkeyed: UnkeyedDecodingContainer {
        let list: JSONValue
        let codingPath: [CodingKey]
        private(set) var currentIndex = 0

        init(list: JSONValue, codingPath: [CodingKey]) {
            self.list = list
            self.codingPath = codingPath
        }

        var count: Int? {
            switch list {
            case .array(let values): return values.count
            case .integers(let values): return values.count
            case .doubles(let values): return values.count
            default: return 0
            }
        }

        var isAtEnd: Bool { currentIndex >= count! }

        private var elementPath: [CodingKey] { codingPath + [IndexKey(intValue: currentIndex)] }

        /// The next element; a packed number as the text it was written as (packed lists hold only
        /// whole numbers that fit an `Int`, and fractions, so the text round-trips).
        private mutating func next(_ type: Any.Type) throws -> JSONValue {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(type, .init(codingPath: elementPath, debugDescription: "Unkeyed container is at end."))
            }
            let element: JSONValue
            switch list {
            case .array(let values): element = values[currentIndex]
            case .integers(let values): element = .number(String(values[currentIndex]))
            case .doubles(let values):
                let number = values[currentIndex]
                element = .number(number.rounded() == number ? String(Int(number)) : "\(number)")
            default: element = .null
            }
            currentIndex += 1
            return element
        }

        private mutating func take<T>(_ type: T.Type, _ read: (JSONValue, [CodingKey]) throws -> T) throws -> T {
            let path = elementPath
            return try read(next(type), path)
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(Any?.self, .init(codingPath: elementPath, debugDescription: "Unkeyed container is at end."))
            }
            if case .array(let values) = list, case .null = values[currentIndex] {
                currentIndex += 1
                return true
            }
            return false
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try take(type, JSONValueDecoder.bool) }
        mutating func decode(_ type: String.Type) throws -> String { try take(type, JSONValueDecoder.string) }
        mutating func decode(_ type: Double.Type) throws -> Double { try take(type) { try JSONValueDecoder.floatingPoint(type, $0, $1) } }
        mutating func decode(_ type: Float.Type) throws -> Float { try take(type) { try JSONValueDecoder.floatingPoint(type, $0, $1) } }
        mutating func decode(_ type: Int.Type) throws -> Int {
            if case .integers(let values) = list, currentIndex < values.count {  // frames, one at a time
                currentIndex += 1
                return values[currentIndex - 1]
            }
            return try take(type) { try JSONValueDecoder.integer(type, $0, $1) }
        }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try take(type) { try JSONValueDecoder.integer(type, $0, $1) } }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try take(type) { try JSONValueDecoder.integer(type, $0, $1) } }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try take(type) { try JSONValueDecoder.integer(type, $0, $1) } }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try take(type) { try JSONValueDecoder.integer(type, $0, $1) } }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try take(type) { try JSONValueDecoder.integer(type, $0, $1) } }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try take(type) { try JSONValueDecoder.integer(type, $0, $1) } }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try take(type) { try JSONValueDecoder.integer(type, $0, $1) } }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try take(type) { try JSONValueDecoder.integer(type, $0, $1) } }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try take(type) { try JSONValueDecoder.integer(type, $0, $1) } }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try take(type) { try JSONValueDecoder.unbox(type, $0, at: $1) } }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try take(KeyedDecodingContainer<NestedKey>.self) { try JSONValueDecoder(value: $0, codingPath: $1).container(keyedBy: type) }
        }

        mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
            try take(UnkeyedDecodingContainer.self) { try JSONValueDecoder(value: $0, codingPath: $1).unkeyedContainer() }
        }

        mutating func superDecoder() throws -> Decoder {
            try take(Decoder.self) { JSONValueDecoder(value: $0, codingPath: $1) }
        }
    }

    fileprivate struct Single: SingleValueDecodingContainer {
        let value: JSONValue
        let codingPath: [CodingKey]

        func decodeNil() -> Bool {
            if case .null = value { return true }
            return false
        }

        func decode(_ type: Bool.Type) throws -> Bool { try JSONValueDecoder.bool(value, codingPath) }
        func decode(_ type: String.Type) throws -> String { try JSONValueDecoder.string(value, codingPath) }
        func decode(_ type: Double.Type) throws -> Double { try JSONValueDecoder.floatingPoint(type, value, codingPath) }
        func decode(_ type: Float.Type) throws -> Float { try JSONValueDecoder.floatingPoint(type, value, codingPath) }
        func decode(_ type: Int.Type) throws -> Int { try JSONValueDecoder.integer(type, value, codingPath) }
        func decode(_ type: Int8.Type) throws -> Int8 { try JSONValueDecoder.integer(type, value, codingPath) }
        func decode(_ type: Int16.Type) throws -> Int16 { try JSONValueDecoder.integer(type, value, codingPath) }
        func decode(_ type: Int32.Type) throws -> Int32 { try JSONValueDecoder.integer(type, value, codingPath) }
        func decode(_ type: Int64.Type) throws -> Int64 { try JSONValueDecoder.integer(type, value, codingPath) }
        func decode(_ type: UInt.Type) throws -> UInt { try JSONValueDecoder.integer(type, value, codingPath) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONValueDecoder.integer(type, value, codingPath) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONValueDecoder.integer(type, value, codingPath) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONValueDecoder.integer(type, value, codingPath) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONValueDecoder.integer(type, value, codingPath) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONValueDecoder.unbox(type, value, at: codingPath) }
    }
}
