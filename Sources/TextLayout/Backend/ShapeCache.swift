
/// Shaped advances of text runs, keyed by (font, script, text), shared by every thread.
///
/// Bounded: two generations of at most `capacity` entries each; when the young generation is
/// full it becomes the old one and the previous old one is dropped. A hit in the old generation
/// moves the entry to the young one. Split into shards by hash to keep lock contention low.
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
            a.hashValue_ == b.hashValue_ && a.font == b.font && a.script == b.script && a.context == b.context
                && a.units.elementsEqual(b.units)
        }

        /// A copy that does not keep the paragraph's whole array alive.
        func detached() -> Key {
            var k = self
            k.units = ArraySlice(Array(units))
            return k
        }
    }

    private struct Shard {
        var young: [Key: ShapedUnits] = [:]
        var old: [Key: ShapedUnits] = [:]
        var units = 0
    }

    private let shards: [Locked<Shard>]
    private let capacity: Int

    /// Creates a cache holding at most about `2 × capacity` runs.
    init(capacity: Int) {
        let n = 16
        self.capacity = max(1, capacity / n)
        shards = (0..<n).map { _ in Locked(Shard()) }
    }

    private func shard(_ key: Key) -> Locked<Shard> { shards[Int(UInt(bitPattern: key.hashValue_) % UInt(shards.count))] }

    /// The cached advances for `key`, if any.
    func get(_ key: Key) -> ShapedUnits? {
        shard(key).withLock { s in
            if let v = s.young[key] { return v }
            if let v = s.old.removeValue(forKey: key) {
                s.young[key.detached()] = v
                return v
            }
            return nil
        }
    }

    /// Stores advances for `key`.
    func put(_ key: Key, _ value: ShapedUnits) {
        shard(key).withLock { s in
            if s.young.count >= capacity {
                s.old = s.young
                s.young = [:]
            }
            s.young[key.detached()] = value
        }
    }

    /// Drops every entry.
    func removeAll() {
        for s in shards { s.withLock { $0 = Shard() } }
    }

    /// The number of cached runs and an estimate of the bytes they hold.
    var statistics: (entries: Int, bytes: Int) {
        shards.reduce((0, 0)) { acc, s in
            s.withLock { sh in
                var bytes = 0
                for (k, v) in sh.young { bytes += k.units.count * 2 + v.packed.count * 4 + 96 }
                for (k, v) in sh.old { bytes += k.units.count * 2 + v.packed.count * 4 + 96 }
                return (acc.0 + sh.young.count + sh.old.count, acc.1 + bytes)
            }
        }
    }
}

/// HarfBuzz's answer for a stretch of text, per UTF-16 code unit of it (font units), packed
/// in one array (two `Int32` per code unit) so that caching a word costs one allocation:
/// - the advance of the glyphs whose cluster starts at the code unit;
/// - `kerning << 2 | unsafeToBreak << 1 | clusterStart`: the part of that advance positioning
///   (kerning) added; whether HarfBuzz marks the glyph unsafe to break before (shaping each side
///   separately would differ); whether a glyph's cluster starts there at all.
struct ShapedUnits: Sendable {
    var packed: [Int32]

    init(count: Int) { packed = Array(repeating: 0, count: 2 * count) }
    init(packed: [Int32]) { self.packed = packed }

    var count: Int { packed.count / 2 }

    @inline(__always) func advance(_ u: Int) -> Int32 { packed[2 * u] }
    @inline(__always) func kerning(_ u: Int) -> Int32 { packed[2 * u + 1] >> 2 }
    @inline(__always) func clusterStart(_ u: Int) -> Bool { packed[2 * u + 1] & 1 != 0 }
    @inline(__always) func unsafeToBreak(_ u: Int) -> Bool { packed[2 * u + 1] & 2 != 0 }

    /// Adds one glyph whose cluster starts at code unit `u`.
    @inline(__always)
    mutating func add(_ u: Int, advance: Int32, kerning: Int32, unsafe: Bool) {
        packed[2 * u] &+= advance
        let meta = packed[2 * u + 1]
        packed[2 * u + 1] = ((meta >> 2) &+ kerning) << 2 | (meta & 2) | (unsafe ? 2 : 0) | 1
    }

    /// Whether a glyph starts in code units `a ..< b`.
    @inline(__always)
    func hasGlyph(_ a: Int, _ b: Int) -> Bool {
        for u in a..<b where clusterStart(u) { return true }
        return false
    }

    /// The part for code units `r`.
    func slice(_ r: Range<Int>) -> ShapedUnits { ShapedUnits(packed: Array(packed[(2 * r.lowerBound)..<(2 * r.upperBound)])) }
}
