internal import CHarfBuzz
internal import CICUShim

/// HarfBuzz's shaping of every emoji cluster a colour font defines, worked out once per face, so
/// that a run of emoji is shaped by looking its grapheme clusters up instead of calling HarfBuzz.
///
/// A colour emoji font (Noto Color Emoji) forms its sequences — ZWJ families, skin tones, flags,
/// keycaps, tag sequences — as GSUB ligatures of the sequence's glyphs, and has no GPOS. The
/// clusters it can shape are therefore: each character it maps, alone and followed by VS16
/// (U+FE0F), and each ligature of its shaping plan read back into characters through its cmap,
/// with VS16 after its text-default components in the ways fully- and minimally-qualified
/// sequences write it. Each of those is shaped by HarfBuzz the first time the face shapes an
/// emoji run (9,256 clusters for Noto Color Emoji 2.042, about 30 ms in a release build) and kept
/// as HarfBuzz's per-code-unit answer (`ShapedRun.packed`'s layout): a compiled form of the font,
/// like `DirectShaper`'s plans, which `TextEngine.clearCaches()` does not empty.
///
/// A run is shaped from the table only when that is what HarfBuzz would give the whole run: every
/// cluster is in the table, the run is of emoji sequences only with its regional indicators in
/// pairs (`Preparer.isCacheableEmojiRun`: then the font's ligatures stay inside the clusters) and
/// shaped by HarfBuzz's default shaper left to right. `EmojiTests.emojiRunsAreTheSameWithAndWithoutTheClusterTable`
/// checks that against HarfBuzz on random runs of Unicode's whole emoji test file, and
/// `everyUnicodeSequenceInTheTableIsHarfBuzzs` every entry a sequence of that file finds.
final class EmojiClusters: @unchecked Sendable {
    /// Open addressing over `entries`: index + 1, 0 = empty.
    private let slots: [Int32]
    private let mask: Int
    /// Entry i's key is `keys[keyStart[i] ..< keyStart[i + 1]]`; its values are
    /// `values[2 * keyStart[i] ..< 2 * keyStart[i + 1]]` (two per code unit).
    private let keyStart: [Int32]
    private let keys: [UInt16]
    private let values: [Int32]

    /// How many clusters the table holds.
    var count: Int { keyStart.count - 1 }

