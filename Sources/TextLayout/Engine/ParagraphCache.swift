
/// Prepared paragraphs by (font reference, text), bounded by the code units they hold.
///
/// Two generations, each holding at most `capacityUnits` UTF-16 code units; a paragraph larger
/// than a generation is not cached at all. Sharded by hash behind locks.
final class ParagraphCache: Sendable {
    /// Texts are compared by their code units, not by Swift's `==` (which treats canonically
    /// equivalent strings as equal: "é" and "e\u{301}" have different UTF-16 ranges and must not
    /// share an entry). The hash is FNV-1a over the UTF-8 bytes, without Unicode normalisation.
    struct Key: Hashable, Sendable {
        var font: String
        var text: String
        private var hash: Int

        init(font: String, text: String) {
            self.font = font
            self.text = text
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in font.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            h = (h ^ 0xFF) &* 0x100_0000_01b3
            for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            hash = Int(truncatingIfNeeded: h)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && a.font.utf8.elementsEqual(b.font.utf8) && a.text.utf8.elementsEqual(b.text.utf8)
        }

        var shardIndex: Int { Int(UInt(bitPattern: hash) >> 7) }
    }

    private struct Shard {
        var young: [Key: PreparedBox] = [:]
        var old: [Key: PreparedBox] = [:]
        var youngUnits = 0
    }

    private let shards: [Locked<Shard>]
    private let capacity: Int

    init(capacityUnits: Int) {
        let n = 8
        capacity = max(0, capacityUnits / n)  // 0 disables the cache
        shards = (0..<n).map { _ in Locked(Shard()) }
    }

    private func shard(_ key: Key) -> Locked<Shard> {
        shards[key.shardIndex % shards.count]
    }

    /// Whether the cache keeps anything at all (a capacity of 0 turns it off).
    var isEnabled: Bool { capacity > 0 }

    func get(_ key: Key) -> PreparedBox? {
        shard(key).withLock { s in
            if let v = s.young[key] { return v }
            if let v = s.old.removeValue(forKey: key) {
                insert(&s, key, v)
                return v
            }
            return nil
        }
    }

    func put(_ key: Key, _ value: PreparedBox) {
        guard capacity > 0, value.paragraph.utf16.count <= capacity else { return }
        shard(key).withLock { insert(&$0, key, value) }
    }

    private func insert(_ s: inout Shard, _ key: Key, _ value: PreparedBox) {
        if s.youngUnits + value.paragraph.utf16.count > capacity {
            s.old = s.young
            s.young = [:]
            s.youngUnits = 0
        }
        s.young[key] = value
        s.youngUnits += value.paragraph.utf16.count
    }

    func removeAll() {
        for s in shards { s.withLock { $0 = Shard() } }
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
