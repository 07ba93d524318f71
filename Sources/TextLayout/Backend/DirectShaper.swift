import CHarfBuzz

/// Shapes *simple* runs straight from the font's tables — cmap, hmtx and GPOS pair kerning —
/// with exactly HarfBuzz's answer, and says when a run is not simple so that HarfBuzz shapes it.
///
/// HarfBuzz costs about 70 ns per character even for plain Latin or Chinese text; most of that
/// goes to machinery that plain text does not need. What HarfBuzz does to a run of plain text
/// (left to right, one of the scripts below, no marks, no default-ignorables, every character in
/// the font's cmap) is: map characters to glyphs through the cmap; apply the shape plan's GSUB
/// lookups; take advances from hmtx; apply the plan's GPOS lookups. This type reproduces that
/// when it can prove the result:
///
/// - **GSUB**: a lookup can only act at a glyph in one of its subtables' coverage. The plan's
///   lookups are read once (`hb_ot_shape_plan_collect_lookups` names them, so features, script
///   and language are HarfBuzz's own choice) and every glyph gets a flag: *plain* (no subtable
///   starts at it), *check* (a ligature or (chained) context subtable starts at it: its rules
///   are matched against the run, and a rule that matches sends the run to HarfBuzz), or
///   *HarfBuzz* (a single, multiple, alternate or reverse-chaining substitution starts at it).
///   So when a run is shaped here, no substitution would have happened.
/// - **GPOS**: pair adjustments (lookup type 2, formats 1 and 2, second value record empty) are
///   evaluated as HarfBuzz does — lookups in order, within a lookup the first subtable that
///   applies wins, a class-based subtable applies whenever both classes are in range, a
///   glyph-pair subtable only when it lists the pair. Context positioning is matched like context
///   substitution; any other positioning (single, cursive, mark attachment) at a glyph sends the
///   run to HarfBuzz. Device tables never apply (no ppem is set).
/// - GDEF marks, ligatures and components, variable fonts, AAT tables (`morx`, `kerx`, `trak`)
///   and fonts whose legacy `kern` table HarfBuzz would apply are left to HarfBuzz.
///
/// Anything malformed or unknown makes the run (or the font) HarfBuzz's. `DirectShaperTests`
/// compares both paths on every pair of the fonts' Latin glyphs, on the oracle corpus and on
/// random text.
final class DirectShaper: @unchecked Sendable {
    /// The scripts shaped here; HarfBuzz uses its default shaper for all of them.
    static let scripts: [UInt32] = [
        HB_SCRIPT_LATIN.rawValue, HB_SCRIPT_HAN.rawValue, HB_SCRIPT_CYRILLIC.rawValue,
        HB_SCRIPT_GREEK.rawValue, HB_SCRIPT_HIRAGANA.rawValue, HB_SCRIPT_KATAKANA.rawValue,
    ]

    private let glyphCount: Int
    /// The glyph of each BMP code point the cmap maps (0: none).
    private let cmap: [UInt16]
    /// Per BMP code point, everything the common case reads, in one word (one cache line per
    /// character — with varied text, cache misses on separate tables cost more than the rest):
    /// the glyph (bits 0–15), its advance (16–31) and, for each plan p from bit 32 + 3p, its flag
    /// (2 bits) and whether any of the plan's pair lookups kerns it as a first glyph (1 bit);
    /// 0 for a code point this path never shapes (not simple, or no glyph).
    private let records: UnsafeMutablePointer<UInt64>
    /// Each glyph's advance (font units, as HarfBuzz reads hmtx).
    private let advances: [Int32]
    /// One plan per entry of `scripts` (nil: that script always goes to HarfBuzz).
    private let plans: [Plan?]
    private let gsub: OpenTypeTable
    private let gpos: OpenTypeTable
    private let blobs: [OpaquePointer]

    /// Memory holding the flattened pair lookups (freed with the shaper).
    private let pairMemory: [UnsafeMutableRawPointer]

    /// What one script's shape plan does, compiled.
    final class Plan {
        /// Per glyph: `plain`, `check` or `harfBuzz`.
        let flags: [UInt8]
        /// The context rules to match at each `check` glyph: `checks[checkStart[g] ..< checkStart[g + 1]]`.
        let checkStart: [Int32]
        let checks: [Check]
        /// The lookups that have checks, in the order HarfBuzz applies them (GSUB, then GPOS).
        let checkLookups: [Int32]
        /// The pair-adjustment lookups, in the plan's order.
        let pairs: [RawPairLookup]

        init(flags: [UInt8], checkStart: [Int32], checks: [Check], checkLookups: [Int32], pairs: [RawPairLookup]) {
            self.flags = flags
            self.checkStart = checkStart
            self.checks = checks
            self.checkLookups = checkLookups
            self.pairs = pairs
        }
    }

    /// A pair lookup flattened into memory the shaper owns, read without reference counting:
    /// `entries[start[g] ..< start[g + 1]]` are the subtables covering first glyph g, in order.
    struct RawPairLookup {
        /// One bit per glyph: whether any subtable covers it as a first glyph (a small table that
        /// stays in cache, so unkerned glyphs — all ideographs, say — cost one bit test).
        let covered: UnsafePointer<UInt64>
        let start: UnsafePointer<Int32>
        let entries: UnsafePointer<RawPairEntry>
        /// Format 1's second glyphs and format 2's class-2 arrays.
        let glyphs: UnsafePointer<UInt16>
        let values: UnsafePointer<Int32>
    }

    /// Format 1: second glyphs `glyphs[a ..< b]`, their values from `values[v]`. Format 2: the
    /// class-2 array at `glyphs[a]`, the first glyph's row of values at `values[v]`.
    struct RawPairEntry {
        var format: Int32
        var a: Int32
        var b: Int32
        var v: Int32
    }

    static let plain: UInt8 = 0
    static let check: UInt8 = 1
    static let harfBuzz: UInt8 = 2

    /// A subtable whose rules must not match for the run to be simple.
    struct Check {
        enum Kind: UInt8 { case ligature, context, chainContext }
        var kind: Kind
        var inGPOS: Bool
        /// The lookup it belongs to (GPOS lookups numbered after GSUB's: 0x10000 + index).
        var lookup: Int32
        var format: UInt8
        /// The subtable's offset in its table.
        var subtable: Int32
        /// The glyph's coverage index in the subtable's (first) coverage.
        var coverageIndex: Int32
    }

