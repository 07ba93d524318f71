import CellLayout
import TextLayout

/// Composed cells prepared for layout (their trees read, their texts shaped and broken), kept
/// across `compute` calls by the decoded layout they came from, their resolved text styles and
/// the baseline placement, with the row payload each was prepared for (which holds the cell): the
/// same feed at a new width (a rotation, an iPad) takes its rows' payloads as they were — no
/// payload built, no cell looked up while sizing, none freed afterwards — and only lays them out. One cell per decoded layout and placement: a layout prepared with other styles (the
/// same decoded layout in a table with other text styles) replaces it.
///
/// One per text engine (a cell prepared with other fonts is another cell). Entries hold the decoded
/// layout's cache key (not the layout: the tree is not kept alive by a kept cell), so its address
/// is never reused while its entry lives. Bounded by the
/// code units of the texts the cells hold (plus a fixed cost per cell), in two generations as the
/// text engine's paragraph cache is: past `capacityUnits` per shard the older generation goes.
/// Thread-safe; sharded so that the threads measuring rows do not wait on one lock.
final class PreparedCellCache: Sendable {
    /// Where an entry is filed: the layout's address and the placement — plain values, so that
    /// looking a cell up retains nothing (every row of a feed shares its template's styles, and
    /// retaining them from both cores made the count's cache line travel on every look-up).
    /// The entry holds the key object, so the address is not reused while it is filed.
    private struct Slot: Hashable {
        let address: UInt
        let settings: CellSettings

        init(_ key: CellLayoutSpec.CacheKey, _ settings: CellSettings) {
            address = UInt(bitPattern: ObjectIdentifier(key))
            self.settings = settings
        }

        func hash(into hasher: inout Hasher) { hasher.combine(address) }

        func _rawHashValue(seed: Int) -> Int { mixedAddressHash(address, seed: seed) }
    }

    /// A cell, the identity and styles it was prepared for (a layout prepared with other styles —
    /// the same decoded layout in a table with other text styles — replaces it), and its cost.
    /// A class: finding an entry retains the entry alone, not the styles every row shares.
    private final class Entry: Sendable {
        /// The layout's key (not the layout: a kept cell does not keep the decoded tree alive).
        let key: CellLayoutSpec.CacheKey
        let styles: [TextStyle]
        let cell: PreparedCell
        let units: Int
        /// The row payload the cell was prepared for (its `NestedCell` holds the cell too): a later
        /// call resolving the same row takes it as it is, and finds the cell in it.
        let content: RowContent.Resolved?

        init(key: CellLayoutSpec.CacheKey, styles: [TextStyle], cell: PreparedCell, units: Int, content: RowContent.Resolved?) {
            self.key = key
            self.styles = styles
            self.cell = cell
            self.units = units
            self.content = content
        }

        /// Whether it holds the cell of `key` with `styles` (compared by their storage first:
        /// the same array for every row of a template).
        func holds(_ key: CellLayoutSpec.CacheKey, _ styles: [TextStyle]) -> Bool {
            self.key === key && self.styles == styles
        }
    }

    private struct Shard: Sendable {
        var young: [Slot: Entry] = [:]
        var old: [Slot: Entry] = [:]
        var youngUnits = 0
    }

    /// What one cell costs beyond its texts' code units (its tree's nodes, its keys and tables).
    static let cellOverheadUnits = 64

    /// A lock of its own per shard (`EngineLock` may be a non-copyable `Mutex`: boxed to sit in an array).
    private final class Locked: Sendable {
        let lock = EngineLock(Shard())
    }

    private let shards: [Locked]
    /// One array per distinct list of resolved text styles (`canonical(_:)`), at most
    /// `canonicalLimit` lists (then it starts over).
    private let canonicalStyles = EngineLock<[[TextStyle]: [TextStyle]]>([:])
    static let canonicalLimit = 1_024
    /// The same shards, unretained (`shards` keeps them alive): both threads sizing rows look a
    /// shard up for every row, and retaining the shared shard object made them fight over its count.
    private let unretained: [Unmanaged<Locked>]
    private let capacity: Int

    /// `capacityUnits`: what all shards together keep in their young generations (the old ones as
    /// many more); 0 keeps nothing.
    init(capacityUnits: Int) {
        let n = 8
        capacity = max(0, capacityUnits / n)
        shards = (0..<n).map { _ in Locked() }
        unretained = shards.map { Unmanaged.passUnretained($0) }
    }

