/// A JSON document as a value tree: what specs are decoded from and what results are written as.
///
/// JSON and YAML input both become a `JSONValue` first, so the spec decoder (and its error
/// paths) is the same for both formats. Objects keep their keys in document order, which the
/// result writers rely on for a stable output order.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name of the value's JSON type, for error messages ("a number", "an array").
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object whose members keep the order they were written or inserted in.
///
/// A repeated key keeps its first position and its last value, as most JSON parsers do. Small
/// objects (the spec's are: a handful of members) are searched by comparing keys, which costs
/// less than hashing them; objects past `indexedCount` members keep a hash index, so looking a key
/// up stays O(1).
public struct JSONObject: Hashable, Sendable {
    /// The keys, in document order.
    public private(set) var keys: [String] = []
    private var values: [JSONValue] = []
    /// Key → position, for objects of more than `indexedCount` members.
    private var index: [String: Int]?
    private static let indexedCount = 12

    /// An empty object.
    public init() {}

    /// An object with `members` in the given order.
    public init(_ members: [(String, JSONValue)]) {
        keys.reserveCapacity(members.count)
        values.reserveCapacity(members.count)
        for (key, value) in members { self[key] = value }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        for i in keys.indices where keys[i] == key { return i }
        return nil
    }

    /// The value of the member at `position` in document order (`keys[position]`'s).
    func value(at position: Int) -> JSONValue { values[position] }

    /// The value of `key`, or nil when the object has no such member.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let newValue {
                if let i = position(of: key) {
                    values[i] = newValue
                } else {
                    keys.append(key)
                    values.append(newValue)
                    if index != nil {
                        index![key] = keys.count - 1
                    } else if keys.count > Self.indexedCount {
                        index = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                    }
                }
            } else if let i = position(of: key) {
                keys.remove(at: i)
                values.remove(at: i)
                if index != nil {
                    index = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                }
            }
        }
    }

    /// The number of members.
    public var count: Int { keys.count }

    /// The members in order.
    public var members: [(key: String, value: JSONValue)] {
        var out: [(key: String, value: JSONValue)] = []
        out.reserveCapacity(keys.count)
        for i in keys.indices { out.append((key: keys[i], value: values[i])) }
        return out
    }

    /// Equal when they have the same members, in any order.
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        guard a.keys.count == b.keys.count else { return false }
        for i in a.keys.indices {
            guard let j = b.position(of: a.keys[i]), b.values[j] == a.values[i] else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, as equality is.
        var combined = 0
        for i in keys.indices {
            var h = Hasher()
            h.combine(keys[i])
            h.combine(values[i])
            combined ^= h.finalize()
        }
        hasher.combine(keys.count)
        hasher.combine(combined)
    }
}