    /// One GPOS pair-adjustment lookup: for each first glyph, the subtables that cover it, in
    /// order (`entries[start[g] ..< start[g + 1]]`).
    struct PairLookup {
        var start: [Int32]
        var entries: [PairEntry]
        var subtables: [PairSubtable]
    }

    struct PairEntry {
        var subtable: Int32
        /// Format 2: the first glyph's class × the class-2 count; format 1: the first of its pairs.
        var a: Int32
        /// Format 1: the end of its pairs.
        var b: Int32
    }

    /// A flattened pair subtable: format 1's second glyphs and values, or format 2's second
    /// classes (0xFFFF: out of range) and value matrix. Values are x-advance adjustments.
    struct PairSubtable {
        var format: UInt8
        var secondGlyphs: [UInt16] = []
        var class2: [UInt16] = []
        var values: [Int32] = []
    }

    /// Reads what the direct path needs from `face`/`font` (a font at a scale of its units per
    /// em). Returns nil when the font is not one this path can match HarfBuzz on.
    init?(face: OpaquePointer, font: OpaquePointer, coverage: [UInt64]) {
        func tag(_ s: String) -> hb_tag_t { s.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
        func tableLength(_ t: String) -> Int {
            guard let blob = hb_face_reference_table(face, tag(t)) else { return 0 }
            defer { hb_blob_destroy(blob) }
            return Int(hb_blob_get_length(blob))
        }
        for t in ["morx", "mort", "kerx", "trak", "fvar"] where tableLength(t) > 0 { return nil }
        let glyphCount = Int(hb_face_get_glyph_count(face))
        guard glyphCount > 0, glyphCount <= 65_536 else { return nil }
        self.glyphCount = glyphCount

        var cmap = [UInt16](repeating: 0, count: 65_536)
        for word in 0..<1024 where coverage[word] != 0 {
            var bits = coverage[word]
            while bits != 0 {
                let cp = UInt32(word << 6 + bits.trailingZeroBitCount)
                bits &= bits - 1
                var glyph: hb_codepoint_t = 0
                if hb_font_get_nominal_glyph(font, cp, &glyph) != 0, glyph < glyphCount { cmap[Int(cp)] = UInt16(glyph) }
            }
        }
        self.cmap = cmap
        var glyphs = (0..<UInt32(glyphCount)).map { $0 }
        var advances = [Int32](repeating: 0, count: glyphCount)
        glyphs.withUnsafeMutableBufferPointer { g in
            advances.withUnsafeMutableBufferPointer { a in
                hb_font_get_glyph_h_advances(font, UInt32(glyphCount), g.baseAddress, 4, a.baseAddress, 4)
            }
        }
        self.advances = advances

        var blobs: [OpaquePointer] = []
        func table(_ t: String) -> OpenTypeTable {
            guard let blob = hb_face_reference_table(face, tag(t)) else { return .empty }
            blobs.append(blob)
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { return .empty }
            return OpenTypeTable(base: UnsafeRawPointer(data), count: Int(length))
        }
        let gsub = table("GSUB"), gpos = table("GPOS")
        self.gsub = gsub
        self.gpos = gpos
        self.blobs = blobs
        let hasLegacyKern = tableLength("kern") > 0
        // HarfBuzz drops a table that fails its sanitizer: then the raw bytes read here are not
        // what it shapes with, and this path stands aside for the whole font.
        for (t, raw) in [(tag("GSUB"), gsub), (tag("GPOS"), gpos)] {
            let ours = raw.offset(8, from: 0).flatMap { raw.u16($0) } ?? 0
            guard Int(hb_ot_layout_table_get_lookup_count(face, t)) == ours else { return nil }
        }

        // Glyphs HarfBuzz treats as marks or ligature components: never shaped here (lookups skip
        // marks). Ligature glyphs are fine: a lookup that would skip them (IgnoreLigatures) sends
        // every glyph it covers to HarfBuzz.
        var gdefFlags = [UInt8](repeating: DirectShaper.plain, count: glyphCount)
        if let set = hb_set_create() {
            for klass in [HB_OT_LAYOUT_GLYPH_CLASS_MARK, HB_OT_LAYOUT_GLYPH_CLASS_COMPONENT] {
                hb_set_clear(set)
                hb_ot_layout_get_glyphs_in_class(face, klass, set)
                var g: hb_codepoint_t = UInt32.max
                while hb_set_next(set, &g) != 0 { if g < glyphCount { gdefFlags[Int(g)] = DirectShaper.harfBuzz } }
            }
            hb_set_destroy(set)
        }

        // The glyphs a run shaped here can start with: those of the simple characters.
        var reachable = [Bool](repeating: false, count: glyphCount)
        for c in 0..<65_536 where cmap[c] != 0 && DirectShaper.isSimple(c) { reachable[Int(cmap[c])] = true }

        var pairCache: [Int: (RawPairLookup, [Int])] = [:]
        var memory: [UnsafeMutableRawPointer] = []
        var compiled: [Plan?] = []
        for script in DirectShaper.scripts {
            compiled.append(DirectShaper.compilePlan(
                face: face, script: script, gdefFlags: gdefFlags, reachable: reachable, glyphCount: glyphCount,
                gsub: gsub, gpos: gpos, hasLegacyKern: hasLegacyKern, pairCache: &pairCache, memory: &memory))
        }
        plans = compiled
        pairMemory = memory
        let records = UnsafeMutablePointer<UInt64>.allocate(capacity: 65_536)
        records.initialize(repeating: 0, count: 65_536)
        for c in 0..<65_536 where cmap[c] != 0 && DirectShaper.isSimple(c) {
            let g = Int(cmap[c])
            guard advances[g] >= 0 && advances[g] <= 0xFFFF else { continue }
            var r = UInt64(g) | UInt64(advances[g]) << 16
            for (p, plan) in compiled.enumerated() {
                r |= UInt64(plan?.flags[g] ?? DirectShaper.harfBuzz) << UInt64(32 + 3 * p)
                if let plan, plan.pairs.contains(where: { $0.covered[g >> 6] & (1 << UInt64(g & 63)) != 0 }) {
                    r |= 1 << UInt64(34 + 3 * p)
                }
            }
            records[c] = r
        }
        self.records = records
    }

    deinit {
        for blob in blobs { hb_blob_destroy(blob) }
        for m in pairMemory { m.deallocate() }
        records.deallocate()
    }

    /// Whether any script is shaped here.
    var isUsable: Bool { plans.contains { $0 != nil } }

    // MARK: Shaping

    /// What `shape` did.
    enum Outcome {
        /// The run needs HarfBuzz; nothing useful was written.
        case harfBuzz
        /// Shaped, one glyph per code unit.
        case simple
        /// Shaped, with ligatures: some code units carry no glyph of their own.
        case ligatures
    }

    /// Shapes `text[range]` (one code unit per cluster, one font, `script`) if it is simple,
    /// writing what `FontFace.shape` would write into `packed` (2 × `range.count` values, laid
    /// out as `ShapedRun.packed`; the unsafe-to-break bit is not set).
    func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, script: UInt32,
               packed out: UnsafeMutablePointer<Int32>) -> Outcome {
        var planIndex = -1
        for (i, s) in DirectShaper.scripts.enumerated() where s == script {
            planIndex = i
            break
        }
        guard planIndex >= 0, let plan = plans[planIndex] else { return .harfBuzz }
        let n = range.count
        guard n > 0 else { return .simple }
        let shift = UInt64(32 + 3 * planIndex)
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: n) { items -> Outcome in
            // Each character's record: glyph and advance, and whether the plan lets it through.
            var needsCheck = false
            for k in 0..<n {
                let r = records[Int(text[range.lowerBound + k])]
                guard r != 0 else { return .harfBuzz }
                let f = UInt8(truncatingIfNeeded: (r >> shift) & 3)
                if f != DirectShaper.plain {
                    if f == DirectShaper.harfBuzz { return .harfBuzz }
                    needsCheck = true
                }
                items[k] = r & 0xFFFF_FFFF | (r >> (shift + 2) & 1) << 32  // glyph | advance << 16 | kerns << 32
            }
            if needsCheck {
                // Ligatures may form: glyphs on their own, and each glyph's first code unit.
                return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: n) { glyphs -> Outcome in
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { clusters -> Outcome in
                        for k in 0..<n {
                            glyphs[k] = UInt16(truncatingIfNeeded: items[k])
                            clusters[k] = Int32(k)
                        }
                        var m = n
                        guard let base = glyphs.baseAddress, let c = clusters.baseAddress,
                              substitute(plan, base, c, &m) else { return .harfBuzz }
                        position(plan, UnsafeBufferPointer(start: base, count: m), clusters: c, units: n, out)
                        return m == n ? .simple : .ligatures
                    }
                }
            }
            // The common case: one glyph per code unit, advances from the records.
            plan.pairs.withUnsafeBufferPointer { pairs in
                for j in 0..<n {
                    let item = items[j]
                    let g = Int(item & 0xFFFF)
                    var kern: Int32 = 0
                    if j + 1 < n && item >> 32 != 0 {  // only glyphs some pair lookup covers kern
                        let next = Int(items[j + 1] & 0xFFFF)
                        for lookup in pairs { kern &+= DirectShaper.adjustment(lookup, g, next) }
                    }
                    out[2 * j] = Int32(truncatingIfNeeded: item >> 16 & 0xFFFF) &+ kern
                    out[2 * j + 1] = kern << 2 | 1
                }
            }
            return .simple
        }
    }

    /// Runs the plan's checked lookups in order over `glyphs[0 ..< count]`: ligatures form (the
    /// glyphs and their clusters close up, `count` shrinks); any other rule that matches makes the
    /// run HarfBuzz's (false).
    private func substitute(_ plan: Plan, _ glyphs: UnsafeMutablePointer<UInt16>, _ clusters: UnsafeMutablePointer<Int32>,
                            _ count: inout Int) -> Bool {
        for lookup in plan.checkLookups {
            var i = 0
            while i < count {
                let g = Int(glyphs[i])
                if plan.flags[g] == DirectShaper.check {
                    for c in Int(plan.checkStart[g])..<Int(plan.checkStart[g + 1]) where plan.checks[c].lookup == lookup {
                        let check = plan.checks[c]
                        let run = UnsafeBufferPointer(start: glyphs, count: count)
                        if check.kind == .ligature {
                            guard let match = ligature(check, run, i) else { return false }
                            guard match.components > 0 else { continue }  // no ligature of this subtable matches
                            // The ligature glyph must itself be plain or checked by later lookups.
                            guard match.glyph < glyphCount, plan.flags[match.glyph] != DirectShaper.harfBuzz else { return false }
                            glyphs[i] = UInt16(match.glyph)
                            let k = match.components - 1
                            if k > 0 {
                                for j in (i + 1)..<(count - k) {
                                    glyphs[j] = glyphs[j + k]
                                    clusters[j] = clusters[j + k]
                                }
                                count -= k
                            }
                            break  // the first subtable that applies wins
                        } else if mayApply(check, run, i) {
                            return false
                        }
                    }
                }
                i += 1
            }
        }
        return true
    }

    /// Advances and pair kerning of the final glyphs, written per code unit (`clusters[j]` is
    /// glyph j's first code unit; nil: glyph j is code unit j).
    @inline(__always)
    private func position(_ plan: Plan, _ run: UnsafeBufferPointer<UInt16>, clusters: UnsafeMutablePointer<Int32>?,
                          units: Int, _ out: UnsafeMutablePointer<Int32>) {
        let m = run.count
        if clusters != nil { out.initialize(repeating: 0, count: 2 * units) }
        advances.withUnsafeBufferPointer { advances in
        plan.pairs.withUnsafeBufferPointer { pairs in
            for j in 0..<m {
                let g = Int(run[j])
                var kern: Int32 = 0
                if j + 1 < m {
                    for lookup in pairs { kern &+= DirectShaper.adjustment(lookup, g, Int(run[j + 1])) }
                }
                let u = clusters.map { Int($0[j]) } ?? j
                out[2 * u] = advances[g] &+ kern
                out[2 * u + 1] = kern << 2 | 1
            }
        }
        }
    }

    /// The ligature that forms at `run[i]` under `check` (a ligature subtable covering it):
    /// its glyph and how many glyphs it replaces (0 components: none forms); nil when the table
    /// cannot be read.
    private func ligature(_ check: Check, _ run: UnsafeBufferPointer<UInt16>, _ i: Int) -> (glyph: Int, components: Int)? {
        let t = gsub
        let st = Int(check.subtable)
        let field = st + 6 + 2 * Int(check.coverageIndex)
        guard let set = t.offset(field, from: st) else { return t.u16(field) == nil ? nil : (0, 0) }
        guard let count = t.u16(set) else { return nil }
        for l in 0..<count {
            guard let lig = t.offset(set + 2 + 2 * l, from: set), let glyph = t.u16(lig), let comps = t.u16(lig + 2),
                  comps >= 1 else { return nil }
            if i + comps > run.count { continue }
            var all = true
            for c in 1..<comps {
                guard let want = t.u16(lig + 4 + 2 * (c - 1)) else { return nil }
                if want != Int(run[i + c]) {
                    all = false
                    break
                }
            }
            if all { return (glyph, comps) }
        }
        return (0, 0)
    }

    /// The x-advance adjustment `lookup` gives `first` when `second` follows it.
    @inline(__always)
    private static func adjustment(_ lookup: RawPairLookup, _ first: Int, _ second: Int) -> Int32 {
        guard lookup.covered[first >> 6] & (1 << UInt64(first & 63)) != 0 else { return 0 }
        let s = Int(lookup.start[first]), e = Int(lookup.start[first + 1])
        var k = s
        while k < e {
            let entry = lookup.entries[k]
            k += 1
            if entry.format == 2 {
                let c2 = lookup.glyphs[Int(entry.a) + second]
                if c2 == 0xFFFF { continue }  // class out of range: the subtable does not apply
                return lookup.values[Int(entry.v) + Int(c2)]
            }
            var lo = Int(entry.a), hi = Int(entry.b) - 1
            while lo <= hi {
                let mid = (lo + hi) >> 1
                let g = Int(lookup.glyphs[mid])
                if g == second { return lookup.values[Int(entry.v) + mid - Int(entry.a)] }
                if g < second { lo = mid + 1 } else { hi = mid - 1 }
            }
        }
        return 0
    }

    /// Copies a compiled pair lookup into memory of its own (appended to `memory`).
    private static func flatten(_ l: PairLookup, memory: inout [UnsafeMutableRawPointer]) -> RawPairLookup {
        var glyphs: [UInt16] = [], values: [Int32] = []
        var subtableGlyphs: [Int32] = [], subtableValues: [Int32] = []
        for t in l.subtables {
            subtableGlyphs.append(Int32(glyphs.count))
            subtableValues.append(Int32(values.count))
            if t.format == 2 { glyphs += t.class2 } else { glyphs += t.secondGlyphs }
            values += t.values
        }
        let entries = l.entries.map { e -> RawPairEntry in
            let t = l.subtables[Int(e.subtable)]
            let g = subtableGlyphs[Int(e.subtable)], v = subtableValues[Int(e.subtable)]
            return t.format == 2
                ? RawPairEntry(format: 2, a: g, b: 0, v: v + e.a)
                : RawPairEntry(format: 1, a: g + e.a, b: g + e.b, v: v + e.a)
        }
        func copy<T>(_ array: [T]) -> UnsafePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: max(array.count, 1))
            p.initialize(from: array, count: array.count)
            memory.append(UnsafeMutableRawPointer(p))
            return UnsafePointer(p)
        }
        let glyphCount = l.start.count - 1
        var covered = [UInt64](repeating: 0, count: (glyphCount + 63) / 64 + 1)
        for g in 0..<glyphCount where l.start[g] < l.start[g + 1] { covered[g >> 6] |= 1 << UInt64(g & 63) }
        return RawPairLookup(covered: copy(covered), start: copy(l.start), entries: copy(entries), glyphs: copy(glyphs),
                             values: copy(values))
    }

    /// Whether the rules of `check` could match at `run[i]` (true also when the table cannot be
    /// read: then HarfBuzz decides).
    private func mayApply(_ check: Check, _ run: UnsafeBufferPointer<UInt16>, _ i: Int) -> Bool {
        let t = check.inGPOS ? gpos : gsub
        let st = Int(check.subtable)
        let ci = Int(check.coverageIndex)
        let n = run.count
        @inline(__always) func glyph(_ k: Int) -> Int { Int(run[k]) }

        switch (check.kind, check.format) {
        case (.context, 1), (.chainContext, 1):
            guard let set = t.offset(st + 6 + 2 * ci, from: st) else { return t.u16(st + 6 + 2 * ci) == nil }
            guard let count = t.u16(set) else { return true }
            for r in 0..<count {
                guard let rule = t.offset(set + 2 + 2 * r, from: set) else { return true }
                guard let m = matchRule(t, rule, chained: check.kind == .chainContext, run, i,
                                        { t, o, k in t.u16(o).map { $0 == glyph(k) } },
                                        { _, o, k in t.u16(o).map { $0 == glyph(k) } },
                                        { _, o, k in t.u16(o).map { $0 == glyph(k) } }) else { return true }
                if m { return true }
            }
            return false

        case (.context, 2):
            guard let classDef = t.offset(st + 4, from: st), let cls = t.glyphClass(classDef, glyph(i)) else { return true }
            guard let setCount = t.u16(st + 6) else { return true }
            guard cls < setCount else { return false }
            guard let set = t.offset(st + 8 + 2 * cls, from: st) else { return t.u16(st + 8 + 2 * cls) == nil }
            guard let count = t.u16(set) else { return true }
            let byClass: (OpenTypeTable, Int, Int) -> Bool? = { t, o, k in
                guard let want = t.u16(o), let have = t.glyphClass(classDef, glyph(k)) else { return nil }
                return want == have
            }
            for r in 0..<count {
                guard let rule = t.offset(set + 2 + 2 * r, from: set),
                      let m = matchRule(t, rule, chained: false, run, i, byClass, byClass, byClass) else { return true }
                if m { return true }
            }
            return false

        case (.chainContext, 2):
            guard let inDef = t.offset(st + 6, from: st), let cls = t.glyphClass(inDef, glyph(i)) else { return true }
            let btDef = t.offset(st + 4, from: st), laDef = t.offset(st + 8, from: st)
            guard let setCount = t.u16(st + 10) else { return true }
            guard cls < setCount else { return false }
            guard let set = t.offset(st + 12 + 2 * cls, from: st) else { return t.u16(st + 12 + 2 * cls) == nil }
            guard let count = t.u16(set) else { return true }
            func byClass(_ def: Int?) -> (OpenTypeTable, Int, Int) -> Bool? {
                { t, o, k in
                    guard let want = t.u16(o) else { return nil }
                    guard let def else { return want == 0 }  // no ClassDef: every glyph is class 0
                    guard let have = t.glyphClass(def, glyph(k)) else { return nil }
                    return want == have
                }
            }
            for r in 0..<count {
                guard let rule = t.offset(set + 2 + 2 * r, from: set),
                      let m = matchRule(t, rule, chained: true, run, i, byClass(btDef), byClass(inDef), byClass(laDef))
                else { return true }
                if m { return true }
            }
            return false

        case (.context, 3):
            guard let count = t.u16(st + 2) else { return true }
            guard i + count <= n else { return false }
            for k in 1..<max(count, 1) {
                guard let cov = t.offset(st + 6 + 2 * k, from: st), let idx = t.coverageIndex(cov, glyph(i + k)) else { return true }
                if idx < 0 { return false }
            }
            return true

        case (.chainContext, 3):
            guard let bt = t.u16(st + 2) else { return true }
            let inAt = st + 4 + 2 * bt
            guard let input = t.u16(inAt) else { return true }
            let laAt = inAt + 2 + 2 * input
            guard let la = t.u16(laAt) else { return true }
            guard i - bt >= 0, i + input + la <= n else { return false }
            func covered(_ field: Int, _ k: Int) -> Bool? {
                guard let cov = t.offset(field, from: st), let idx = t.coverageIndex(cov, glyph(k)) else { return nil }
                return idx >= 0
            }
            for k in 0..<bt {
                guard let c = covered(st + 4 + 2 * k, i - 1 - k) else { return true }
                if !c { return false }
            }
            for k in 1..<max(input, 1) {
                guard let c = covered(inAt + 2 + 2 * k, i + k) else { return true }
                if !c { return false }
            }
            for k in 0..<la {
                guard let c = covered(laAt + 2 + 2 * k, i + input + k) else { return true }
                if !c { return false }
            }
            return true

        default:
            return true
        }
    }

    /// Matches one (chain) context rule at `rule` against the run at `i`. `bt`, `input` and
    /// `la` compare the rule's value at a byte offset with the run's glyph at an index (nil:
    /// unreadable). Returns nil when the rule cannot be read.
    private func matchRule(_ t: OpenTypeTable, _ rule: Int, chained: Bool, _ run: UnsafeBufferPointer<UInt16>, _ i: Int,
                           _ bt: (OpenTypeTable, Int, Int) -> Bool?, _ input: (OpenTypeTable, Int, Int) -> Bool?,
                           _ la: (OpenTypeTable, Int, Int) -> Bool?) -> Bool? {
        let n = run.count
        var o = rule
        var btCount = 0
        if chained {
            guard let c = t.u16(o) else { return nil }
            btCount = c
            o += 2
            guard i - btCount >= 0 else { return false }
            for k in 0..<btCount {
                guard let m = bt(t, o + 2 * k, i - 1 - k) else { return nil }
                if !m { return false }
            }
            o += 2 * btCount
        }
        guard let inCount = t.u16(o), inCount >= 1 else { return nil }
        // Plain context rules: glyphCount, then seqLookupCount, then the input.
        o += chained ? 2 : 4
        guard i + inCount <= n else { return false }
        for k in 1..<inCount {
            guard let m = input(t, o + 2 * (k - 1), i + k) else { return nil }
            if !m { return false }
        }
        o += 2 * (inCount - 1)
        if chained {
            guard let laCount = t.u16(o) else { return nil }
            o += 2
            guard i + inCount + laCount <= n else { return false }
            for k in 0..<laCount {
                guard let m = la(t, o + 2 * k, i + inCount + k) else { return nil }
                if !m { return false }
            }
        }
        return true
    }

    // MARK: Which characters

    /// Whether code unit `c` may be shaped here: printable BMP characters of the Latin, Greek,
    /// Cyrillic, CJK and kana blocks and common punctuation and symbols — no controls, marks,
    /// default-ignorables, surrogates or hard breaks.
    @inline(__always)
    static func isSimple(_ c: Int) -> Bool {
        simpleBits[c >> 6] & (1 << UInt64(c & 63)) != 0
    }

    private static let simpleBits: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 1024)
        func add(_ r: ClosedRange<Int>) { for c in r { bits[c >> 6] |= 1 << UInt64(c & 63) } }
        func remove(_ c: Int) { bits[c >> 6] &= ~(1 << UInt64(c & 63)) }
        add(0x20...0x7E)
        add(0xA0...0x2FF)  // Latin-1, Latin Extended-A/B, IPA, spacing modifiers
        remove(0xAD)  // soft hyphen: default-ignorable
        add(0x370...0x377); add(0x37A...0x37F); add(0x384...0x38A); add(0x38C...0x38C); add(0x38E...0x3A1); add(0x3A3...0x3FF)
        add(0x400...0x482); add(0x48A...0x52F)  // Cyrillic without its combining marks
        add(0x1E00...0x1FFF)  // Latin Extended Additional, Greek Extended
        add(0x2000...0x200A)  // spaces
        add(0x2010...0x2027)  // dashes, quotes, bullets, ellipsis (2028/2029 are breaks)
        add(0x202F...0x205F)
        add(0x2070...0x20CF)  // super/subscripts, currency
        add(0x2100...0x2BFF)  // letterlike, arrows, maths, technical, box drawing, shapes, symbols
        add(0x2E00...0x2E7F)
        add(0x3000...0x3029); add(0x3030...0x303F)  // CJK symbols without the tone marks 302A–302F
        add(0x3041...0x3096); add(0x309B...0x30FF)  // kana without the combining voicing marks
        add(0x3190...0x31FF); add(0x3200...0x33FF)
        add(0x3400...0x4DBF); add(0x4E00...0x9FFF); add(0xF900...0xFAFF)
        add(0xFE30...0xFE4F)
        add(0xFF01...0xFF60); add(0xFFE0...0xFFE6)
        return bits
    }()
}

