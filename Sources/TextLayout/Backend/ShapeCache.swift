
/// Shaped advances of text runs, keyed by (font, script, text), shared by every thread.
///
/// Bounded: two generations of at most `capacity` entries each; when the young generation is
/// full it becomes the old one and the previous old one is dropped. A hit in the old generation
/// moves the entry to the young one. Split into shards by hash to keep lock contention low.
final class ShapeCache: Sendable {
    struct Key: Hashable, @unchecked Sendable {
        var font: Int
        var script: UInt32
        var units: ArraySlice<UInt16>
        var hashValue_: Int

        init(font: Int, script: UInt32, units: ArraySlice<UInt16>) {
            self.font = font
            self.script = script
            self.units = units
            var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: font) ^ (UInt64(script) << 20)
            for u in units {
                h = (h ^ UInt64(u)) &* 0x100_0000_01b3
            }
            hashValue_ = Int(truncatingIfNeeded: h)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hashValue_) }

        static func == (a: Key, b: Key) -> Bool {
            a.hashValue_ == b.hashValue_ && a.font == b.font && a.script == b.script && a.units.elementsEqual(b.units)
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
                for (k, v) in sh.young { bytes += k.units.count * 2 + v.count * 10 + 128 }
                for (k, v) in sh.old { bytes += k.units.count * 2 + v.count * 10 + 128 }
                return (acc.0 + sh.young.count + sh.old.count, acc.1 + bytes)
            }
        }
    }
}

/// HarfBuzz's answer for a stretch of text, per UTF-16 code unit of it (font units).
struct ShapedUnits: Sendable {
    /// Advances of the glyphs whose cluster starts at each code unit.
    var advances: [Int32]
    /// The part of those advances that positioning (kerning) added.
    var kerning: [Int32]
    /// Whether some glyph's cluster starts at each code unit.
    var clusterStart: [Bool]
    /// Whether HarfBuzz marks the glyph starting at each code unit unsafe to break before
    /// (shaping the text on either side separately would give another result).
    var unsafeToBreak: [Bool]

    init(count: Int) {
        advances = Array(repeating: 0, count: count)
        kerning = Array(repeating: 0, count: count)
        clusterStart = Array(repeating: false, count: count)
        unsafeToBreak = Array(repeating: false, count: count)
    }

    var count: Int { advances.count }

    /// Whether a glyph starts in code units `a ..< b`.
    @inline(__always)
    func hasGlyph(_ a: Int, _ b: Int) -> Bool {
        for u in a..<b where clusterStart[u] { return true }
        return false
    }

    /// The part for code units `r`.
    func slice(_ r: Range<Int>) -> ShapedUnits {
        var s = ShapedUnits(count: 0)
        s.advances = Array(advances[r])
        s.kerning = Array(kerning[r])
        s.clusterStart = Array(clusterStart[r])
        s.unsafeToBreak = Array(unsafeToBreak[r])
        return s
    }

    /// Copies `other` in at code unit `offset`.
    mutating func replace(at offset: Int, with other: ShapedUnits) {
        let r = offset..<(offset + other.count)
        advances.replaceSubrange(r, with: other.advances)
        kerning.replaceSubrange(r, with: other.kerning)
        clusterStart.replaceSubrange(r, with: other.clusterStart)
        unsafeToBreak.replaceSubrange(r, with: other.unsafeToBreak)
    }
}
