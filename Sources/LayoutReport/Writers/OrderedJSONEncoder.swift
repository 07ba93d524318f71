import LayoutEngine

/// An `Encoder` that produces a `JSONValue` whose objects keep their keys in the order
/// `encode(to:)` wrote them — which `JSONEncoder` does not do. The result schema's
/// `encode(to:)` methods therefore define the output order once, for every writer.
public struct OrderedJSONEncoder {
    public init() {}

    /// The value tree of `value`.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let box = EncodingBox()
        try value.encode(to: TreeEncoder(box: box, codingPath: []))
        return box.resolved()
    }
}

/// A node of the tree being built; resolved into a `JSONValue` at the end.
private final class EncodingBox {
    enum Content {
        case empty
        case value(JSONValue)
        case object(keys: [String], children: [String: EncodingBox])
        case array([EncodingBox])
    }

    var content: Content = .empty

    func child(forKey key: String) -> EncodingBox {
        var keys: [String] = [], children: [String: EncodingBox] = [:]
        if case .object(let k, let c) = content {
            if let existing = c[key] { return existing }
            keys = k; children = c
            content = .empty  // so that the arrays are uniquely referenced and append in place
        }
        let box = EncodingBox()
        keys.append(key)
        children[key] = box
        content = .object(keys: keys, children: children)
        return box
    }

    func appendChild() -> EncodingBox {
        var elements: [EncodingBox] = []
        if case .array(let e) = content {
            elements = e
            content = .empty  // uniquely referenced: appending n children is O(n), not O(n²)
        }
        let box = EncodingBox()
        elements.append(box)
        content = .array(elements)
        return box
    }

    func makeObject() {
        if case .object = content { return }
        content = .object(keys: [], children: [:])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func resolved() -> JSONValue {
        switch content {
        case .empty: return .object(JSONObject())
        case .value(let v): return v
        case .array(let elements): return .array(elements.map { $0.resolved() })
        case .object(let keys, let children):
            return .object(JSONObject(keys.map { ($0, children[$0]?.resolved() ?? .null) }))
        }
    }
}

private struct TreeEncoder: Encoder {
    let box: EncodingBox
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.makeObject()
        return KeyedEncodingContainer(KeyedTreeContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        box.makeArray()
        return UnkeyedTreeContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        SingleValueTreeContainer(box: box, codingPath: codingPath)
    }
}

private func encodeValue<T: Encodable>(_ value: T, into box: EncodingBox, codingPath: [CodingKey]) throws {
    switch value {
    case let v as Double: box.content = .value(.number(v))
    case let v as Int: box.content = .value(.number(Double(v)))
    case let v as String: box.content = .value(.string(v))
    case let v as Bool: box.content = .value(.bool(v))
    default: try value.encode(to: TreeEncoder(box: box, codingPath: codingPath))
    }
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: EncodingBox
    let codingPath: [CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.child(forKey: key.stringValue).content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: box.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        let child = box.child(forKey: key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(box: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        let child = box.child(forKey: key.stringValue)
        child.makeArray()
        return UnkeyedTreeContainer(box: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> Encoder { TreeEncoder(box: box.child(forKey: "super"), codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> Encoder {
        TreeEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedTreeContainer: UnkeyedEncodingContainer {
    let box: EncodingBox
    let codingPath: [CodingKey]
    var count: Int {
        if case .array(let elements) = box.content { return elements.count }
        return 0
    }

    mutating func encodeNil() throws { box.appendChild().content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: box.appendChild(), codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = box.appendChild()
        child.makeObject()
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(box: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let child = box.appendChild()
        child.makeArray()
        return UnkeyedTreeContainer(box: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> Encoder { TreeEncoder(box: box.appendChild(), codingPath: codingPath) }
}

private struct SingleValueTreeContainer: SingleValueEncodingContainer {
    let box: EncodingBox
    let codingPath: [CodingKey]

    mutating func encodeNil() throws { box.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { box.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { box.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { box.content = .value(.number(value)) }
    mutating func encode(_ value: Float) throws { box.content = .value(.number(Double(value))) }
    mutating func encode(_ value: Int) throws { box.content = .value(.number(Double(value))) }
    mutating func encode(_ value: Int8) throws { box.content = .value(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { box.content = .value(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { box.content = .value(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { box.content = .value(.number(Double(value))) }
    mutating func encode(_ value: UInt) throws { box.content = .value(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { box.content = .value(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { box.content = .value(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { box.content = .value(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { box.content = .value(.number(Double(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, into: box, codingPath: codingPath) }
}