// MARK: Compiling a plan

extension DirectShaper {
    private static func compilePlan(face: OpaquePointer, script: UInt32, gdefFlags: [UInt8], reachable: [Bool], glyphCount: Int,
                                    gsub: OpenTypeTable, gpos: OpenTypeTable, hasLegacyKern: Bool,
                                    pairCache: inout [Int: (RawPairLookup, [Int])],
                                    memory: inout [UnsafeMutableRawPointer]) -> Plan? {
        var props = hb_segment_properties_t()
        props.direction = HB_DIRECTION_LTR
        props.script = hb_script_t(rawValue: script)
        props.language = hb_language_get_default()
        guard let shapePlan = hb_shape_plan_create_cached(face, &props, nil, 0, nil) else { return nil }
        defer { hb_shape_plan_destroy(shapePlan) }
        func lookups(_ table: hb_tag_t) -> [Int] {
            guard let set = hb_set_create() else { return [] }
            defer { hb_set_destroy(set) }
            hb_ot_shape_plan_collect_lookups(shapePlan, table, set)
            var out: [Int] = []
            var l: hb_codepoint_t = UInt32.max
            while hb_set_next(set, &l) != 0 { out.append(Int(l)) }
            return out  // ascending: the order HarfBuzz applies them in
        }
        let gsubTag: hb_tag_t = 0x4753_5542, gposTag: hb_tag_t = 0x4750_4F53  // 'GSUB', 'GPOS'
        if hasLegacyKern && !hasGPOSKern(face, props) { return nil }  // HarfBuzz would apply the legacy 'kern' table

        var flags = gdefFlags
        var ligatureGlyphs: [Int] = []
        var checkList: [(glyph: Int, check: Check)] = []
        func mark(_ t: OpenTypeTable, coverage: Int, _ flag: UInt8, check: ((Int) -> Check)?) -> Bool {
            t.forEachCovered(coverage, glyphCount: glyphCount) { g, index in
                if flag == DirectShaper.harfBuzz {
                    flags[g] = DirectShaper.harfBuzz
                } else {
                    if flags[g] == DirectShaper.plain { flags[g] = DirectShaper.check }
                    if let check { checkList.append((g, check(index))) }
                }
            }
        }

        var pairs: [RawPairLookup] = []
        for (table, inGPOS) in [(gsub, false), (gpos, true)] {
            let indices = lookups(inGPOS ? gposTag : gsubTag)
            guard !indices.isEmpty else { continue }
            guard let list = table.offset(8, from: 0) else { return nil }
            for index in indices {
                let lookupIndex = index
                guard let lookup = table.offset(list + 2 + 2 * index, from: list),
                      let type = table.u16(lookup), let lookupFlag = table.u16(lookup + 2),
                      let count = table.u16(lookup + 4) else { return nil }
                // Subtables, extensions resolved: (offset, type, format).
                var subtables: [(st: Int, type: Int, format: Int)] = []
                for s in 0..<count {
                    guard var st = table.offset(lookup + 6 + 2 * s, from: lookup), let format = table.u16(st) else { return nil }
                    var subType = type
                    if (inGPOS && type == 9) || (!inGPOS && type == 7) {
                        guard format == 1, let ext = table.u16(st + 2), let off = table.u32(st + 4) else { return nil }
                        subType = ext
                        st += off
                    }
                    guard let f = table.u16(st) else { return nil }
                    subtables.append((st, subType, f))
                }
                // Skipping base glyphs or ligatures would change which glyphs are neighbours: such
                // lookups are not modelled (their glyphs go to HarfBuzz).
                let skipsBases = lookupFlag & 0x0006 != 0
                if inGPOS && !skipsBases && !subtables.isEmpty && subtables.allSatisfy({ $0.type == 2 }) {
                    let entry: (RawPairLookup, [Int])
                    if let cached = pairCache[index] {
                        entry = cached
                    } else {
                        var bail: [Int] = []
                        guard let compiled = compilePairLookup(gpos, subtables.map { ($0.st, $0.format) },
                                                               glyphCount: glyphCount, bail: &bail) else { return nil }
                        entry = (flatten(compiled, memory: &memory), bail)
                        pairCache[index] = entry
                    }
                    for g in entry.1 { flags[g] = DirectShaper.harfBuzz }
                    pairs.append(entry.0)
                    continue
                }
                for (st, subType, f) in subtables {
                    let isContext = inGPOS ? subType == 7 : subType == 5
                    let isChain = inGPOS ? subType == 8 : subType == 6
                    let primary: Int?
                    if isContext && f == 3 {
                        primary = table.offset(st + 6, from: st)
                    } else if isChain && f == 3 {
                        guard let bt = table.u16(st + 2) else { return nil }
                        primary = table.offset(st + 4 + 2 * bt + 2, from: st)
                    } else {
                        primary = table.offset(st + 2, from: st)
                    }
                    guard let coverage = primary else { return nil }
                    let kind: Check.Kind? =
                        isContext ? .context : isChain ? .chainContext : (!inGPOS && subType == 4 && f == 1) ? .ligature : nil
                    if let kind, !skipsBases, (1...3).contains(f) {
                        if kind == .ligature {
                            // Ligatures it may form become reachable too.
                            guard collectLigatures(table, st, into: &ligatureGlyphs) else { return nil }
                        }
                        let ok = mark(table, coverage: coverage, DirectShaper.check) { index in
                            Check(kind: kind, inGPOS: inGPOS, lookup: Int32((inGPOS ? 0x10000 : 0) + lookupIndex),
                                  format: UInt8(f), subtable: Int32(st), coverageIndex: Int32(index))
                        }
                        guard ok else { return nil }
                    } else {
                        // Single, multiple, alternate, reverse-chaining substitution; single,
                        // cursive or mark positioning: whatever it does, HarfBuzz does it.
                        guard mark(table, coverage: coverage, DirectShaper.harfBuzz, check: nil) else { return nil }
                    }
                }
            }
        }

        // Rules that can never match in a run shaped here (they need a mark, say, after the
        // glyph) are dropped; a glyph left with no rules to check is plain.
        var canAppear = reachable
        for g in ligatureGlyphs where g < glyphCount { canAppear[g] = true }
        var satisfiable = Satisfiable(flags: flags, reachable: canAppear, glyphCount: glyphCount)
        checkList = checkList.filter { entry in
            guard satisfiable.glyph(entry.glyph) else { return false }  // never in a run shaped here
            return entry.check.kind == .ligature
                || satisfiable.canMatch(entry.check.inGPOS ? gpos : gsub, entry.check, glyph: entry.glyph)
        }
        var stillChecked = [Bool](repeating: false, count: glyphCount)
        for (g, _) in checkList { stillChecked[g] = true }
        for g in 0..<glyphCount where flags[g] == DirectShaper.check && !stillChecked[g] { flags[g] = DirectShaper.plain }

        // Checks as a CSR table over glyphs, in the order they were found (stable).
        var start = [Int32](repeating: 0, count: checkList.isEmpty ? 0 : glyphCount + 1)
        var checks: [Check] = []
        if !checkList.isEmpty {
            for (g, _) in checkList { start[g + 1] += 1 }
            for g in 0..<glyphCount { start[g + 1] += start[g] }
            var fill = start
            checks = [Check](repeating: checkList[0].check, count: checkList.count)
            for (g, c) in checkList {
                checks[Int(fill[g])] = c
                fill[g] += 1
            }
        }
        let checkLookups = Set(checkList.map(\.check.lookup)).sorted()
        return Plan(flags: flags, checkStart: start, checks: checks, checkLookups: checkLookups, pairs: pairs)
    }