    /// The shard of `slot`: its address mixed (`mixedAddressHash`).
    @inline(__always)
    private func shard(_ slot: Slot) -> Unmanaged<Locked> {
        unretained[Int(UInt(bitPattern: mixedAddressHash(slot.address, seed: 0)) % UInt(unretained.count))]
    }

    /// `styles` as the one array this cache keeps for that list: a template's styles, resolved
    /// again by every `compute` call, are then the same array as the ones its cells were prepared
    /// with, and finding a cell compares them by their storage rather than style by style.
    func canonical(_ styles: [TextStyle]) -> [TextStyle] {
        canonicalStyles.withLock { table in
            if let known = table[styles] { return known }
            if table.count >= Self.canonicalLimit { table.removeAll(keepingCapacity: true) }
            table[styles] = styles
            return styles
        }
    }

    /// The cell of `layout` prepared with `styles` and `baselines`, if it is kept.
    ///
    /// `key`: the layout's `cacheKey`, as the row's payload keeps it (reading it from the decoded
    /// layout missed the cache once more per row: each row of a feed has a layout of its own).
    func cell(_ key: CellLayoutSpec.CacheKey, styles: [TextStyle], settings: CellSettings) -> PreparedCell? {
        let slot = Slot(key, settings)
        return shard(slot)._withUnsafeGuaranteedRef { $0.lock.withLock { s in
            if let e = s.young[slot] { return e.holds(key, styles) ? e.cell : nil }
            if let e = s.old.removeValue(forKey: slot) {
                guard e.holds(key, styles) else { return nil }
                Self.insert(&s, slot, e, capacity: capacity)
                return e.cell
            }
            return nil
        } }
    }

    /// Keeps `cell`, prepared from `layout` with `styles` and `baselines`; `units`: its texts' code units.
    func store(_ cell: PreparedCell, units: Int, key: CellLayoutSpec.CacheKey, styles: [TextStyle],
               settings: CellSettings, content: RowContent.Resolved? = nil) {
        let entry = Entry(key: key, styles: styles, cell: cell, units: units + Self.cellOverheadUnits, content: content)
        guard capacity > 0, entry.units <= capacity else { return }
        let slot = Slot(key, settings)
        shard(slot)._withUnsafeGuaranteedRef { $0.lock.withLock { Self.insert(&$0, slot, entry, capacity: capacity) } }
    }

    private static func insert(_ s: inout Shard, _ slot: Slot, _ entry: Entry, capacity: Int) {
        if s.youngUnits + entry.units > capacity {
            s.old = s.young
            s.young = [:]
            s.youngUnits = 0
        }
        if let replaced = s.young.updateValue(entry, forKey: slot) { s.youngUnits -= replaced.units }
        s.youngUnits += entry.units
    }

    /// The row payload kept with the cell of `key` prepared with `styles` and `baselines`, if it is
    /// the one for a row at `path` with `chrome` and `insets` (its prepared cell inside it).
    func content(_ key: CellLayoutSpec.CacheKey, styles: [TextStyle], settings: CellSettings,
                 path: RowPath, chrome: CellChrome, insets: EdgeInsets) -> RowContent.Resolved? {
        let slot = Slot(key, settings)
        let entry: Entry? = shard(slot)._withUnsafeGuaranteedRef { $0.lock.withLock { s in
            if let e = s.young[slot] { return e }
            if let e = s.old.removeValue(forKey: slot) {
                Self.insert(&s, slot, e, capacity: capacity)
                return e
            }
            return nil
        } }
        guard let entry, entry.holds(key, styles), let content = entry.content, content.location == path, content.chrome == chrome,
              case .layout(let cell) = content.measure, cell.insets == insets else { return nil }
        return content
    }

    /// The cell of `layout` (its `cacheKey`'s), as `cell(_:styles:baselines:)`.
    func cell(_ layout: CellLayoutSpec.Identity, styles: [TextStyle], settings: CellSettings) -> PreparedCell? {
        cell(layout.cacheKey, styles: styles, settings: settings)
    }

    /// Keeps `cell`, prepared from `layout`, as `store(_:units:key:styles:baselines:)`.
    func store(_ cell: PreparedCell, units: Int, layout: CellLayoutSpec.Identity, styles: [TextStyle],
               settings: CellSettings) {
        store(cell, units: units, key: layout.cacheKey, styles: styles, settings: settings)
    }

    /// Drops every cell.
    func removeAll() {
        for s in shards { s.lock.withLock { $0 = Shard() } }
        canonicalStyles.withLock { $0 = [:] }
    }

    /// How many cells are kept now.
    var count: Int { shards.reduce(0) { n, s in n + s.lock.withLock { $0.young.count + $0.old.count } } }
}
