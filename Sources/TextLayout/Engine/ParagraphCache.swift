import Foundation

/// Prepared paragraphs by (font reference, text), bounded by the code units they hold.
///
/// Two generations, each holding at most `capacityUnits` UTF-16 code units; a paragraph larger
/// than a generation is not cached at all. Sharded by hash behind locks.
final class ParagraphCache: Sendable {
    /// Texts are compared by their code units, not by Swift's `==` (which treats canonically
    /// equivalent strings as equal: "é" and "e\u{301}" have different UTF-16 ranges and must not
    /// share an entry). The hash reads the UTF-8 bytes 8 at a time, without Unicode normalisation.
    struct Key: Hashable, Sendable {
        var font: String
        var text: String
        private var hash: Int

        init(font: String, text: String) {
            self.font = font
            self.text = text
            hash = Int(truncatingIfNeeded: Key.hash(text.utf8, seed: Key.hash(font.utf8, seed: 0x9E37_79B9_7F4A_7C15)))
        }

        /// A fast non-cryptographic hash of UTF-8 bytes, 8 at a time (contiguous native strings)
        /// or byte by byte (FNV-1a) otherwise.
        private static func hash(_ bytes: String.UTF8View, seed: UInt64) -> UInt64 {
            if let h = bytes.withContiguousStorageIfAvailable({ buf -> UInt64 in
                var h = seed ^ UInt64(buf.count)
                var i = 0
                let raw = UnsafeRawBufferPointer(buf)
                while i + 8 <= buf.count {
                    let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    h = (h ^ w) &* 0x9E37_79B9_7F4A_7C15
                    h ^= h >> 29
                    i += 8
                }
                while i < buf.count {
                    h = (h ^ UInt64(buf[i])) &* 0x100_0000_01b3
                    i += 1
                }
                return h ^ (h >> 32)
            }) { return h }
            var h = seed
            for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            return h
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        /// What `Dictionary` asks for instead of running `hash(into:)` through SipHash: the
        /// stored hash (already mixed), xor-ed with the table's seed and mixed once more.
        /// About a quarter of a cache look-up's instructions went to SipHash.
        func _rawHashValue(seed: Int) -> Int {
            var h = UInt64(bitPattern: Int64(hash ^ seed)) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 32
            return Int(truncatingIfNeeded: h)
        }

        static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && equal(a.font.utf8, b.font.utf8) && equal(a.text.utf8, b.text.utf8)
        }

        private static func equal(_ a: String.UTF8View, _ b: String.UTF8View) -> Bool {
            guard a.count == b.count else { return false }
            if let r = a.withContiguousStorageIfAvailable({ x in
                b.withContiguousStorageIfAvailable { y in
                    x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
                }
            }), let r { return r }
            return a.elementsEqual(b)
        }

        var shardIndex: Int { Int(UInt(bitPattern: hash) >> 7) }
    }

    private struct Shard {
        var young: [Key: PreparedBox] = [:]
        var old: [Key: PreparedBox] = [:]
        var youngUnits = 0
    }

    private let shards: [Locked<Shard>]
    /// The same shards, unretained (`shards` keeps them alive): every thread measuring text looks
    /// a shard up, and retaining the shared shard object on each look-up made the two cores fight
    /// over its reference count (≈ 350 ns a look-up in the 10,000-post feed, half of it that).
    private let unretained: [Unmanaged<Locked<Shard>>]
    private let capacity: Int

    init(capacityUnits: Int) {
        let n = 8
        capacity = max(0, capacityUnits / n)  // 0 disables the cache
        shards = (0..<n).map { _ in Locked(Shard()) }
        unretained = shards.map { Unmanaged.passUnretained($0) }
    }

    @inline(__always)
    private func withShard<R>(_ key: Key, _ body: (inout Shard) -> R) -> R {
        unretained[key.shardIndex % unretained.count]._withUnsafeGuaranteedRef { $0.withLock(body) }
    }

    /// Whether the cache keeps anything at all (a capacity of 0 turns it off).
    var isEnabled: Bool { capacity > 0 }

    func get(_ key: Key) -> PreparedBox? {
        withShard(key) { s in
            if let v = s.young[key] { return v }
            if let v = s.old.removeValue(forKey: key) {
                insert(&s, key, v)
                return v
            }
            return nil
        }
    }

    /// What an entry costs against the capacity: its code units, plus what every entry costs
    /// whatever its length (its key, its box, its storage's header, its table slot: a few hundred
    /// bytes, counted as 16 units). Without it a stream of one-word texts filled a generation with
    /// 170,000 entries per million units and the cache's memory grew far past its figure.
    static let entryOverheadUnits = 16

    private static func cost(_ value: PreparedBox) -> Int { value.paragraph.utf16.count + entryOverheadUnits }

    func put(_ key: Key, _ value: PreparedBox) {
        guard capacity > 0, Self.cost(value) <= capacity else { return }
        withShard(key) { insert(&$0, key, value) }
    }

    private func insert(_ s: inout Shard, _ key: Key, _ value: PreparedBox) {
        let cost = Self.cost(value)
        if s.youngUnits + cost > capacity {
            s.old = s.young
            s.young = [:]
            s.youngUnits = 0
        }
        s.young[key] = value
        s.youngUnits += cost
    }

    /// Drops every paragraph. The young tables keep their slots (at most one generation's worth),
    /// so a cache that is emptied and refilled does not reallocate them.
    func removeAll() {
        for s in shards {
            s.withLock {
                $0.young.removeAll(keepingCapacity: true)
                $0.old = [:]
                $0.youngUnits = 0
            }
        }
    }

    var statistics: (entries: Int, bytes: Int) {
        shards.reduce((0, 0)) { acc, s in
            s.withLock { sh in
                let all = Array(sh.young.values) + Array(sh.old.values)
                return (acc.0 + all.count, acc.1 + all.reduce(0) { $0 + $1.paragraph.byteCount })
            }
        }
    }
}