    /// Flattens one pair lookup's subtables. Subtables this path cannot evaluate exactly (a
    /// second value record, unsorted pairs, an unknown format) put their first glyphs in `bail`
    /// and are left out. Returns nil when a subtable cannot be read at all.
    private static func compilePairLookup(_ t: OpenTypeTable, _ subtables: [(Int, Int)], glyphCount: Int,
                                          bail: inout [Int]) -> PairLookup? {
        var compiled: [PairSubtable] = []
        var list: [(glyph: Int, entry: PairEntry)] = []
        for (st, format) in subtables {
            guard let coverage = t.offset(st + 2, from: st), let vf1 = t.u16(st + 4), let vf2 = t.u16(st + 6) else { return nil }
            let len1 = (vf1 & 0xFF).nonzeroBitCount, len2 = (vf2 & 0xFF).nonzeroBitCount
            let xAdvance: Int? = vf1 & 4 != 0 ? (vf1 & 3).nonzeroBitCount : nil
            let usable = vf2 == 0 && (format == 1 || format == 2)
            if !usable {
                guard t.forEachCovered(coverage, glyphCount: glyphCount, { g, _ in bail.append(g) }) else { return nil }
                continue
            }
            let recordSize = 2 * (len1 + len2)
            let index = Int32(compiled.count)
            if format == 1 {
                var table = PairSubtable(format: 1)
                var sorted = true
                var failed = false
                var entries: [(Int, PairEntry)] = []
                let ok = t.forEachCovered(coverage, glyphCount: glyphCount) { g, ci in
                    guard !failed, let set = t.offset(st + 10 + 2 * ci, from: st), let n = t.u16(set) else {
                        failed = true
                        return
                    }
                    let a = Int32(table.secondGlyphs.count)
                    var previous = -1
                    for r in 0..<n {
                        let rec = set + 2 + r * (2 + recordSize)
                        guard let second = t.u16(rec) else { failed = true; return }
                        var v = 0
                        if let x = xAdvance {
                            guard let value = t.i16(rec + 2 + 2 * x) else { failed = true; return }
                            v = value
                        }
                        if second <= previous { sorted = false }
                        previous = second
                        table.secondGlyphs.append(UInt16(truncatingIfNeeded: second))
                        table.values.append(Int32(v))
                    }
                    entries.append((g, PairEntry(subtable: index, a: a, b: Int32(table.secondGlyphs.count))))
                }
                guard ok, !failed else { return nil }
                if !sorted {
                    for (g, _) in entries { bail.append(g) }
                    continue
                }
                compiled.append(table)
                list += entries.map { ($0.0, $0.1) }
            } else {
                guard let cd1 = t.offset(st + 8, from: st), let cd2 = t.offset(st + 10, from: st),
                      let c1 = t.u16(st + 12), let c2 = t.u16(st + 14),
                      let class1 = t.classArray(cd1, glyphCount: glyphCount),
                      let class2 = t.classArray(cd2, glyphCount: glyphCount) else { return nil }
                var table = PairSubtable(format: 2)
                table.class2 = class2.map { Int($0) < c2 ? $0 : 0xFFFF }
                table.values = [Int32](repeating: 0, count: c1 * c2)
                if let x = xAdvance {
                    for k in 0..<(c1 * c2) {
                        guard let v = t.i16(st + 16 + k * recordSize + 2 * x) else { return nil }
                        table.values[k] = Int32(v)
                    }
                }
                var entries: [(Int, PairEntry)] = []
                guard t.forEachCovered(coverage, glyphCount: glyphCount, { g, _ in
                    let k1 = Int(class1[g])
                    if k1 < c1 { entries.append((g, PairEntry(subtable: index, a: Int32(k1 * c2), b: 0))) }
                }) else { return nil }
                compiled.append(table)
                list += entries.map { ($0.0, $0.1) }
            }
        }
        var start = [Int32](repeating: 0, count: glyphCount + 1)
        for (g, _) in list { start[g + 1] += 1 }
        for g in 0..<glyphCount { start[g + 1] += start[g] }
        var fill = start
        var entries = [PairEntry](repeating: PairEntry(subtable: 0, a: 0, b: 0), count: list.count)
        for (g, e) in list {
            entries[Int(fill[g])] = e
            fill[g] += 1
        }
        return PairLookup(start: start, entries: entries, subtables: compiled)
    }

