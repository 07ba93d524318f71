internal import CHarfBuzz

/// Compiling a script's shape plan: which glyphs are plain, checked or HarfBuzz's, the context
/// rules to check, and the pair lookups flattened for the shaper.
extension DirectShaper {
    static func compilePlan(face: OpaquePointer, script: UInt32, gdefFlags: [UInt8], reachable: [Bool], glyphCount: Int,
                                    gsub: OpenTypeTable, gpos: OpenTypeTable, hasLegacyKern: Bool,
                                    pairCache: inout [Int: (RawPairLookup, [Int])],
                                    memory: inout [UnsafeMutableRawPointer]) -> Plan? {
        var props = hb_segment_properties_t()
        props.direction = isRightToLeft(script) ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
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
        // A joining script (Arabic): its form lookups become tables (`compileJoining`), the glyphs
        // they give can appear in a run, and the lookups of earlier stages are checked first.
        var reachable = reachable
        var joining: Joining? = nil
        if script == HB_SCRIPT_ARABIC.rawValue {
            guard let j = compileJoining(face: face, props: props, gsub: gsub, glyphCount: glyphCount, reachable: reachable) else {
                return nil
            }
            for g in j.outputs { reachable[g] = true }
            joining = j
        }

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
            let indices = lookups(inGPOS ? gposTag : gsubTag).filter { inGPOS || joining?.formLookups.contains($0) != true }
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
        // Checked lookups in the order HarfBuzz applies them: by index, except that a joining
        // script's earlier stages come before its forms and the rest after.
        let checked = Set(checkList.map(\.check.lookup)).sorted()
        let pre = checked.filter { $0 < 0x10000 && joining?.preFormLookups.contains(Int($0)) == true }
        let checkLookups = pre + checked.filter { !pre.contains($0) }
        return Plan(flags: flags, checkStart: start, checks: checks, checkLookups: checkLookups, pairs: pairs,
                    forms: joining?.forms ?? [], preFormChecks: pre.count)
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

    /// Whether every offset of a GSUB or GPOS table's lists (scripts, language systems,
    /// features, lookups, subtables) points inside it. HarfBuzz's sanitizer neuters an offset that
    /// does not (on a copy of the table it then uses), so the raw bytes read here would no longer
    /// be what HarfBuzz shapes with: the font fuzzer found a script record pointing past the table
    /// that left HarfBuzz without ligatures the direct shaper still made. Such a font is left to
    /// HarfBuzz entirely.
    static func offsetsInside(_ t: OpenTypeTable) -> Bool {
        guard t.count > 0 else { return true }
        func inside(_ o: Int?) -> Bool { o.map { $0 >= 0 && $0 < t.count } ?? true }  // nil: a 0 offset (absent)
        // A list of `count` records of `size` bytes from `first`, each with an offset at `field`
        // (from `base`): every record in the table and every offset inside it; returns them.
        func records(_ first: Int, size: Int, field: Int, base: Int) -> [Int]? {
            guard let n = t.u16(first - 2), t.fits(first, count: n, size: size) else { return nil }
            var out: [Int] = []
            for k in 0..<n {
                let o = t.offset(first + size * k + field, from: base)
                guard inside(o) else { return nil }
                if let o { out.append(o) }
            }
            return out
        }
        guard let scriptList = t.offset(4, from: 0), let featureList = t.offset(6, from: 0), let lookupList = t.offset(8, from: 0),
              inside(scriptList), inside(featureList), inside(lookupList) else { return t.u16(0) == nil ? false : true }
        guard let scripts = records(scriptList + 2, size: 6, field: 4, base: scriptList),
              let features = records(featureList + 2, size: 6, field: 4, base: featureList),
              let featureCount = t.u16(featureList), let lookupCount = t.u16(lookupList) else { return false }
        // Indices too: a language system's features and a feature's lookups must exist (HarfBuzz
        // skips an index past the end; the direct shaper would read whatever is there).
        func indices(_ first: Int, below limit: Int) -> Bool {
            guard let n = t.u16(first - 2), t.fits(first, count: n, size: 2) else { return false }
            for k in 0..<n { guard let i = t.u16(first + 2 * k), i < limit else { return false } }
            return true
        }
        func langSys(_ at: Int) -> Bool {
            guard let required = t.u16(at + 2), required == 0xFFFF || required < featureCount else { return false }
            return indices(at + 6, below: featureCount)
        }
        for script in scripts {
            let defaultLangSys = t.offset(script, from: script)
            guard inside(defaultLangSys), let systems = records(script + 4, size: 6, field: 4, base: script) else { return false }
            for ls in systems + (defaultLangSys.map { [$0] } ?? []) where !langSys(ls) { return false }
        }
        for feature in features where !indices(feature + 4, below: lookupCount) { return false }
        guard let lookups = records(lookupList + 2, size: 2, field: 0, base: lookupList) else { return false }
        for lookup in lookups {
            guard records(lookup + 6, size: 2, field: 0, base: lookup) != nil else { return false }
        }
        return true
    }
}