    /// Builds the table of `face`/`font` (a colour font without GPOS); `shape` is HarfBuzz's
    /// shaping of a whole string as the engine calls it. nil when the font is not one this can
    /// stand for HarfBuzz on.
    init?(face: OpaquePointer, font: OpaquePointer, shape: ([UInt16]) -> [Int32]) {
        func tag(_ s: String) -> hb_tag_t { s.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
        func has(_ t: String) -> Bool {
            guard let blob = hb_face_reference_table(face, tag(t)) else { return false }
            defer { hb_blob_destroy(blob) }
            return hb_blob_get_length(blob) > 0
        }
        guard has("GSUB"), !has("GPOS"), !has("morx"), !has("kerx") else { return nil }

        // The characters the font maps, and a character for each glyph (the smallest).
        var characters: [UInt32] = []
        var characterOf: [UInt32: UInt32] = [:]
        if let set = hb_set_create() {
            hb_face_collect_unicodes(face, set)
            var cp: hb_codepoint_t = UInt32.max
            while hb_set_next(set, &cp) != 0 {
                var glyph: hb_codepoint_t = 0
                guard cp >= 0x20, hb_font_get_nominal_glyph(font, cp, &glyph) != 0 else { continue }
                characters.append(cp)
                if characterOf[glyph] == nil { characterOf[glyph] = cp }
            }
            hb_set_destroy(set)
        }
        guard !characters.isEmpty, characters.count < 100_000 else { return nil }

        var candidates: [[UInt32]] = []
        for c in characters where c != 0xFE0F {
            candidates.append([c])
            candidates.append([c, 0xFE0F])  // emoji presentation asked for (or asked again)
        }
        // The ligatures of the plan HarfBuzz uses for an emoji run (script Common, left to right).
        guard let ligatures = EmojiClusters.ligatures(face: face) else { return nil }
        for components in ligatures {
            var sequence: [UInt32] = []
            for g in components {
                guard let c = characterOf[g] else { sequence = []; break }
                sequence.append(c)
            }
            guard !sequence.isEmpty else { continue }
            // VS16 after a component that shows as text by default (Emoji, not Emoji_Presentation:
            // where fully-qualified sequences write one, minimally-qualified ones may not): all of
            // those places (up to three of them), else none, each one alone, and all.
            let places = sequence.indices.filter { k in
                le_is_text_default_emoji(Int32(bitPattern: sequence[k])) != 0 && !(k + 1 < sequence.count && sequence[k + 1] == 0xFE0F)
            }
            var subsets: [[Int]] = []
            if places.count <= 3 {
                for bits in 0..<(1 << places.count) { subsets.append(places.indices.filter { bits & (1 << $0) != 0 }.map { places[$0] }) }
            } else {
                subsets = [[], places] + places.map { [$0] }
            }
            for subset in subsets {
                var s: [UInt32] = []
                for (k, c) in sequence.enumerated() {
                    s.append(c)
                    if subset.contains(k) { s.append(0xFE0F) }
                }
                candidates.append(s)
            }
        }

        // A font defining more than an emoji font does (Noto Color Emoji: about 9,000) is left to
        // HarfBuzz rather than shaped here for seconds.
        guard candidates.count <= 100_000 else { return nil }
        // Shape each candidate; file it by its code units.
        var table = [[UInt16]: [Int32]]()
        table.reserveCapacity(candidates.count)
        for candidate in candidates {
            var units: [UInt16] = []
            for c in candidate {
                if c >= 0x10000 {
                    units.append(UInt16(0xD800 + ((c - 0x10000) >> 10)))
                    units.append(UInt16(0xDC00 + ((c - 0x10000) & 0x3FF)))
                } else {
                    units.append(UInt16(c))
                }
            }
            guard table[units] == nil, units.count < 64 else { continue }
            let packed = shape(units)
            guard packed.count == 2 * units.count else { return nil }
            table[units] = packed
        }
        var keyStart: [Int32] = [0], keys: [UInt16] = [], values: [Int32] = []
        keys.reserveCapacity(table.count * 6)
        values.reserveCapacity(table.count * 12)
        var capacity = 1
        while capacity < 2 * table.count { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        for (units, packed) in table {
            let index = keyStart.count - 1
            keys += units
            values += packed
            keyStart.append(Int32(keys.count))
            var s = units.withUnsafeBufferPointer { EmojiClusters.hash($0) } & (capacity - 1)
            while slots[s] != 0 { s = (s + 1) & (capacity - 1) }
            slots[s] = Int32(index + 1)
        }
        self.slots = slots
        self.mask = capacity - 1
        self.keyStart = keyStart
        self.keys = keys
        self.values = values
    }

    @inline(__always)
    private static func hash(_ units: UnsafeBufferPointer<UInt16>) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for u in units { h = (h ^ UInt64(u)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// Writes HarfBuzz's per-code-unit answer for the cluster `units` (two values per unit) to
    /// `out`; false when the table does not hold it.
    @inline(__always)
    func write(_ units: UnsafeBufferPointer<UInt16>, into out: UnsafeMutablePointer<Int32>) -> Bool {
        var s = EmojiClusters.hash(units) & mask
        return slots.withUnsafeBufferPointer { slots in
            keyStart.withUnsafeBufferPointer { keyStart in
                keys.withUnsafeBufferPointer { keys in
                    while true {
                        let e = Int(slots[s])
                        if e == 0 { return false }
                        let a = Int(keyStart[e - 1]), b = Int(keyStart[e])
                        if b - a == units.count && (0..<units.count).allSatisfy({ keys[a + $0] == units[$0] }) {
                            values.withUnsafeBufferPointer { values in
                                for k in 0..<(2 * units.count) { out[k] = values[2 * a + k] }
                            }
                            return true
                        }
                        s = (s + 1) & mask
                    }
                }
            }
        }
    }

    /// The component glyphs (first glyph included) of every ligature in the GSUB lookups of the
    /// plan HarfBuzz shapes an emoji run with; nil when a lookup cannot be read.
    private static func ligatures(face: OpaquePointer) -> [[UInt32]]? {
        var props = hb_segment_properties_t()
        props.direction = HB_DIRECTION_LTR
        props.script = HB_SCRIPT_COMMON
        props.language = hb_language_get_default()
        guard let plan = hb_shape_plan_create_cached(face, &props, nil, 0, nil) else { return nil }
        defer { hb_shape_plan_destroy(plan) }
        var indices: [Int] = []
        if let set = hb_set_create() {
            hb_ot_shape_plan_collect_lookups(plan, 0x4753_5542, set)  // 'GSUB'
            var l: hb_codepoint_t = UInt32.max
            while hb_set_next(set, &l) != 0 { indices.append(Int(l)) }
            hb_set_destroy(set)
        }
        guard let blob = hb_face_reference_table(face, 0x4753_5542) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        let t = OpenTypeTable(base: UnsafeRawPointer(data), count: Int(length))
        let glyphCount = Int(hb_face_get_glyph_count(face))
        guard let list = t.offset(8, from: 0) else { return nil }
        var out: [[UInt32]] = []
        for index in indices {
            guard let lookup = t.offset(list + 2 + 2 * index, from: list), let type = t.u16(lookup),
                  let count = t.u16(lookup + 4) else { return nil }
            for s in 0..<count {
                guard var st = t.offset(lookup + 6 + 2 * s, from: lookup) else { return nil }
                var subType = type
                if type == 7 {
                    guard t.u16(st) == 1, let ext = t.u16(st + 2), let off = t.u32(st + 4) else { return nil }
                    subType = ext
                    st += off
                }
                guard subType == 4 else { continue }
                guard t.u16(st) == 1, let coverage = t.offset(st + 2, from: st) else { return nil }
                var failed = false
                let ok = t.forEachCovered(coverage, glyphCount: glyphCount) { first, ci in
                    guard !failed, let set = t.offset(st + 6 + 2 * ci, from: st), let n = t.u16(set) else { failed = true; return }
                    for l in 0..<n {
                        guard let lig = t.offset(set + 2 + 2 * l, from: set), let comps = t.u16(lig + 2), comps >= 1, comps < 32 else {
                            failed = true
                            return
                        }
                        var glyphs = [UInt32(first)]
                        for c in 1..<comps {
                            guard let g = t.u16(lig + 4 + 2 * (c - 1)) else { failed = true; return }
                            glyphs.append(UInt32(g))
                        }
                        out.append(glyphs)
                    }
                }
                guard ok, !failed else { return nil }
            }
        }
        return out
    }
}