    /// Appends the ligature glyphs of the ligature substitution subtable at `st`; false when it
    /// cannot be read.
    private static func collectLigatures(_ t: OpenTypeTable, _ st: Int, into out: inout [Int]) -> Bool {
        guard let sets = t.u16(st + 4) else { return false }
        for k in 0..<sets {
            guard let set = t.offset(st + 6 + 2 * k, from: st) else { continue }
            guard let count = t.u16(set) else { return false }
            for l in 0..<count {
                guard let lig = t.offset(set + 2 + 2 * l, from: set), let glyph = t.u16(lig) else { return false }
                out.append(glyph)
            }
        }
        return true
    }

    /// Decides, when a plan is compiled, whether a context rule could ever match in a run shaped
    /// here, i.e. in glyphs none of which is flagged `harfBuzz`. Unreadable tables: "could".
    struct Satisfiable {
        let flags: [UInt8]
        let glyphCount: Int
        private var classes: [Int: [Bool]?] = [:]
        private var coverages: [Int: Bool] = [:]

        /// Whether a glyph can be in a run shaped here at all (a simple character's glyph, or a
        /// ligature that may form).
        let reachable: [Bool]

        init(flags: [UInt8], reachable: [Bool], glyphCount: Int) {
            self.flags = flags
            self.reachable = reachable
            self.glyphCount = glyphCount
        }

