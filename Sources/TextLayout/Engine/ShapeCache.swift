import Foundation

/// Shaped advances of words, keyed by (font, script, text, neighbours), shared by every thread.
///
/// What is stored: each HarfBuzz call's answer for a whole run is kept once (`ShapedRun`, one
/// allocation), and every segment (word) of it is an entry pointing into it — so caching the 25
/// words of a paragraph costs 25 dictionary entries, not 50 array copies.
///
/// Bounded: two generations of at most `capacity` entries; when the young generation is full it
/// becomes the old one and the previous old one is dropped (with any run no entry points to any
/// more). A hit in the old generation moves the entry to the young one. All the lookups of one
/// run happen under one lock.
final class ShapeCache: Sendable {
    /// A segment's text with the code unit before and after it in its run (0 at the run's
    /// edges): pair kerning reaches one glyph across each edge, so a segment's advances are only
    /// reused where its neighbours are the same.
    struct Key: Hashable, @unchecked Sendable {
        var font: Int
        var script: UInt32
        var units: ArraySlice<UInt16>
        var context: UInt32
        var hashValue_: Int

        init(font: Int, script: UInt32, units: ArraySlice<UInt16>, before: UInt16, after: UInt16) {
            self.font = font
            self.script = script
            self.units = units
            self.context = UInt32(before) << 16 | UInt32(after)
            var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: font) ^ (UInt64(script) << 20) ^ UInt64(context) << 7
            for u in units {
                h = (h ^ UInt64(u)) &* 0x100_0000_01b3
            }
            hashValue_ = Int(truncatingIfNeeded: h)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hashValue_) }

        static func == (a: Key, b: Key) -> Bool {
            guard a.hashValue_ == b.hashValue_, a.font == b.font, a.script == b.script, a.context == b.context,
                  a.units.count == b.units.count else { return false }
            return a.units.withUnsafeBufferPointer { x in
                b.units.withUnsafeBufferPointer { y in
                    guard let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
                    return memcmp(p, q, x.count * 2) == 0
                }
            }
        }
    }

    /// A cached segment: `count` code units of `run` from `offset`.
    struct Segment: Sendable {
        let run: ShapedRun
        let offset: Int
        let count: Int
    }

    /// An open-addressing table (linear probing) keyed by the keys' own FNV hash: no `Hasher`,
    /// no per-lookup allocation. Entries live densely in `keys`/`values` (append-only); `slots`
    /// holds their indices (−1 = empty), so an empty slot costs 4 bytes and nothing to destroy.
    /// Entries are never removed one by one; the whole table is.
    private struct Table {
        var slots: [Int32]
        var keys: [Key] = []
        var values: [Segment] = []
        var shift: Int

        /// A table of 2^bits slots; it doubles whenever it is half full.
        init(bits: Int = 6) {
            slots = Array(repeating: -1, count: 1 << bits)
            shift = 64 - bits
        }

        var count: Int { keys.count }

        @inline(__always) private func slot(_ hash: Int, _ shift: Int) -> Int {
            Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(hash)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
        }

        func find(_ key: Key) -> Segment? {
            let mask = slots.count - 1
            var i = slot(key.hashValue_, shift)
            while true {
                let e = Int(slots[i])
                if e < 0 { return nil }
                if keys[e] == key { return values[e] }
                i = (i + 1) & mask
            }
        }

        mutating func insert(_ key: Key, _ value: Segment) {
            if 2 * (count + 1) > slots.count { grow() }
            let mask = slots.count - 1
            var i = slot(key.hashValue_, shift)
            while true {
                let e = Int(slots[i])
                if e < 0 { break }
                if keys[e] == key {
                    values[e] = value
                    return
                }
                i = (i + 1) & mask
            }
            slots[i] = Int32(keys.count)
            keys.append(key)
            values.append(value)
        }

        /// Doubles the slots and re-places the entries (which stay where they are).
        private mutating func grow() {
            let bits = 64 - shift + 1
            shift = 64 - bits
            slots = Array(repeating: -1, count: 1 << bits)
            let mask = slots.count - 1
            for (e, key) in keys.enumerated() {
                var i = slot(key.hashValue_, shift)
                while slots[i] >= 0 { i = (i + 1) & mask }
                slots[i] = Int32(e)
            }
        }
    }

    private struct State {
        var young: Table
        var old: Table?
    }

    private let state: Locked<State>
    private let capacity: Int
    /// Words of simple text shaped straight from the fonts' tables, with their sums
    /// (`Preparer.prepareWords`); emptied with this cache. At most about `capacity` words.
    let words: WordCache

    /// Creates a cache holding at most about `2 × capacity` segments (and as many words, used
    /// after `wordWarmUp` paragraphs: `WordCache`).
    init(capacity: Int, wordWarmUp: Int = WordCache.defaultWarmUp) {
        self.capacity = max(1, capacity)
        state = Locked(State(young: Table(), old: nil))
        words = WordCache(capacity: max(1, capacity / 2), warmUp: wordWarmUp)
    }

    /// The cached segments for all `keys`, in order, or nil as soon as one is missing.
    func lookup(_ keys: [Key]) -> [Segment]? {
        state.withLock { s in
            var out: [Segment] = []
            out.reserveCapacity(keys.count)
            for key in keys {
                if let v = s.young.find(key) {
                    out.append(v)
                } else if let v = s.old?.find(key) {
                    // Still in use: copy it into the young generation (the old one goes whole).
                    insert(&s, Key(font: key.font, script: key.script, units: v.run.units[v.offset..<(v.offset + v.count)],
                                   before: UInt16(key.context >> 16), after: UInt16(key.context & 0xFFFF)), v)
                    out.append(v)
                } else {
                    return nil
                }
            }
            return out
        }
    }

    /// Stores every segment of a freshly shaped run: `edges` are the segments' boundaries in the
    /// run's code units (first 0, last `run.units.count`); `keyFor(units, a, b)` builds the key of
    /// the segment `a ..< b` over `run.units`.
    /// Only runs of simple characters come here (`Preparer.shapeRun`): their shaping across a
    /// segment's edge (kerning) depends on the one code unit on each side that the key holds.
    func store(_ run: ShapedRun, edges: [Int], keyFor: (ArraySlice<UInt16>, Int, Int) -> Key) {
        state.withLock { s in
            for k in 0..<(edges.count - 1) {
                let a = edges[k], b = edges[k + 1]
                insert(&s, keyFor(run.units[a..<b], a, b), Segment(run: run, offset: a, count: b - a))
            }
        }
    }

    private func insert(_ s: inout State, _ key: Key, _ value: Segment) {
        if s.young.count >= capacity {
            s.old = s.young
            s.young = Table()
        }
        s.young.insert(key, value)
    }

    /// Drops every entry.
    func removeAll() {
        words.removeAll()
        state.withLock { s in
            // Nothing to free (text shaped directly never reaches this cache): keep the tables.
            guard s.young.count > 0 || s.old != nil else { return }
            s = State(young: Table(), old: nil)
        }
    }

    /// The number of cached segments and an estimate of the bytes they hold (runs counted once;
    /// each entry with its share of a half-full table).
    var statistics: (entries: Int, bytes: Int) {
        state.withLock { s in
            var runs = Set<ObjectIdentifier>()
            var bytes = 0
            for table in [s.young] + (s.old.map { [$0] } ?? []) {
                bytes += table.count * (MemoryLayout<Key>.stride + MemoryLayout<Segment>.stride + 8)
                for v in table.values where runs.insert(ObjectIdentifier(v.run)).inserted {
                    bytes += v.run.byteCount
                }
            }
            return (s.young.count + (s.old?.count ?? 0), bytes)
        }
    }
}
/// One HarfBuzz answer: a run's code units and, per code unit, two `Int32`:
/// - the advance of the glyphs whose cluster starts there (font units);
/// - `kerning << 2 | unsafeToBreak << 1 | clusterStart`: the part of that advance positioning
///   (kerning) added; whether HarfBuzz marks the glyph unsafe to break before; whether a glyph's
///   cluster starts there at all.
final class ShapedRun: Sendable {
    let units: [UInt16]
    let packed: [Int32]

    init(units: [UInt16], packed: [Int32]) {
        self.units = units
        self.packed = packed
    }

    var byteCount: Int { units.count * 2 + packed.count * 4 + 64 }
}

/// A shaping result being written (see `ShapedRun` for the layout of `packed`).
struct ShapedUnits: Sendable {
    var packed: [Int32]

    init(count: Int) { packed = Array(repeating: 0, count: 2 * count) }

    var count: Int { packed.count / 2 }

    @inline(__always) func advance(_ u: Int) -> Int32 { packed[2 * u] }

    /// Adds one glyph whose cluster starts at code unit `u`.
    @inline(__always)
    mutating func add(_ u: Int, advance: Int32, kerning: Int32, unsafe: Bool) {
        packed[2 * u] &+= advance
        let meta = packed[2 * u + 1]
        packed[2 * u + 1] = ((meta >> 2) &+ kerning) << 2 | (meta & 2) | (unsafe ? 2 : 0) | 1
    }
}
