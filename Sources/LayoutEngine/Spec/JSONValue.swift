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
/// Looking a key up is O(1); a repeated key keeps its first position and its last value,
/// as most JSON parsers do.
public struct JSONObject: Hashable, Sendable {
    /// The keys, in document order.
    public private(set) var keys: [String] = []
    private var storage: [String: JSONValue] = [:]

    /// An empty object.
    public init() {}

    /// An object with `members` in the given order.
    public init(_ members: [(String, JSONValue)]) {
        for (key, value) in members { self[key] = value }
    }

    /// The value of `key`, or nil when the object has no such member.
    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The number of members.
    public var count: Int { keys.count }

    /// The members in order.
    public var members: [(key: String, value: JSONValue)] {
        keys.map { ($0, storage[$0] ?? .null) }
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.storage == b.storage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }
}