        /// Whether the glyph may appear in a run shaped here.
        func glyph(_ g: Int) -> Bool { g < glyphCount && reachable[g] && flags[g] != DirectShaper.harfBuzz }

        /// Whether some glyph of class `c` in the ClassDef at `def` (nil: no ClassDef) may appear.
        mutating func glyphClass(_ t: OpenTypeTable, _ def: Int?, _ c: Int) -> Bool {
            guard let def else { return c == 0 }
            if classes[def] == nil {
                if let array = t.classArray(def, glyphCount: glyphCount) {
                    var present = [Bool](repeating: false, count: Int(array.max() ?? 0) + 1)
                    for g in 0..<glyphCount where reachable[g] && flags[g] != DirectShaper.harfBuzz { present[Int(array[g])] = true }
                    classes[def] = .some(present)
                } else {
                    classes[def] = .some(nil)
                }
            }
            guard let known = classes[def], let present = known else { return true }
            return c < present.count && present[c]
        }

        /// Whether some glyph of the Coverage at `at` may appear.
        mutating func coverage(_ t: OpenTypeTable, _ at: Int?) -> Bool {
            guard let at else { return true }
            if let known = coverages[at] { return known }
            var any = false
            let ok = t.forEachCovered(at, glyphCount: glyphCount) { g, _ in
                if reachable[g] && flags[g] != DirectShaper.harfBuzz { any = true }
            }
            coverages[at] = !ok || any
            return !ok || any
        }

