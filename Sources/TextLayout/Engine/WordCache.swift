import Foundation
import Synchronization

/// Prepared words of simple text, shared by every thread: for each word (a line-break segment —
/// a word with its trailing spaces, an ideograph) its clusters' advances and kerning, and the
/// sums the line breaker reads (`PreparedParagraph.Segments`), so that a paragraph made of words
/// seen before is prepared without shaping and without summing its clusters
/// (`Preparer.prepareWords`), as Minikin's and Chromium's word caches do.
///
/// Exact, not approximate: only words of runs shaped from the font's tables with nothing
/// substituted are stored, made of units that are *plain* (`DirectShaper.wordTraitsTable`: no
/// rule at their glyph) or start only ligatures that cannot reach past the word. In such a run a
/// unit's advance is its own plus the pair kerning with the glyph after it, nothing else, and no
/// ligature can form across words. So a word's values depend on its units, each unit's font
/// (the chain's, named by `FontChain.id`), its script (the first unit's resolved script; the
/// rest follow from it) and — only where its last glyph can kern and the next unit is in the
/// same run — the unit after it. That is the key; a word is used only when every word of its
/// runs is found (else the runs are shaped again).
///
/// Used once warm: a word cache pays only when paragraphs share words, and filling it costs a
/// paragraph about a quarter more than preparing it plainly (the words keyed, summed and
/// stored). So the first `warmUp` paragraphs after the cache is made or emptied are prepared
/// plainly — a process measuring a few texts never pays for it — and the word path is taken
/// from then on (`isWarm`), filling the cache as it goes.
///
/// Bounded: two generations of at most `capacity` words (and 16 code units a word on average);
/// when the young one is full it becomes the old one and the old one is dropped. A word found in
/// the old generation is copied into the young one. All the words of a paragraph are looked up
/// under one lock.
final class WordCache: Sendable {
    /// A word of the paragraph being prepared: where it is (clusters = code units on this path)
    /// and what names it.
    struct Key {
        var start: Int32
        var count: Int32
        /// The resolved script of its first unit.
        var script: UInt32
        /// 0x10000 | the unit after the word, when the word's last glyph may kern with it (same
        /// font and script, and a pair lookup covers the glyph); 0 otherwise.
        var next: UInt32
        var hash: UInt64
    }

    /// What the segment kernels make of a word (`le_segments`' segment-relative values): its
    /// width with its trailing spaces, its width if a line ends after it (+∞ without text), its
    /// fonts as a mask (fonts below 63: the word path takes chains of fewer than 64 fonts), and
    /// `inexact` in a stored word that shares out a ligature's advance.
    struct Summary: Equatable {
        var width: Double
        var content: Double
        var mask: UInt64
    }

    /// The bit of `Summary.mask` saying the word's advances are not all whole font units (a
    /// ligature's advance shared out among its units): a paragraph finding it sums its clusters
    /// one by one (`PreparedParagraph.fixedPoint` false), as shaping it would have.
    static let inexact: UInt64 = 1 << 63

    /// FNV-1a over a word's code units (`hashBasis`, then `(h ^ unit) &* hashPrime` per unit),
    /// finished by `finish` with the rest of the key.
    static let hashBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let hashPrime: UInt64 = 0x100_0000_01b3

