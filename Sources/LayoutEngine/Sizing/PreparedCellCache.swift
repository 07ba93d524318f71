import CellLayout
import TextLayout

/// Composed cells prepared for layout (their trees read, their texts shaped and broken), kept
/// across `compute` calls by the decoded layout they came from and their resolved text styles:
/// the same feed at a new width (a rotation, an iPad) only lays its cells out again.
///
/// One per text engine (a cell prepared with other fonts is another cell). Keys hold the decoded
/// layout's identity object, so an identity is never reused while its entry lives. Bounded by the
/// code units of the texts the cells hold (plus a fixed cost per cell), in two generations as the
/// text engine's paragraph cache is: past `capacityUnits` per shard the older generation goes.
/// Thread-safe; sharded so that the threads measuring rows do not wait on one lock.
final class PreparedCellCache: Sendable {
    struct Key: Hashable, @unchecked Sendable {
        // The identity is an immutable, empty class instance: compared by reference only.
        let identity: CellLayoutSpec.Identity
        let styles: [TextStyle]
        /// A cell prepared for one baseline placement is laid out with it: the placement is part of the key.
        var baselines: CellLayout.BaselinePlacement = .exact

        static func == (a: Key, b: Key) -> Bool { a.identity === b.identity && a.styles == b.styles && a.baselines == b.baselines }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }
    }

    private struct Entry: Sendable {
        var cell: PreparedCell
        var units: Int
    }

    private struct Shard: Sendable {
        var young: [Key: Entry] = [:]
        var old: [Key: Entry] = [:]
        var youngUnits = 0
    }

    /// What one cell costs beyond its texts' code units (its tree's nodes, its keys and tables).
    static let cellOverheadUnits = 64

    /// A lock of its own per shard (`EngineLock` may be a non-copyable `Mutex`: boxed to sit in an array).
    private final class Locked: Sendable {
        let lock = EngineLock(Shard())
    }

    private let shards: [Locked]
    private let capacity: Int

    /// `capacityUnits`: what all shards together keep in their young generations (the old ones as
    /// many more); 0 keeps nothing.
    init(capacityUnits: Int) {
        let n = 8
        capacity = max(0, capacityUnits / n)
        shards = (0..<n).map { _ in Locked() }
    }

    private func shard(_ key: Key) -> Locked {
        shards[Int(bitPattern: UInt(bitPattern: ObjectIdentifier(key.identity).hashValue) >> 4) % shards.count]
    }

    func cell(for key: Key) -> PreparedCell? {
        shard(key).lock.withLock { s in
            if let e = s.young[key] { return e.cell }
            if let e = s.old.removeValue(forKey: key) {
                Self.insert(&s, key, e, capacity: capacity)
                return e.cell
            }
            return nil
        }
    }

    func store(_ cell: PreparedCell, units: Int, for key: Key) {
        let entry = Entry(cell: cell, units: units + Self.cellOverheadUnits)
        guard capacity > 0, entry.units <= capacity else { return }
        shard(key).lock.withLock { Self.insert(&$0, key, entry, capacity: capacity) }
    }

    private static func insert(_ s: inout Shard, _ key: Key, _ entry: Entry, capacity: Int) {
        if s.youngUnits + entry.units > capacity {
            s.old = s.young
            s.young = [:]
            s.youngUnits = 0
        }
        s.young[key] = entry
        s.youngUnits += entry.units
    }

    /// Drops every cell.
    func removeAll() {
        for s in shards { s.lock.withLock { $0 = Shard() } }
    }

    /// How many cells are kept now.
    var count: Int { shards.reduce(0) { n, s in n + s.lock.withLock { $0.young.count + $0.old.count } } }
}