        /// Whether some rule of `check` (at `glyph`) could match.
        mutating func canMatch(_ t: OpenTypeTable, _ check: Check, glyph: Int) -> Bool {
            let st = Int(check.subtable), ci = Int(check.coverageIndex)
            let chained = check.kind == .chainContext
            switch check.format {
            case 1:
                guard let set = t.offset(st + 6 + 2 * ci, from: st) else { return t.u16(st + 6 + 2 * ci) == nil }
                guard let count = t.u16(set) else { return true }
                for r in 0..<count {
                    guard let rule = t.offset(set + 2 + 2 * r, from: set) else { return true }
                    guard let ok = ruleCanMatch(t, rule, chained: chained, { s, t, o in t.u16(o).map { s.glyph($0) } },
                                                { s, t, o in t.u16(o).map { s.glyph($0) } },
                                                { s, t, o in t.u16(o).map { s.glyph($0) } }) else { return true }
                    if ok { return true }
                }
                return false
            case 2:
                let bt = chained ? t.offset(st + 4, from: st) : nil
                let input = t.offset(st + (chained ? 6 : 4), from: st)
                let la = chained ? t.offset(st + 8, from: st) : nil
                let setsAt = st + (chained ? 12 : 8)
                guard let inputDef = input, let cls = t.glyphClass(inputDef, glyph),
                      let setCount = t.u16(setsAt - 2) else { return true }
                guard cls < setCount else { return false }
                guard let set = t.offset(setsAt + 2 * cls, from: st) else { return t.u16(setsAt + 2 * cls) == nil }
                guard let count = t.u16(set) else { return true }
                for r in 0..<count {
                    guard let rule = t.offset(set + 2 + 2 * r, from: set) else { return true }
                    guard let ok = ruleCanMatch(t, rule, chained: chained,
                                                { s, t, o in t.u16(o).map { s.glyphClass(t, bt, $0) } },
                                                { s, t, o in t.u16(o).map { s.glyphClass(t, input, $0) } },
                                                { s, t, o in t.u16(o).map { s.glyphClass(t, la, $0) } }) else { return true }
                    if ok { return true }
                }
                return false
            case 3:
                if !chained {
                    guard let count = t.u16(st + 2) else { return true }
                    for k in 1..<max(count, 1) where !coverage(t, t.offset(st + 6 + 2 * k, from: st)) { return false }
                    return true
                }
                guard let bt = t.u16(st + 2) else { return true }
                let inAt = st + 4 + 2 * bt
                guard let input = t.u16(inAt) else { return true }
                let laAt = inAt + 2 + 2 * input
                guard let la = t.u16(laAt) else { return true }
                for k in 0..<bt where !coverage(t, t.offset(st + 4 + 2 * k, from: st)) { return false }
                for k in 1..<max(input, 1) where !coverage(t, t.offset(inAt + 2 + 2 * k, from: st)) { return false }
                for k in 0..<la where !coverage(t, t.offset(laAt + 2 + 2 * k, from: st)) { return false }
                return true
            default:
                return true
            }
        }