    /// A word's hash: its units' FNV hash mixed with the chain, the script and the next unit.
    @inline(__always)
    static func finish(_ hash: UInt64, chain: UInt64, script: UInt32, next: UInt32) -> UInt64 {
        var h = hash ^ (chain &* 0x9E37_79B9_7F4A_7C15)
        h = (h ^ (UInt64(script) << 32 | UInt64(next))) &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 31)
    }

    /// (Laid out as `le_word_entry`: `WordCacheKernel.layoutMatches`.)
    struct Entry {
        var hash: UInt64
        var chain: UInt64
        var script: UInt32
        var next: UInt32
        /// Where the word's units start in `units` (its values at 2 × offset in `values`:
        /// advances, then adjustments).
        var offset: Int32
        var count: Int32
        var summary: Summary
    }

    /// Open addressing (linear probing) over entries stored densely, with their units and values
    /// in two arenas: no allocation per word.
    private struct Table {
        var slots: [Int32]
        var entries: [Entry] = []
        var units: [UInt16] = []
        var values: [Double] = []
        var shift: Int

        init(bits: Int = 8) {
            slots = Array(repeating: -1, count: 1 << bits)
            shift = 64 - bits
        }

        var count: Int { entries.count }

        @inline(__always) private func slot(_ hash: UInt64) -> Int {
            Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
        }

        /// The entry of `key` (its units at `text + key.start`), or −1.
        func find(_ key: Key, chain: UInt64, _ text: UnsafePointer<UInt16>) -> Int {
            slots.withUnsafeBufferPointer { slots in
                entries.withUnsafeBufferPointer { entries in
                    units.withUnsafeBufferPointer { units in
                        Self.find(key, chain: chain, text, slots, entries, units, shift: shift)
                    }
                }
            }
        }

        @inline(__always)
        private static func find(_ key: Key, chain: UInt64, _ text: UnsafePointer<UInt16>, _ slots: UnsafeBufferPointer<Int32>,
                                 _ entries: UnsafeBufferPointer<Entry>, _ units: UnsafeBufferPointer<UInt16>, shift: Int) -> Int {
            let mask = slots.count - 1
            var i = Int(truncatingIfNeeded: (key.hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
            let word = text + Int(key.start), n = Int(key.count)
            while true {
                let e = Int(slots[i])
                if e < 0 { return -1 }
                let entry = entries[e]
                if entry.hash == key.hash && entry.count == key.count && entry.chain == chain && entry.script == key.script
                    && entry.next == key.next {
                    // (Words are short: compared unit by unit, no call.)
                    let stored = units.baseAddress.unsafelyUnwrapped + Int(entry.offset)
                    var j = 0
                    while j < n && stored[j] == word[j] { j += 1 }
                    if j == n { return e }
                }
                i = (i + 1) & mask
            }
        }

        /// `find` for every key not yet `found`: each one found gets its advances and adjustments
        /// written at its start, its summary to `summaries[k]` and `found[k]` set. Returns how
        /// many were found.
        func findAll(_ keys: UnsafeBufferPointer<Key>, chain: UInt64, _ text: UnsafePointer<UInt16>,
                     _ advances: UnsafeMutablePointer<Double>, _ adjust: UnsafeMutablePointer<Double>,
                     _ summaries: UnsafeMutablePointer<Summary>, _ found: UnsafeMutablePointer<Bool>) -> Int {
            slots.withUnsafeBufferPointer { slots in
                entries.withUnsafeBufferPointer { entries in
                    units.withUnsafeBufferPointer { units in
                        values.withUnsafeBufferPointer { values in
                            // (In C where the layouts allow: the Swift loop below took about 250
                            // instructions a word found.)
                            if WordCacheKernel.layoutMatches {
                                return WordCacheKernel.findAll(keys, chain: chain, text, slots: slots, shift: shift,
                                                               entries: entries, units: units, values: values,
                                                               advances, adjust, summaries, found)
                            }
                            var hits = 0
                            for k in keys.indices where !found[k] {
                                let key = keys[k]
                                let e = Self.find(key, chain: chain, text, slots, entries, units, shift: shift)
                                guard e >= 0 else { continue }
                                let entry = entries[e]
                                let n = Int(entry.count), at = Int(key.start)
                                let base = values.baseAddress.unsafelyUnwrapped + 2 * Int(entry.offset)
                                for j in 0..<n {
                                    advances[at + j] = base[j]
                                    adjust[at + j] = base[n + j]
                                }
                                summaries[k] = entry.summary
                                found[k] = true
                                hits += 1
                            }
                            return hits
                        }
                    }
                }
            }
        }

        /// Adds a word (not present): its units read at `text + key.start`, its advances and
        /// adjustments from the two pointers (at the word's first unit).
        mutating func insert(_ key: Key, chain: UInt64, _ text: UnsafePointer<UInt16>, _ advances: UnsafePointer<Double>,
                             _ adjust: UnsafePointer<Double>, _ summary: Summary) {
            if 2 * (count + 1) > slots.count { grow() }
            let n = Int(key.count)
            let offset = units.count
            units.append(contentsOf: UnsafeBufferPointer(start: text + Int(key.start), count: n))
            values.append(contentsOf: UnsafeBufferPointer(start: advances, count: n))
            values.append(contentsOf: UnsafeBufferPointer(start: adjust, count: n))
            let mask = slots.count - 1
            var i = slot(key.hash)
            while slots[i] >= 0 { i = (i + 1) & mask }
            slots[i] = Int32(entries.count)
            entries.append(Entry(hash: key.hash, chain: chain, script: key.script, next: key.next, offset: Int32(offset),
                                 count: key.count, summary: summary))
        }

        /// Doubles the slots and re-places the entries (which stay where they are).
        private mutating func grow() {
            let bits = 64 - shift + 1
            shift = 64 - bits
            slots = Array(repeating: -1, count: 1 << bits)
            let mask = slots.count - 1
            for (e, entry) in entries.enumerated() {
                var i = slot(entry.hash)
                while slots[i] >= 0 { i = (i + 1) & mask }
                slots[i] = Int32(e)
            }
        }

        var byteCount: Int {
            entries.isEmpty ? 0 : slots.count * 4 + entries.count * MemoryLayout<Entry>.stride + units.count * 2 + values.count * 8
        }
    }

    private struct State {
        var young = Table()
        var old: Table?
    }

    private let state = Locked(State())
    private let capacity: Int
    /// Paragraphs prepared since the cache was made or emptied, counted up to `warmUp`.
    private let prepared = Atomic<Int>(0)
    let warmUp: Int

    /// The paragraphs prepared plainly before the word path is taken (see above;
    /// `TextEngine.Configuration.wordCacheWarmUp`).
    static let defaultWarmUp = 64

    /// A cache of at most about `2 × capacity` words, used after `warmUp` paragraphs.
    init(capacity: Int, warmUp: Int = WordCache.defaultWarmUp) {
        self.capacity = max(1, capacity)
        self.warmUp = max(0, warmUp)
    }

    /// Whether a paragraph should take the word path: counts the paragraph until `warmUp` of
    /// them have been prepared since the cache was made or emptied (then only reads the count).
    @inline(__always)
    func isWarm() -> Bool {
        if prepared.load(ordering: .relaxed) >= warmUp { return true }
        return prepared.add(1, ordering: .relaxed).newValue > warmUp
    }

    /// Looks every word of `keys` not yet `found` up (their units in `text`; `missing` of them,
    /// counted by the caller as it made the keys): for each one found, writes its advances and
    /// adjustments at its start in `advances`/`adjust`, its summary to `summaries[k]` and true to
    /// `found[k]`. Returns how many are still missing. (Counting them here took a branch per word
    /// that mixed text makes unpredictable: a tenth of the word path's own time in a feed.)
    func fetch(chain: UInt64, _ keys: UnsafeBufferPointer<Key>, missing: Int, text: UnsafePointer<UInt16>,
               advances: UnsafeMutablePointer<Double>, adjust: UnsafeMutablePointer<Double>,
               summaries: UnsafeMutablePointer<Summary>, found: UnsafeMutablePointer<Bool>) -> Int {
        var missing = missing
        guard missing > 0 else { return 0 }
        return state.withLock { s in
            missing -= s.young.findAll(keys, chain: chain, text, advances, adjust, summaries, found)
            guard missing > 0, s.old != nil else { return missing }
            // Words still in use from the old generation: copied into the young one (the old one
            // goes whole when the young one fills).
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: keys.count) { before in
                let before = before.baseAddress.unsafelyUnwrapped
                for k in keys.indices { before[k] = found[k] }
                missing -= s.old.unsafelyUnwrapped.findAll(keys, chain: chain, text, advances, adjust, summaries, found)
                for k in keys.indices where found[k] && !before[k] {
                    let at = Int(keys[k].start)
                    insert(&s, keys[k], chain: chain, text, advances + at, adjust + at, summaries[k])
                }
            }
            return missing
        }
    }

    /// Stores the words `keys[k]` for each k in `which` (not found by `fetch`, now shaped): their
    /// units from `text`, their values from `advances`/`adjust` at their start, `summaries[k]`.
    func store(chain: UInt64, _ keys: UnsafeBufferPointer<Key>, _ which: UnsafeBufferPointer<Int32>, text: UnsafePointer<UInt16>,
               advances: UnsafePointer<Double>, adjust: UnsafePointer<Double>, summaries: UnsafePointer<Summary>) {
        guard !which.isEmpty else { return }
        state.withLock { s in
            for k in which {
                let key = keys[Int(k)]
                // (Another thread may have stored it since the lookup.)
                guard s.young.find(key, chain: chain, text) < 0 else { continue }
                let at = Int(key.start)
                insert(&s, key, chain: chain, text, advances + at, adjust + at, summaries[Int(k)])
            }
        }
    }

    private func insert(_ s: inout State, _ key: Key, chain: UInt64, _ text: UnsafePointer<UInt16>,
                        _ advances: UnsafePointer<Double>, _ adjust: UnsafePointer<Double>, _ summary: Summary) {
        if s.young.count >= capacity || s.young.units.count + Int(key.count) > 16 * capacity {
            s.old = s.young
            s.young = Table()
        }
        s.young.insert(key, chain: chain, text, advances, adjust, summary)
    }

    /// Drops every word.
    func removeAll() {
        prepared.store(0, ordering: .relaxed)
        state.withLock { s in
            guard s.young.count > 0 || s.old != nil else { return }
            s = State()
        }
    }

    /// The number of words held and the bytes their tables take.
    var statistics: (entries: Int, bytes: Int) {
        state.withLock { s in
            (s.young.count + (s.old?.count ?? 0), s.young.byteCount + (s.old?.byteCount ?? 0))
        }
    }
}
