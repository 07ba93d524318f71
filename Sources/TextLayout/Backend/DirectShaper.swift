internal import CHarfBuzz

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
    /// The scripts shaped here. HarfBuzz uses its default shaper for all but Hebrew and Arabic
    /// (whose joining forms are compiled as `DirectShaper+Joining.swift` says); its Hebrew
    /// shaper differs from the default only for marks (composition into presentation forms, mark
    /// order and fallback mark positions), and marks are never shaped here. A right-to-left run
    /// (Hebrew) goes through GSUB and GPOS in logical order, as HarfBuzz applies them (it reverses
    /// the glyphs only after positioning), so the same code serves both directions; what differs
    /// is the plan (collected for right to left) and mirroring — HarfBuzz replaces a
    /// Bidi_Mirrored character of a right-to-left run by its mirror, so those characters are
    /// HarfBuzz's in a right-to-left plan.
    static let scripts: [UInt32] = [
        HB_SCRIPT_LATIN.rawValue, HB_SCRIPT_HAN.rawValue, HB_SCRIPT_CYRILLIC.rawValue,
        HB_SCRIPT_GREEK.rawValue, HB_SCRIPT_HIRAGANA.rawValue, HB_SCRIPT_KATAKANA.rawValue,
        HB_SCRIPT_HEBREW.rawValue, HB_SCRIPT_ARABIC.rawValue,
    ]

    /// Whether `script` shapes right to left (HarfBuzz's direction for it, as `FontFace.shape` uses).
    static func isRightToLeft(_ script: UInt32) -> Bool {
        hb_script_get_horizontal_direction(hb_script_t(rawValue: script)) == HB_DIRECTION_RTL
    }

    let glyphCount: Int
    /// The glyph of each BMP code point the cmap maps (0: none).
    private let cmap: [UInt16]
    /// Per BMP code point, everything the common case reads, in one word (one cache line per
    /// character — with varied text, cache misses on separate tables cost more than the rest):
    /// the glyph (bits 0–15), its advance (16–31) and, for each plan p from bit 32 + 3p, its flag
    /// (2 bits) and whether any of the plan's pair lookups kerns it as a first glyph (1 bit);
    /// 0 for a code point this path never shapes (not simple, or no glyph).
    let records: UnsafeMutablePointer<UInt64>
    /// Each glyph's advance (font units, as HarfBuzz reads hmtx).
    private let advances: [Int32]
    /// One plan per entry of `scripts` (nil: that script always goes to HarfBuzz).
    let plans: [Plan?]
    /// `plans` without reference counting, for the shaper's hot path (`plans` keeps them alive).
    private let borrowedPlans: [Unmanaged<Plan>?]
    let gsub: OpenTypeTable
    let gpos: OpenTypeTable
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
        /// The sum of `pairs`' adjustments for every pair of glyphs below `kernBound` (the
        /// Latin letters of most fonts), row by first glyph: one load instead of a walk through
        /// the lookups, with no branch on the text. Empty when there are no pairs, or when a sum
        /// does not fit 16 bits.
        let kerns: [Int16]
        let kernBound: Int

        /// Glyphs below this get `kerns` (a 32 KiB table per plan).
        static let kernTableBound = 128

        /// A joining script's forms (see `DirectShaper+Joining.swift`): for form f (isolated,
        /// final, medial, initial) the glyph its lookups make of glyph g, `forms[f * glyphCount + g]`.
        /// Empty for a script without joining.
        let forms: [UInt16]
        /// How many of `checkLookups` come before the joining forms (HarfBuzz's earlier stages).
        let preFormChecks: Int

        init(flags: [UInt8], checkStart: [Int32], checks: [Check], checkLookups: [Int32], pairs: [RawPairLookup],
             forms: [UInt16] = [], preFormChecks: Int = 0) {
            self.forms = forms
            self.preFormChecks = preFormChecks
            self.flags = flags
            self.checkStart = checkStart
            self.checks = checks
            self.checkLookups = checkLookups
            self.pairs = pairs
            let bound = Swift.min(flags.count, Self.kernTableBound)
            var table = [Int16]()
            if !pairs.isEmpty && bound > 0 {
                table = Array(repeating: 0, count: bound * bound)
                fill: for first in 0..<bound {
                    for second in 0..<bound {
                        var sum: Int32 = 0
                        for lookup in pairs { sum &+= DirectShaper.adjustment(lookup, first, second) }
                        guard let v = Int16(exactly: sum) else {
                            table = []
                            break fill
                        }
                        table[first * bound + second] = v
                    }
                }
            }
            kerns = table
            kernBound = table.isEmpty ? 0 : bound
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
            guard Int(hb_ot_layout_table_get_lookup_count(face, t)) == ours, DirectShaper.offsetsInside(raw) else {
                // A failed initialiser runs no deinit: the table blobs are released here (the
                // font fuzzer found them leaking for fonts whose GSUB or GPOS HarfBuzz drops).
                for blob in blobs { hb_blob_destroy(blob) }
                return nil
            }
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
        borrowedPlans = compiled.map { $0.map { Unmanaged.passUnretained($0) } }
        pairMemory = memory
        let records = UnsafeMutablePointer<UInt64>.allocate(capacity: 65_536)
        records.initialize(repeating: 0, count: 65_536)
        let rightToLeft = DirectShaper.scripts.map(DirectShaper.isRightToLeft)
        let unicode = hb_unicode_funcs_get_default()
        for c in 0..<65_536 where cmap[c] != 0 && DirectShaper.isSimple(c) {
            let g = Int(cmap[c])
            guard advances[g] >= 0 && advances[g] <= 0xFFFF else { continue }
            var r = UInt64(g) | UInt64(advances[g]) << 16
            // HarfBuzz mirrors this character in a right-to-left run (`hb_ot_mirror_chars`).
            let mirrored = hb_unicode_mirroring(unicode, hb_codepoint_t(c)) != hb_codepoint_t(c)
            for (p, plan) in compiled.enumerated() {
                let flag = mirrored && rightToLeft[p] ? DirectShaper.harfBuzz : plan?.flags[g] ?? DirectShaper.harfBuzz
                r |= UInt64(flag) << UInt64(32 + 3 * p)
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

    /// `wordTraitsTable()`, made once per shaper (`DirectShaper+Words.swift`).
    let wordTraits = Locked<[UInt8]?>(nil)
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
        /// Shaped, one glyph per code unit, and written in ems to the `Ems` given (not to `packed`).
        case stored
    }

    /// Where a simple run's advances go in ems (`advances[k]`, and `adjust[k]` the kerning a line
    /// end after code unit k takes back), scaled by `scale` (1 / units per em: exact only for a
    /// power of two, which is when it is used).
    struct Ems {
        var advances: UnsafeMutablePointer<Double>
        var adjust: UnsafeMutablePointer<Double>
        var scale: Double
    }

    /// Shapes `text[range]` (one code unit per cluster, one font, `script`) if it is simple,
    /// writing what `FontFace.shape` would write into `packed` (2 × `range.count` values, laid
    /// out as `ShapedRun.packed`; the unsafe-to-break bit is not set).
    func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, script: UInt32,
               packed out: UnsafeMutablePointer<Int32>, ems: Ems? = nil) -> Outcome {
        // The plan of `script`: Latin (0) or Han (1) chosen without a jump (their runs alternate in
        // mixed text), the others by a fixed number of compares.
        var planIndex = -1
        DirectShaper.scripts.withUnsafeBufferPointer { scripts in
            let latin = script == scripts[0], han = script == scripts[1]
            if _fastPath(latin || han) {
                planIndex = han ? 1 : 0
                return
            }
            for i in 2..<scripts.count {
                let hit = scripts[i] == script ? 1 : 0
                planIndex = planIndex &+ (i &- planIndex) &* (hit & Int(bitPattern: UInt(bitPattern: planIndex) >> 63))
            }
        }
        guard planIndex >= 0, let borrowed = borrowedPlans[planIndex] else { return .harfBuzz }
        guard range.count > 0 else { return .simple }
        // The plan lives as long as the shaper: no retain and release per run.
        return borrowed._withUnsafeGuaranteedRef { plan in
            shape(text, range: range, plan: plan, planIndex: planIndex, packed: out, ems: ems)
        }
    }

    /// `shape(_:range:script:packed:)` with the script's plan.
    private func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, plan: Plan, planIndex: Int,
                       packed out: UnsafeMutablePointer<Int32>, ems: Ems?) -> Outcome {
        let n = range.count
        if !plan.forms.isEmpty { return shapeJoining(text, range: range, plan: plan, planIndex: planIndex, packed: out) }
        let shift = UInt64(32 + 3 * planIndex)
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: n) { items -> Outcome in
            // Each character's record: glyph and advance, and whether the plan lets it through.
            // What the characters need, gathered as bits (which characters need a check or
            // HarfBuzz follows no pattern: no jump per character).
            // The flags or-ed (plain is 0, check 1, HarfBuzz 2: bit 0 says a check, bit 1 HarfBuzz),
            // and whether a character has no record; each record kept whole (glyph, advance << 16,
            // the plans' bits from 32), read where it is needed.
            assert(DirectShaper.plain == 0 && DirectShaper.check == 1 && DirectShaper.harfBuzz == 2)
            var flags: UInt64 = 0, missing: UInt64 = 0
            for k in 0..<n {
                let r = records[Int(text[range.lowerBound + k])]
                // Masking shifts (&>>): the shift is below 64, and Swift's checked shifts add a compare.
                flags |= r &>> shift
                missing |= UInt64(truncatingIfNeeded: (r == 0 ? 1 : 0) as UInt8)
                items[k] = r
            }
            if (flags & UInt64(DirectShaper.harfBuzz)) | missing != 0 { return .harfBuzz }
            let needsCheck = flags & UInt64(DirectShaper.check) != 0
            if needsCheck && !noRuleMatches(plan, UnsafeBufferPointer(items), shift: shift) {
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
            let bound = plan.kernBound
            plan.pairs.withUnsafeBufferPointer { pairs in
                plan.kerns.withUnsafeBufferPointer { table in
                    for j in 0..<n {
                        let item = items[j]
                        let g = Int(item & 0xFFFF)
                        var kern: Int32 = 0
                        if j + 1 < n {
                            let next = Int(items[j + 1] & 0xFFFF)
                            if g < bound && next < bound {
                                kern = Int32(table[g &* bound &+ next])
                            } else if (item &>> (shift + 2)) & 1 != 0 {  // only glyphs some pair lookup covers kern
                                for lookup in pairs { kern &+= DirectShaper.adjustment(lookup, g, next) }
                            }
                        }
                        let advance = Int32(truncatingIfNeeded: item >> 16 & 0xFFFF) &+ kern
                        if let ems {  // as Preparer converts `packed`: advance and the kerning taken back, in ems
                            ems.advances[j] = Double(advance) * ems.scale
                            ems.adjust[j] = -Double(kern) * ems.scale
                        } else {
                            out[2 * j] = advance
                            out[2 * j + 1] = kern << 2 | 1
                        }
                    }
                }
            }
            return ems == nil ? .simple : .stored
        }
    }

    /// Whether no rule of the plan's checked lookups matches anywhere in the run (`items`, as
    /// `shape` makes them): then `substitute` would leave every glyph as it is and report the run
    /// simple, and the common case may position it. Each `check` glyph's subtables are matched
    /// against the run as it is — which is the run every lookup sees when none of them changes
    /// anything. False as soon as one ligature forms, one context rule may apply or a table cannot
    /// be read (`substitute` then decides, lookup by lookup). A run of Latin text with an "f" in
    /// it (a ligature's first glyph in most fonts) forms no ligature far more often than it does.
    private func noRuleMatches(_ plan: Plan, _ items: UnsafeBufferPointer<UInt64>, shift: UInt64) -> Bool {
        let n = items.count
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: n) { glyphs -> Bool in
            for k in 0..<n { glyphs[k] = UInt16(truncatingIfNeeded: items[k]) }
            let run = UnsafeBufferPointer(glyphs)
            for i in 0..<n {
                let g = Int(glyphs[i])
                guard plan.flags[g] == DirectShaper.check else { continue }
                for c in Int(plan.checkStart[g])..<Int(plan.checkStart[g + 1]) {
                    let check = plan.checks[c]
                    if check.kind == .ligature {
                        guard let match = ligature(check, run, i), match.components == 0 else { return false }
                    } else if mayApply(check, run, i) {
                        return false
                    }
                }
            }
            return true
        }
    }

    /// Runs the plan's checked lookups in order over `glyphs[0 ..< count]`: ligatures form (the
    /// glyphs and their clusters close up, `count` shrinks); any other rule that matches makes the
    /// run HarfBuzz's (false).
    ///
    /// Linear in the run: each lookup reads at `i` and writes at `w ≤ i` (a ligature leaves a gap
    /// between them rather than shifting the rest of the run, which made a 10 MB paragraph of
    /// prose quadratic: 70 s). A ligature reads forward only, so the gap does not matter to it; a
    /// contextual rule may read backward, so the gap is closed before one is tried — bounded by a
    /// budget, past which the run goes to HarfBuzz (linear, and the same answer).
    func substitute(_ plan: Plan, lookups: Range<Int>? = nil, _ glyphs: UnsafeMutablePointer<UInt16>,
                            _ clusters: UnsafeMutablePointer<Int32>, _ count: inout Int) -> Bool {
        var budget = 8 * count + 65_536
        for lookup in plan.checkLookups[lookups ?? plan.checkLookups.indices] {
            var i = 0, w = 0, n = count
            while i < n {
                let g = Int(glyphs[i])
                var output = glyphs[i], consumed = 1
                if plan.flags[g] == DirectShaper.check {
                    for c in Int(plan.checkStart[g])..<Int(plan.checkStart[g + 1]) where plan.checks[c].lookup == lookup {
                        let check = plan.checks[c]
                        if check.kind == .ligature {
                            guard let match = ligature(check, UnsafeBufferPointer(start: glyphs, count: n), i) else { return false }
                            guard match.components > 0 else { continue }  // no ligature of this subtable matches
                            // The ligature glyph must itself be plain or checked by later lookups.
                            guard match.glyph < glyphCount, plan.flags[match.glyph] != DirectShaper.harfBuzz else { return false }
                            output = UInt16(match.glyph)
                            consumed = match.components
                            break  // the first subtable that applies wins
                        }
                        if w < i {
                            // Close the gap: the rule's backtrack must see the glyphs as they now are.
                            budget -= n - i
                            guard budget >= 0 else { return false }
                            (glyphs + w).update(from: glyphs + i, count: n - i)
                            (clusters + w).update(from: clusters + i, count: n - i)
                            n -= i - w
                            i = w
                        }
                        if mayApply(check, UnsafeBufferPointer(start: glyphs, count: n), i) { return false }
                    }
                }
                glyphs[w] = output
                clusters[w] = clusters[i]
                w += 1
                i += consumed
            }
            count = w
        }
        return true
    }

    /// Advances and pair kerning of the final glyphs, written per code unit (`clusters[j]` is
    /// glyph j's first code unit; nil: glyph j is code unit j).
    @inline(__always)
    func position(_ plan: Plan, _ run: UnsafeBufferPointer<UInt16>, clusters: UnsafeMutablePointer<Int32>?,
                          units: Int, _ out: UnsafeMutablePointer<Int32>) {
        let m = run.count
        if clusters != nil { out.initialize(repeating: 0, count: 2 * units) }
        let bound = plan.kernBound
        advances.withUnsafeBufferPointer { advances in
        plan.pairs.withUnsafeBufferPointer { pairs in
        plan.kerns.withUnsafeBufferPointer { table in
            for j in 0..<m {
                let g = Int(run[j])
                var kern: Int32 = 0
                if j + 1 < m {
                    let next = Int(run[j + 1])
                    if g < bound && next < bound {
                        kern = Int32(table[g &* bound &+ next])
                    } else {
                        for lookup in pairs { kern &+= DirectShaper.adjustment(lookup, g, next) }
                    }
                }
                let u = clusters.map { Int($0[j]) } ?? j
                out[2 * u] = advances[g] &+ kern
                out[2 * u + 1] = kern << 2 | 1
            }
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
    fileprivate static func adjustment(_ lookup: RawPairLookup, _ first: Int, _ second: Int) -> Int32 {
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
}