        /// Whether every position of the rule at `rule` could be filled (nil: unreadable).
        private mutating func ruleCanMatch(_ t: OpenTypeTable, _ rule: Int, chained: Bool,
                                           _ bt: (inout Satisfiable, OpenTypeTable, Int) -> Bool?,
                                           _ input: (inout Satisfiable, OpenTypeTable, Int) -> Bool?,
                                           _ la: (inout Satisfiable, OpenTypeTable, Int) -> Bool?) -> Bool? {
            var o = rule
            if chained {
                guard let n = t.u16(o) else { return nil }
                o += 2
                for k in 0..<n {
                    guard let ok = bt(&self, t, o + 2 * k) else { return nil }
                    if !ok { return false }
                }
                o += 2 * n
            }
            guard let inCount = t.u16(o), inCount >= 1 else { return nil }
            o += chained ? 2 : 4
            for k in 0..<(inCount - 1) {
                guard let ok = input(&self, t, o + 2 * k) else { return nil }
                if !ok { return false }
            }
            o += 2 * (inCount - 1)
            if chained {
                guard let n = t.u16(o) else { return nil }
                o += 2
                for k in 0..<n {
                    guard let ok = la(&self, t, o + 2 * k) else { return nil }
                    if !ok { return false }
                }
            }
            return true
        }
    }

    /// Whether HarfBuzz finds a GPOS `kern` feature for these properties (if not, and the font
    /// has a legacy `kern` table, HarfBuzz applies that table instead).
    private static func hasGPOSKern(_ face: OpaquePointer, _ props: hb_segment_properties_t) -> Bool {
        let gposTag: hb_tag_t = 0x4750_4F53
        var scriptTags = [hb_tag_t](repeating: 0, count: 8), languageTags = [hb_tag_t](repeating: 0, count: 8)
        var scriptCount: UInt32 = 8, languageCount: UInt32 = 8
        hb_ot_tags_from_script_and_language(props.script, props.language, &scriptCount, &scriptTags,
                                            &languageCount, &languageTags)
        var scriptIndex: UInt32 = 0, chosen: hb_tag_t = 0
        hb_ot_layout_table_select_script(face, gposTag, scriptCount, &scriptTags, &scriptIndex, &chosen)
        var languageIndex: UInt32 = 0
        hb_ot_layout_script_select_language(face, gposTag, scriptIndex, languageCount, &languageTags, &languageIndex)
        var feature: UInt32 = 0
        return hb_ot_layout_language_find_feature(face, gposTag, scriptIndex, languageIndex, 0x6B65_726E, &feature) != 0
    }
}
