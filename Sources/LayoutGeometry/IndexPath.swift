/// A section and an item (row) index, like Foundation's `IndexPath` in UIKit's two-index use.
///
/// Ordered by section, then item. Encodes as `[section, item]`, the contract's form.
public struct IndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The section index.
    public var section: Int
    /// The row (table) or item (grid) index within the section.
    public var item: Int

    /// The row index; the same as `item`.
    public var row: Int {
        get { item }
        set { item = newValue }
    }

    /// Creates an index path from a section and an item.
    public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    /// Creates an index path from a section and a row.
    public init(row: Int, section: Int) {
        self.init(item: row, section: section)
    }

    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        (a.section, a.item) < (b.section, b.item)
    }

    public var description: String { "[\(section), \(item)]" }
}

extension IndexPath: Codable {
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        let s = try c.decode(Int.self), i = try c.decode(Int.self)
        self.init(item: i, section: s)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(section)
        try c.encode(item)
    }
}
